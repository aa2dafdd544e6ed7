/// A read position in a checked UTF-8 document, with the scanning steps the parser repeats.
///
/// Every step reads through `Array`'s bounds-checked subscript and tests `position` against
/// `bytes.count` first, so a parser bug shows up as a wrong error, never as a read out of
/// bounds. Scans move only forwards, so each byte is looked at a bounded number of times and
/// no input can make parsing quadratic.
///
/// For a streamed document `bytes` is a window: more is appended at the end and what has been
/// read is dropped from the front (``discard(before:)``), keeping line numbers counted from the
/// document's start.
struct ByteCursor {
    private(set) var bytes: [UInt8]
    var position = 0
    /// Bytes of the document dropped from the front of `bytes` so far.
    private(set) var discarded = 0
    /// The 1-based line `bytes[0]` is on.
    private var lineAtStart = 1

    /// Line numbers are needed for every start tag, but counting line breaks in every scanning
    /// loop would slow the loops that matter. Instead the count is brought forward from the
    /// last place it was asked for; the parser asks in document order, so the total work is
    /// one pass over the document.
    private var checkpoint = 0
    private var lineAtCheckpoint = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The byte at the read position, or nil at the end of the document.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The byte `offset` bytes after the read position, or nil past the end.
    func byte(at offset: Int) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func advance(by count: Int = 1) {
        position = min(position + count, bytes.count)
    }

    /// Whether the bytes at the read position are `literal`.
    func startsWith(_ literal: [UInt8]) -> Bool {
        guard bytes.count - position >= literal.count else { return false }
        for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte { return false }
        return true
    }

    /// The first index at or after the read position where `literal` begins.
    func find(_ literal: [UInt8]) -> Int? {
        guard let first = literal.first else { return nil }
        var index = position
        let lastStart = bytes.count - literal.count
        while index <= lastStart {
            if bytes[index] == first {
                var offset = 1
                while offset < literal.count, bytes[index + offset] == literal[offset] { offset += 1 }
                if offset == literal.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Moves past XML white space; tells whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, XMLByte.isWhitespace(bytes[position]) { position += 1 }
        return position > start
    }

    /// Moves past a name whose first byte the caller has checked, and returns its range.
    mutating func scanName() -> Range<Int> {
        let start = position
        advance()
        while position < bytes.count, XMLByte.isNameByte(bytes[position]) { position += 1 }
        return start..<position
    }

    /// Moves to the next byte that ends a run of plain character data: `<`, `&`, CR (which
    /// must become LF), or the end.
    mutating func skipCharacterData() {
        var index = position
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == XMLByte.lessThan || byte == XMLByte.ampersand || byte == XMLByte.carriageReturn { break }
            index += 1
        }
        position = index
    }

    /// Moves past a CR at the read position and the LF after it, if any: one line break.
    mutating func skipCarriageReturn() {
        advance()
        if current == XMLByte.lineFeed { advance() }
    }

    /// The 1-based line of `index`.
    mutating func line(at index: Int) -> Int {
        guard index >= checkpoint else { return lineAtStart - 1 + XMLByte.line(in: bytes, at: index) }
        let end = min(index, bytes.count)
        lineAtCheckpoint += XMLByte.lineBreaks(in: bytes, checkpoint..<end)
        checkpoint = end
        return lineAtCheckpoint
    }

    /// Appends more of a streamed document.
    mutating func append(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// Drops the bytes before `index` (which the parser is done with), keeping line numbers.
    mutating func discard(before index: Int) {
        guard index > 0 else { return }
        let line = self.line(at: index)
        bytes.removeSubrange(0..<index)
        discarded += index
        position -= index
        lineAtStart = line
        checkpoint = 0
        lineAtCheckpoint = line
    }

    /// The 1-based line of the read position.
    mutating func currentLine() -> Int {
        line(at: position)
    }

    /// A short piece of the document for an error message.
    func excerpt(_ range: Range<Int>) -> String {
        XMLError.excerpt(bytes[range])
    }
}
