/// A read position in a checked UTF-8 document, with the scanning steps the parser repeats.
///
/// Every step reads through `Array`'s bounds-checked subscript and tests `position` against
/// `bytes.count` first, so a parser bug shows up as a wrong error, never as a read out of
/// bounds. Scans move only forwards, so each byte is looked at a bounded number of times and
/// no input can make parsing quadratic.
struct ByteCursor {
    let bytes: [UInt8]
    var position = 0

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
        guard index >= checkpoint else { return XMLByte.line(in: bytes, at: index) }
        let end = min(index, bytes.count)
        lineAtCheckpoint += XMLByte.lineBreaks(in: bytes, checkpoint..<end)
        checkpoint = end
        return lineAtCheckpoint
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
