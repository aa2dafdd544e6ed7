/// Where a streamed document's bytes come from: a file read in chunks, or bytes in memory.
public protocol XMLByteSource {
    /// Up to `maximum` more bytes of the document; an empty array at its end.
    mutating func read(maximum: Int) throws -> [UInt8]
}

/// A document already in memory, handed out in chunks like a file.
public struct XMLMemorySource: XMLByteSource {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public mutating func read(maximum: Int) throws -> [UInt8] {
        let end = min(bytes.count, position + max(0, maximum))
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

/// A streamed document turned into checked UTF-8, chunk by chunk: what `XMLEncoding` does for a
/// whole document, with the state a chunk boundary needs (half a UTF-8 sequence or UTF-16 pair
/// held back) and line numbers that count from the document's start.
struct XMLStreamInput {
    /// Raw bytes read per chunk.
    static let chunkBytes = 64 * 1024

    private var source: any XMLByteSource
    private let maximumBytes: Int
    private var encoding: XMLEncoding.Encoding?
    /// Raw bytes read but not yet decoded (the start of a sequence cut by a chunk's end).
    private var carry: [UInt8] = []
    private(set) var rawBytesRead = 0
    /// Whether the source is at its end and everything has been decoded.
    private(set) var isExhausted = false
    /// Line breaks in everything decoded so far, for the lines of encoding errors.
    private var linesDecoded = 0
    /// Whether the last decoded byte was a CR, whose LF may start the next chunk.
    private var endsWithCarriageReturn = false

    init(source: any XMLByteSource, maximumBytes: Int) {
        self.source = source
        self.maximumBytes = maximumBytes
    }

    /// Appends the next decoded chunk to `buffer` (possibly nothing when a chunk only held the
    /// start of a sequence); sets `isExhausted` at the end of the document.
    mutating func read(into buffer: inout [UInt8]) throws(XMLError) {
        guard !isExhausted else { return }
        var raw = carry
        carry = []
        var atEnd = false
        // The first chunk must hold the whole XML declaration to detect the encoding.
        repeat {
            let chunk = try next()
            if chunk.isEmpty { atEnd = true } else { raw += chunk }
        } while encoding == nil && !atEnd && raw.count < 4 * 1024
        if encoding == nil {
            let (detected, start) = try XMLEncoding.detect(raw)
            encoding = detected
            raw.removeFirst(min(start, raw.count))
        }
        let decoded = try decode(raw, final: atEnd)
        countLines(decoded)
        buffer.append(contentsOf: decoded)
        if atEnd { isExhausted = true }
    }

    private mutating func next() throws(XMLError) -> [UInt8] {
        let chunk: [UInt8]
        do {
            chunk = try source.read(maximum: Self.chunkBytes)
        } catch {
            throw .inputFailed(reason: "\(error)")
        }
        rawBytesRead += chunk.count
        guard rawBytesRead <= maximumBytes else { throw .tooLarge(byteCount: rawBytesRead, limit: maximumBytes) }
        return chunk
    }

    /// `raw` as checked UTF-8; unless `final`, a sequence cut by the end is kept for next time.
    private mutating func decode(_ raw: [UInt8], final: Bool) throws(XMLError) -> [UInt8] {
        let output: [UInt8]
        do {
            switch encoding ?? .utf8 {
            case .utf8:
                let cut = final ? raw.count : Self.completeUTF8Prefix(raw)
                carry = Array(raw[cut...])
                output = Array(raw[..<cut])
            case .utf16(let bigEndian):
                var cut = final ? raw.count : raw.count & ~1
                if !final, cut >= 2 {
                    // Keep a high surrogate with the low one that follows it.
                    let high = bigEndian ? raw[cut - 2] : raw[cut - 1]
                    if (0xD8...0xDB).contains(high) { cut -= 2 }
                }
                carry = Array(raw[cut...])
                output = try XMLEncoding.transcodeUTF16(Array(raw[..<cut]), from: 0, bigEndian: bigEndian)
            case .windows1252:
                output = XMLEncoding.transcodeWindows1252(raw[...])
            case .latin9:
                output = XMLEncoding.transcodeLatin9(raw[...])
            }
            try XMLEncoding.validate(output)
        } catch {
            throw error.shifted(by: linesDecoded)
        }
        return output
    }

    /// The length of the longest prefix of `bytes` that does not end inside a UTF-8 sequence.
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        // A sequence is at most 4 bytes: look back at most 3 for its lead byte.
        while index > 0, bytes.count - index < 3, bytes[index - 1] & 0xC0 == 0x80 { index -= 1 }
        guard index > 0 else { return bytes.count }
        let lead = bytes[index - 1]
        let length =
            switch lead {
            case 0xC0...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF7: 4
            default: 1
            }
        // Complete, or not a lead byte at all (validation reports it): nothing held back.
        return bytes.count - (index - 1) >= length ? bytes.count : index - 1
    }

    private mutating func countLines(_ decoded: [UInt8]) {
        guard !decoded.isEmpty else { return }
        var breaks = XMLByte.lineBreaks(in: decoded, 0..<decoded.count)
        // A CR that ended the last chunk was counted as a break; its LF here is the same one.
        if endsWithCarriageReturn, decoded.first == XMLByte.lineFeed { breaks -= 1 }
        linesDecoded += breaks
        endsWithCarriageReturn = decoded.last == XMLByte.carriageReturn
    }
}
