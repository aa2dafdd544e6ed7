public import Foundation

/// Reads the contacts out of a vCard file exported by a phone or address book (vCard 3.0 and 4.0, and 2.1 where
/// it is easy), so people can be imported into Remember.
///
/// Reading never fails as a whole: a malformed card is skipped and reported with the line where the problem
/// shows, and the other cards are still returned. Work is linear in the size of the input.
public struct VCardReader: Sendable {
    /// Cards whose embedded photo decodes to more bytes than this are skipped, so one huge picture cannot
    /// exhaust memory during an import.
    public let maximumPhotoBytes: Int

    public init(maximumPhotoBytes: Int = 10_000_000) {
        self.maximumPhotoBytes = maximumPhotoBytes
    }

    /// Every card in `text`; a malformed card is skipped whole and reported with its 1-based physical line and
    /// reason, and the others are still returned.
    public func read(_ text: String) -> VCardReadResult {
        read(VCardLineUnfolder.logicalLines(in: Self.droppingByteOrderMark(Array(text.utf8))))
    }

    /// Every card in `data`, which must be UTF-8 (with or without a byte order mark); anything else is reported
    /// as a single issue at line 1.
    public func read(_ data: Data) -> VCardReadResult {
        // Validated after unfolding, so a fold that a careless writer put inside a character is not an error.
        let lines = VCardLineUnfolder.logicalLines(in: Self.droppingByteOrderMark([UInt8](data)))
        if let badLine = lines.first(where: { !Self.isValidUTF8($0.bytes) }) {
            return VCardReadResult(issues: [VCardIssue(line: 1, error: .invalidUTF8(firstBadLine: badLine.number))])
        }
        return read(lines)
    }

    private enum LineKind {
        case begin, end, blank, content
    }

    private func read(_ lines: [VCardLineUnfolder.Line]) -> VCardReadResult {
        let decoder = VCardCardDecoder(maximumPhotoBytes: maximumPhotoBytes)
        var result = VCardReadResult()
        var cardBeginLine: Int?
        var cardLines: [VCardLineUnfolder.Line] = []
        var isStrayContentReported = false

        func finishCard(beginLine: Int) {
            do {
                result.cards.append(try decoder.card(from: cardLines, beginLine: beginLine))
            } catch {
                result.issues.append(VCardIssue(line: error.line, error: error.error))
            }
            cardLines.removeAll(keepingCapacity: true)
        }

        for line in lines {
            let kind = Self.kind(of: line.bytes)
            if let beginLine = cardBeginLine {
                switch kind {
                case .end:
                    finishCard(beginLine: beginLine)
                    cardBeginLine = nil
                case .begin:
                    // Most likely the previous card lost its END:VCARD; recover by starting over here.
                    result.issues.append(VCardIssue(line: line.number, error: .nestedBegin(outerCardLine: beginLine)))
                    cardLines.removeAll(keepingCapacity: true)
                    cardBeginLine = line.number
                case .blank:
                    continue
                case .content:
                    cardLines.append(line)
                }
            } else {
                switch kind {
                case .begin:
                    cardBeginLine = line.number
                    isStrayContentReported = false
                case .blank:
                    continue
                case .end, .content:
                    if !isStrayContentReported {
                        result.issues.append(VCardIssue(line: line.number, error: .contentOutsideCard))
                        isStrayContentReported = true
                    }
                }
            }
        }
        if let beginLine = cardBeginLine {
            result.issues.append(VCardIssue(line: beginLine, error: .missingEnd))
        }
        return result
    }

    private static func kind(of bytes: [UInt8]) -> LineKind {
        guard let first = bytes.firstIndex(where: { !VCardASCII.isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !VCardASCII.isWhitespace($0) })
        else { return .blank }
        let trimmed = bytes[first...last]
        // Only short lines can be BEGIN/END, so a huge line is never copied into a String here.
        guard trimmed.count <= 11 else { return .content }
        switch String(decoding: trimmed, as: UTF8.self).uppercased() {
        case "BEGIN:VCARD": return .begin
        case "END:VCARD": return .end
        default: return .content
        }
    }

    private static func droppingByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        return bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
    }

    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
