/// The single-pass strict DAG-CBOR parser behind `CBORTape`.
///
/// It never recurses (the open containers live on an explicit stack, bounded by
/// `DAGCBORValue.maxNestingDepth`) and compares every length or count with the bytes that remain before
/// using it, so hostile input fails fast with a `DAGCBORError` instead of exhausting memory or the stack.
struct CBORParser {
    private struct Frame {
        /// Token index of the container, or -1 for the virtual frame around the top-level item.
        var token: Int
        /// Items still expected: elements of an array, or keys plus values of a map.
        var remaining: Int
        var isMap: Bool
        var previousKeyStart = 0
        var previousKeyLength = -1
    }

    private let input: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var tokens: [CBORTape.Token] = []
    private var stack: [Frame] = []
    private var current = Frame(token: -1, remaining: 1, isMap: false)

    /// Validates `bytes` as exactly one strict DAG-CBOR item and returns its tokens.
    static func parse(_ bytes: [UInt8]) throws(DAGCBORError) -> [CBORTape.Token] {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<[CBORTape.Token], DAGCBORError> in
            var parser = CBORParser(input: buffer)
            do throws(DAGCBORError) {
                try parser.run()
                return .success(parser.tokens)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        // A token takes at least one byte; most documents average three or more.
        tokens.reserveCapacity(input.count / 3 + 2)
    }

    private var remainingBytes: Int { input.count - position }

    private mutating func run() throws(DAGCBORError) {
        while try !parseItem() {}
        if position != input.count { throw .trailingBytes(offset: position) }
    }

    /// Reads `count` big-endian bytes at `offset` (the caller checked they exist).
    @inline(__always)
    private func bigEndian(_ count: Int, at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + count) { value = value << 8 | UInt64(input[index]) }
        return value
    }

    /// Reads the argument of the head at `position`, enforcing the shortest form; advances `position`.
    @inline(__always)
    private mutating func readArgument(_ info: UInt8, itemOffset: Int) throws(DAGCBORError) -> UInt64 {
        if info < 24 {
            position += 1
            return UInt64(info)
        }
        let size: Int
        let minimum: UInt64
        switch info {
        case 24:
            size = 1
            minimum = 24
        case 25:
            size = 2
            minimum = 0x100
        case 26:
            size = 4
            minimum = 0x1_0000
        case 27:
            size = 8
            minimum = 0x1_0000_0000
        case 31: throw .indefiniteLength(offset: itemOffset)
        default: throw .reservedAdditionalInfo(offset: itemOffset)
        }
        guard remainingBytes > size else { throw .truncated(offset: itemOffset) }
        let value = bigEndian(size, at: position + 1)
        guard value >= minimum else { throw .nonCanonicalInteger(offset: itemOffset) }
        position += 1 + size
        return value
    }

    /// Parses one item (a scalar, or the head of a container); returns true when the top-level item is complete.
    private mutating func parseItem() throws(DAGCBORError) -> Bool {
        let itemOffset = position
        guard position < input.count else { throw .truncated(offset: itemOffset) }
        let initial = input[position]
        let info = initial & 0x1f
        let expectsKey = current.isMap && current.remaining & 1 == 0
        let major = initial >> 5
        if expectsKey && major != MajorType.text.rawValue { throw .nonTextMapKey(offset: itemOffset) }

        switch major {
        case MajorType.unsigned.rawValue:
            return append(.unsigned, start: itemOffset, argument: try readArgument(info, itemOffset: itemOffset))
        case MajorType.negative.rawValue:
            return append(.negative, start: itemOffset, argument: try readArgument(info, itemOffset: itemOffset))
        case MajorType.bytes.rawValue:
            let length = try readArgument(info, itemOffset: itemOffset)
            guard length <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
            let start = position
            position += Int(length)
            return append(.bytes, start: start, argument: length)
        case MajorType.text.rawValue:
            let length = try readArgument(info, itemOffset: itemOffset)
            guard length <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
            let start = position
            let count = Int(length)
            guard UTF8Validation.isValid(UnsafeBufferPointer(rebasing: input[start..<(start + count)])) else {
                throw .invalidUTF8(offset: itemOffset)
            }
            if expectsKey { try checkKeyOrder(start: start, length: count, itemOffset: itemOffset) }
            position += count
            return append(.text, start: start, argument: length)
        case MajorType.array.rawValue:
            let count = try readArgument(info, itemOffset: itemOffset)
            // Every element takes at least one byte.
            guard count <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
            return try open(.array, count: Int(count), items: Int(count))
        case MajorType.map.rawValue:
            let count = try readArgument(info, itemOffset: itemOffset)
            // Every entry takes at least two bytes (a key and a value).
            guard count <= UInt64(remainingBytes / 2) else { throw .truncated(offset: itemOffset) }
            return try open(.map, count: Int(count), items: Int(count) * 2)
        case MajorType.tag.rawValue:
            return try parseLink(info, itemOffset: itemOffset)
        default:
            return try parseSimple(info, itemOffset: itemOffset)
        }
    }

    private mutating func parseSimple(_ info: UInt8, itemOffset: Int) throws(DAGCBORError) -> Bool {
        switch info {
        case 20, 21:
            position += 1
            return append(.bool, start: itemOffset, argument: info == 21 ? 1 : 0)
        case 22:
            position += 1
            return append(.null, start: itemOffset, argument: 0)
        case 24:
            guard remainingBytes > 1 else { throw .truncated(offset: itemOffset) }
            throw .unsupportedSimpleValue(input[position + 1], offset: itemOffset)
        case 25, 26:
            throw .nonFloat64(offset: itemOffset)
        case 27:
            guard remainingBytes > 8 else { throw .truncated(offset: itemOffset) }
            let bits = bigEndian(8, at: position + 1)
            guard Double(bitPattern: bits).isFinite else { throw .nonFiniteFloat(offset: itemOffset) }
            position += 9
            return append(.float, start: itemOffset, argument: bits)
        case 31:
            throw .unexpectedBreak(offset: itemOffset)
        case 28, 29, 30:
            throw .reservedAdditionalInfo(offset: itemOffset)
        default:
            throw .unsupportedSimpleValue(info, offset: itemOffset)
        }
    }

    /// Tag 42 (the only tag DAG-CBOR allows): a byte string of `00` followed by a supported binary CID.
    private mutating func parseLink(_ info: UInt8, itemOffset: Int) throws(DAGCBORError) -> Bool {
        let tag = try readArgument(info, itemOffset: itemOffset)
        guard tag == 42 else { throw .unsupportedTag(tag, offset: itemOffset) }
        guard position < input.count else { throw .truncated(offset: itemOffset) }
        let content = input[position]
        guard content >> 5 == MajorType.bytes.rawValue else { throw .invalidCIDLink(offset: itemOffset) }
        let length = try readArgument(content & 0x1f, itemOffset: itemOffset)
        guard length <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
        let end = position + Int(length)
        guard length > 1, input[position] == 0 else { throw .invalidCIDLink(offset: itemOffset) }
        var cursor = position + 1
        do {
            _ = try CID.parse(input, at: &cursor)
        } catch {
            throw .invalidCIDLink(offset: itemOffset)
        }
        guard cursor == end else { throw .invalidCIDLink(offset: itemOffset) }
        let start = position + 1
        position = end
        return append(.link, start: start, argument: length - 1)
    }

    private mutating func checkKeyOrder(start: Int, length: Int, itemOffset: Int) throws(DAGCBORError) {
        let previousStart = current.previousKeyStart
        let previousLength = current.previousKeyLength
        current.previousKeyStart = start
        current.previousKeyLength = length
        guard previousLength >= 0 else { return }
        var order = previousLength - length
        if order == 0 {
            for index in 0..<length {
                let difference = Int(input[previousStart + index]) - Int(input[start + index])
                if difference != 0 {
                    order = difference
                    break
                }
            }
        }
        if order == 0 {
            let key = String(decoding: UnsafeBufferPointer(rebasing: input[start..<(start + length)]), as: UTF8.self)
            throw .duplicateMapKey(key, offset: itemOffset)
        }
        if order > 0 { throw .mapKeysOutOfOrder(offset: itemOffset) }
    }

    private mutating func open(_ kind: CBORTape.Kind, count: Int, items: Int) throws(DAGCBORError) -> Bool {
        // `stack` holds one frame per open container (plus the top-level frame once one is open).
        guard stack.count < DAGCBORValue.maxNestingDepth else { throw .nestingTooDeep }
        let index = tokens.count
        tokens.append(CBORTape.Token(kind: kind, start: 0, argument: UInt64(count), end: index + 1))
        if items == 0 { return completeItem() }
        stack.append(current)
        current = Frame(token: index, remaining: items, isMap: kind == .map)
        return false
    }

    @inline(__always)
    private mutating func append(_ kind: CBORTape.Kind, start: Int, argument: UInt64) -> Bool {
        tokens.append(CBORTape.Token(kind: kind, start: start, argument: argument, end: tokens.count + 1))
        return completeItem()
    }

    /// Counts one finished item against the open containers, closing each one that becomes complete;
    /// returns true when the top-level item is complete.
    @inline(__always)
    private mutating func completeItem() -> Bool {
        current.remaining -= 1
        while current.remaining == 0 {
            if current.token >= 0 { tokens[current.token].end = tokens.count }
            guard let parent = stack.popLast() else { return true }
            current = parent
            current.remaining -= 1
        }
        return false
    }
}
