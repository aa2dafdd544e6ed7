import XMLKit

/// Walks a JSON document from a byte source without building it: finds where each value
/// starts and ends, hands out the bytes of the values a caller wants (to decode one at a time
/// with `JSONDecoder`) and skips the others. So an array of thousands of dives is read one dive
/// at a time, holding the window being scanned and one dive's bytes.
///
/// It checks what it walks — brackets balanced, strings closed, nothing after the document —
/// but leaves the full grammar of each value to `JSONDecoder`, which decodes every value kept.
struct JSONValueScanner {
    enum Failure: Error, Equatable {
        /// Not JSON where `offset` is.
        case malformed(offset: Int, expected: String)
        /// A value longer than the limit.
        case tooLarge(limit: Int)
        /// More than `maximumBytes` in the file.
        case fileTooLarge(bytes: Int, limit: Int)
        case unreadable(String)
    }

    /// Raw bytes read per chunk.
    static let chunkBytes = 64 * 1024
    /// Arrays and objects nested deeper than this are not a log.
    static let maximumDepth = 64

    private var source: any XMLByteSource
    private let maximumBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var discarded = 0
    private var bytesRead = 0
    private var exhausted = false

    init(source: any XMLByteSource, maximumBytes: Int) {
        self.source = source
        self.maximumBytes = maximumBytes
    }

    /// How far into the document the scanner is.
    var offset: Int { discarded + position }

    // MARK: Structure

    /// Moves past white space (and a byte order mark at the very start) to the next byte;
    /// `nil` at the end of the document.
    mutating func peek() throws(Failure) -> UInt8? {
        while true {
            while position < buffer.count {
                let byte = buffer[position]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else {
                    if offset == 0, byte == 0xEF, try startsWithByteOrderMark() {
                        position += 3
                        continue
                    }
                    return byte
                }
                position += 1
            }
            guard try fill() else { return nil }
        }
    }

    /// Consumes `byte`, which must come next.
    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard try peek() == byte else { throw .malformed(offset: offset, expected: what) }
        position += 1
    }

    /// Consumes `byte` when it comes next.
    mutating func consume(_ byte: UInt8) throws(Failure) -> Bool {
        guard try peek() == byte else { return false }
        position += 1
        return true
    }

    /// The members of the object that starts next: `body` gets each key and must consume its
    /// value (``value(limit:)`` or ``skipValue()``).
    mutating func forEachMember(_ body: (inout JSONValueScanner, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), "an object")
        if try consume(UInt8(ascii: "}")) { return }
        repeat {
            guard try peek() == UInt8(ascii: "\"") else { throw Failure.malformed(offset: offset, expected: "a member name") }
            let key = String(decoding: try value(limit: 4_096), as: UTF8.self)
            try expect(UInt8(ascii: ":"), "“:” after a member name")
            // The key's JSON text without its quotes is the key, unless it has escapes.
            try body(&self, String(key.dropFirst().dropLast()))
        } while try consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "“,” or “}” in an object")
    }

    /// The elements of the array that starts next: `body` must consume each.
    mutating func forEachElement(_ body: (inout JSONValueScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "an array")
        if try consume(UInt8(ascii: "]")) { return }
        repeat {
            try body(&self)
        } while try consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "“,” or “]” in an array")
    }

    /// Checks that nothing but white space follows the document.
    mutating func expectEnd() throws(Failure) {
        if try peek() != nil { throw .malformed(offset: offset, expected: "the end of the document") }
    }

    // MARK: Values

    /// The JSON text of the next value, at most `limit` bytes.
    mutating func value(limit: Int) throws(Failure) -> [UInt8] {
        var kept: [UInt8]? = []
        try scanValue(keeping: &kept, limit: limit)
        return kept ?? []
    }

    /// Moves past the next value.
    mutating func skipValue() throws(Failure) {
        var ignored: [UInt8]?
        try scanValue(keeping: &ignored, limit: .max)
    }

    /// Where a scan of one value stands between chunks.
    private struct ScanState {
        var depth = 0
        var inString = false
        var escaped = false
        var done = false
        /// A control character inside a string, at this index of the buffer.
        var controlCharacterAt: Int?
        /// More nesting than ``maximumDepth``, at this index.
        var tooDeepAt: Int?
    }

    /// Moves past one value, appending its text to `kept` when there is one. Brackets are
    /// counted with an explicit depth, no recursion; the bytes are scanned through a buffer
    /// pointer, a string a run at a time, since a log is mostly string and number bytes.
    private mutating func scanValue(keeping kept: inout [UInt8]?, limit: Int) throws(Failure) {
        guard let first = try peek() else { throw .malformed(offset: offset, expected: "a value") }
        // Scalars (numbers, true, false, null) end at a delimiter; containers at depth 0.
        let isScalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
        var state = ScanState()
        var length = 0
        while true {
            if position == buffer.count {
                guard try fill() else {
                    if isScalar, length > 0 { return }
                    throw .malformed(offset: offset, expected: state.inString ? "the end of a string" : "the end of a value")
                }
            }
            let start = position
            position = buffer.withUnsafeBufferPointer { bytes in
                Self.scan(bytes, from: start, isScalar: isScalar, state: &state)
            }
            if let index = state.controlCharacterAt {
                throw .malformed(offset: discarded + index, expected: "no control character in a string")
            }
            if let index = state.tooDeepAt {
                throw .malformed(offset: discarded + index, expected: "less nesting")
            }
            length += position - start
            guard length <= limit else { throw .tooLarge(limit: limit) }
            if kept != nil { kept?.append(contentsOf: buffer[start..<position]) }
            if state.done {
                if length == 0 { throw .malformed(offset: offset, expected: "a value") }
                return
            }
        }
    }

    /// Scans `bytes` from `index` until the value ends (`state.done`) or the bytes do; returns
    /// the index reached.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, isScalar: Bool, state: inout ScanState
    ) -> Int {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let count = bytes.count
        var index = index
        while index < count {
            if state.inString {
                if state.escaped {
                    state.escaped = false
                    index += 1
                    continue
                }
                // The run up to the next quote, backslash or control character.
                var byte = bytes[index]
                while byte != quote, byte != backslash, byte >= 0x20 {
                    index += 1
                    guard index < count else { return index }
                    byte = bytes[index]
                }
                index += 1
                if byte == backslash {
                    state.escaped = true
                } else if byte == quote {
                    state.inString = false
                    if state.depth == 0 {
                        state.done = true
                        return index
                    }
                } else {
                    state.controlCharacterAt = index - 1
                    return index
                }
                continue
            }
            if !isScalar {
                // Inside an array or object only quotes and brackets matter.
                var byte = bytes[index]
                while byte != quote, byte != UInt8(ascii: "{"), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "["),
                    byte != UInt8(ascii: "]")
                {
                    index += 1
                    guard index < count else { return index }
                    byte = bytes[index]
                }
            }
            switch bytes[index] {
            case quote:
                state.inString = true
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if isScalar {
                    state.done = true
                    return index
                }
                state.depth += 1
                if state.depth > maximumDepth {
                    state.tooDeepAt = index
                    return index
                }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if isScalar || state.depth == 0 {
                    state.done = true
                    return index
                }
                state.depth -= 1
                index += 1
                if state.depth == 0 {
                    state.done = true
                    return index
                }
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
                if isScalar {
                    state.done = true
                    return index
                }
                index += 1
            default:
                index += 1
            }
        }
        return index
    }

    // MARK: Input

    private mutating func startsWithByteOrderMark() throws(Failure) -> Bool {
        while buffer.count - position < 3 {
            guard try fill() else { break }
        }
        return buffer[position...].starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// Reads the next chunk, dropping what has been scanned; false at the end.
    private mutating func fill() throws(Failure) -> Bool {
        guard !exhausted else { return false }
        let chunk: [UInt8]
        do {
            chunk = try source.read(maximum: Self.chunkBytes)
        } catch {
            throw .unreadable("\(error)")
        }
        guard !chunk.isEmpty else {
            exhausted = true
            return false
        }
        bytesRead += chunk.count
        guard bytesRead <= maximumBytes else { throw .fileTooLarge(bytes: bytesRead, limit: maximumBytes) }
        if position > 0 {
            buffer.removeSubrange(0..<position)
            discarded += position
            position = 0
        }
        buffer.append(contentsOf: chunk)
        return true
    }
}
