/// Turns the physical lines of a vCard file into logical content lines (RFC 6350 §3.2), remembering where each
/// one started so problems can be reported against the file the person actually has.
///
/// Works on UTF-8 bytes so that a fold placed in the middle of a multi-byte character by a careless writer still
/// joins back into valid text, and so that every step stays linear in the input size.
enum VCardLineUnfolder {
    struct Line {
        /// 1-based physical line where the logical line starts.
        let number: Int
        let bytes: [UInt8]
    }

    static func logicalLines(in bytes: ArraySlice<UInt8>) -> [Line] {
        var lines: [Line] = []
        var current: [UInt8] = []
        var currentNumber = 0
        var hasCurrent = false
        var isQuotedPrintable = false

        for (index, range) in physicalLineRanges(in: bytes).enumerated() {
            let physical = bytes[range]
            if hasCurrent {
                // vCard 2.1 quoted-printable values end a line with "=" when the value continues on the next one.
                if isQuotedPrintable, current.last == VCardASCII.equals {
                    current.removeLast()
                    current.append(contentsOf: physical)
                    continue
                }
                if let first = physical.first, first == VCardASCII.space || first == VCardASCII.tab {
                    current.append(contentsOf: physical.dropFirst())
                    continue
                }
                lines.append(Line(number: currentNumber, bytes: current))
            }
            current = Array(physical)
            currentNumber = index + 1
            hasCurrent = true
            isQuotedPrintable = declaresQuotedPrintable(physical)
        }
        if hasCurrent {
            lines.append(Line(number: currentNumber, bytes: current))
        }
        return lines
    }

    /// Ranges of the physical lines, split on LF, CRLF or a lone CR, without their terminators.
    private static func physicalLineRanges(in bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case VCardASCII.lineFeed:
                ranges.append(start..<index)
                start = index + 1
            case VCardASCII.carriageReturn:
                ranges.append(start..<index)
                if index + 1 < bytes.endIndex, bytes[index + 1] == VCardASCII.lineFeed {
                    index += 1
                }
                start = index + 1
            default:
                break
            }
            index += 1
        }
        ranges.append(start..<bytes.endIndex)
        return ranges
    }

    private static func declaresQuotedPrintable(_ physical: ArraySlice<UInt8>) -> Bool {
        let head = physical.prefix { $0 != VCardASCII.colon }
        return String(decoding: head, as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
    }
}
