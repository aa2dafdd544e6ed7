import Foundation

/// A strictly validated DAG-CBOR document, flattened into tokens in document order.
///
/// Parsing checks every rule of strict DAG-CBOR in one pass without recursion (so hostile nesting
/// cannot exhaust the stack) and without trusting any length before comparing it with the bytes that
/// remain. The decoders then walk the tokens: a container's children follow it, and each token's
/// `end` is the index just past its subtree, so siblings can be skipped in O(1).
final class CBORTape {
    enum Kind: UInt8 {
        case unsigned, negative, bytes, text, array, map, float, bool, null, link
    }

    struct Token {
        var kind: Kind
        /// Byte offset of the payload of a byte string, text string or link (the binary CID).
        var start: Int
        /// Integer value (n for negatives, meaning −1 − n), payload length, element/entry count,
        /// float bit pattern, or 0/1 for booleans.
        var argument: UInt64
        /// Index of the first token after this item and everything nested in it.
        var end: Int
    }

    let bytes: [UInt8]
    let tokens: [Token]

    init(bytes: [UInt8]) throws(DAGCBORError) {
        var parser = Parser(bytes: bytes)
        try parser.parse()
        self.bytes = bytes
        self.tokens = parser.tokens
    }

    /// The text of a `.text` token (already validated as UTF-8).
    func string(at index: Int) -> String {
        let token = tokens[index]
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[token.start..<(token.start + Int(token.argument))]),
                   as: UTF8.self)
        }
    }

    /// The payload of a `.bytes` token.
    func data(at index: Int) -> Data {
        let token = tokens[index]
        return bytes.withUnsafeBufferPointer { buffer in
            Data(buffer: UnsafeBufferPointer(rebasing: buffer[token.start..<(token.start + Int(token.argument))]))
        }
    }

    /// The CID of a `.link` token (already validated).
    func cid(at index: Int) throws(DAGCBORError) -> CID {
        let token = tokens[index]
        var offset = token.start
        do {
            return try CID.parse(bytes, at: &offset)
        } catch {
            throw .invalidCIDLink(offset: token.start)
        }
    }

    /// Compares the key of the `.text` token at `index` with `key` in DAG-CBOR order (length, then bytes).
    func compareKey(at index: Int, with key: UnsafeBufferPointer<UInt8>) -> Int {
        let token = tokens[index]
        let length = Int(token.argument)
        if length != key.count { return length < key.count ? -1 : 1 }
        if length == 0 { return 0 }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let other = key.baseAddress else { return 0 }
            let result = memcmp(base + token.start, other, length)
            return result < 0 ? -1 : (result > 0 ? 1 : 0)
        }
    }

    /// Builds the value rooted at token `index`.
    func value(at index: Int) throws(DAGCBORError) -> DAGCBORValue {
        let token = tokens[index]
        switch token.kind {
        case .unsigned: return .unsigned(token.argument)
        case .negative: return .negative(token.argument)
        case .bytes: return .bytes(data(at: index))
        case .text: return .text(string(at: index))
        case .float: return .float(Double(bitPattern: token.argument))
        case .bool: return .bool(token.argument != 0)
        case .null: return .null
        case .link: return .link(try cid(at: index))
        case .array:
            var elements: [DAGCBORValue] = []
            elements.reserveCapacity(Int(token.argument))
            var child = index + 1
            while child < token.end {
                elements.append(try value(at: child))
                child = tokens[child].end
            }
            return .array(elements)
        case .map:
            var entries: [(key: String, value: DAGCBORValue)] = []
            entries.reserveCapacity(Int(token.argument))
            var child = index + 1
            while child < token.end {
                let key = string(at: child)
                entries.append((key, try value(at: child + 1)))
                child = tokens[child + 1].end
            }
            return .map(DAGCBORMap(canonicallyOrdered: entries))
        }
    }
}

extension CBORTape {
    /// The single-pass strict parser behind `CBORTape.init`.
    private struct Parser {
        struct Frame {
            var token: Int
            /// Items still expected: elements of an array, or keys plus values of a map.
            var remaining: Int
            var isMap: Bool
            var previousKeyStart = 0
            var previousKeyLength = -1
        }

        let bytes: [UInt8]
        var tokens: [Token] = []
        var stack: [Frame] = []
        var position = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            tokens.reserveCapacity(min(bytes.count, 1 << 16) / 2 + 1)
        }

        mutating func parse() throws(DAGCBORError) {
            repeat {
                try parseItem()
            } while !stack.isEmpty
            if position != bytes.count { throw .trailingBytes(offset: position) }
        }

        private var remainingBytes: Int { bytes.count - position }

        /// Reads `count` big-endian bytes at `position` (caller checked they exist).
        private func bigEndian(_ count: Int, at offset: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in offset..<(offset + count) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        /// Reads the argument of the head at `position`, enforcing the shortest form; advances `position`.
        private mutating func readArgument(_ info: UInt8, itemOffset: Int) throws(DAGCBORError) -> UInt64 {
            let size: Int
            let minimum: UInt64
            switch info {
            case 0..<24:
                position += 1
                return UInt64(info)
            case 24: size = 1; minimum = 24
            case 25: size = 2; minimum = 0x100
            case 26: size = 4; minimum = 0x1_0000
            case 27: size = 8; minimum = 0x1_0000_0000
            case 31: throw .indefiniteLength(offset: itemOffset)
            default: throw .reservedAdditionalInfo(offset: itemOffset)
            }
            guard remainingBytes > size else { throw .truncated(offset: itemOffset) }
            let value = bigEndian(size, at: position + 1)
            guard value >= minimum else { throw .nonCanonicalInteger(offset: itemOffset) }
            position += 1 + size
            return value
        }

        private mutating func parseItem() throws(DAGCBORError) {
            let itemOffset = position
            guard position < bytes.count else { throw .truncated(offset: itemOffset) }
            let initial = bytes[position]
            let info = initial & 0x1f
            let expectsKey = stack.last.map { $0.isMap && $0.remaining % 2 == 0 } ?? false
            guard let major = MajorType(rawValue: initial >> 5) else { throw .reservedAdditionalInfo(offset: itemOffset) }
            if expectsKey && major != .text { throw .nonTextMapKey(offset: itemOffset) }

            switch major {
            case .simple:
                try parseSimple(info, itemOffset: itemOffset)
            case .unsigned:
                let value = try readArgument(info, itemOffset: itemOffset)
                append(.unsigned, start: itemOffset, argument: value)
            case .negative:
                let value = try readArgument(info, itemOffset: itemOffset)
                append(.negative, start: itemOffset, argument: value)
            case .bytes:
                let length = try readArgument(info, itemOffset: itemOffset)
                guard length <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
                append(.bytes, start: position, argument: length)
                position += Int(length)
            case .text:
                let length = try readArgument(info, itemOffset: itemOffset)
                guard length <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
                let start = position
                let count = Int(length)
                guard UTF8Validation.isValid(bytes, start: start, count: count) else {
                    throw .invalidUTF8(offset: itemOffset)
                }
                if expectsKey { try checkKeyOrder(start: start, length: count, itemOffset: itemOffset) }
                append(.text, start: start, argument: length)
                position += count
            case .array:
                let count = try readArgument(info, itemOffset: itemOffset)
                // Every element takes at least one byte.
                guard count <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
                try open(.array, count: Int(count), items: Int(count), itemOffset: itemOffset)
            case .map:
                let count = try readArgument(info, itemOffset: itemOffset)
                // Every entry takes at least two bytes (a key and a value).
                guard count <= UInt64(remainingBytes / 2) else { throw .truncated(offset: itemOffset) }
                try open(.map, count: Int(count), items: Int(count) * 2, itemOffset: itemOffset)
            case .tag:
                try parseLink(info, itemOffset: itemOffset)
            }
        }

        private mutating func parseSimple(_ info: UInt8, itemOffset: Int) throws(DAGCBORError) {
            switch info {
            case 20, 21:
                position += 1
                append(.bool, start: itemOffset, argument: info == 21 ? 1 : 0)
            case 22:
                position += 1
                append(.null, start: itemOffset, argument: 0)
            case 24:
                guard remainingBytes > 1 else { throw .truncated(offset: itemOffset) }
                throw .unsupportedSimpleValue(bytes[position + 1], offset: itemOffset)
            case 25, 26:
                throw .nonFloat64(offset: itemOffset)
            case 27:
                guard remainingBytes > 8 else { throw .truncated(offset: itemOffset) }
                let bits = bigEndian(8, at: position + 1)
                guard Double(bitPattern: bits).isFinite else { throw .nonFiniteFloat(offset: itemOffset) }
                position += 9
                append(.float, start: itemOffset, argument: bits)
            case 31:
                throw .unexpectedBreak(offset: itemOffset)
            case 28, 29, 30:
                throw .reservedAdditionalInfo(offset: itemOffset)
            default:
                throw .unsupportedSimpleValue(info, offset: itemOffset)
            }
        }

        private mutating func parseLink(_ info: UInt8, itemOffset: Int) throws(DAGCBORError) {
            let tag = try readArgument(info, itemOffset: itemOffset)
            guard tag == 42 else { throw .unsupportedTag(tag, offset: itemOffset) }
            guard position < bytes.count else { throw .truncated(offset: itemOffset) }
            let content = bytes[position]
            guard content >> 5 == MajorType.bytes.rawValue else { throw .invalidCIDLink(offset: itemOffset) }
            let length = try readArgument(content & 0x1f, itemOffset: itemOffset)
            guard length <= UInt64(remainingBytes) else { throw .truncated(offset: itemOffset) }
            let end = position + Int(length)
            guard length > 1, bytes[position] == 0 else { throw .invalidCIDLink(offset: itemOffset) }
            var cursor = position + 1
            do {
                _ = try CID.parse(bytes, at: &cursor)
            } catch {
                throw .invalidCIDLink(offset: itemOffset)
            }
            guard cursor == end else { throw .invalidCIDLink(offset: itemOffset) }
            append(.link, start: position + 1, argument: length - 1)
            position = end
        }

        private mutating func checkKeyOrder(start: Int, length: Int, itemOffset: Int) throws(DAGCBORError) {
            let frame = stack[stack.count - 1]
            defer {
                stack[stack.count - 1].previousKeyStart = start
                stack[stack.count - 1].previousKeyLength = length
            }
            guard frame.previousKeyLength >= 0 else { return }
            var order = frame.previousKeyLength - length
            if order == 0 {
                order = 0
                for index in 0..<length {
                    let difference = Int(bytes[frame.previousKeyStart + index]) - Int(bytes[start + index])
                    if difference != 0 {
                        order = difference
                        break
                    }
                }
            }
            if order == 0 {
                let key = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
                throw .duplicateMapKey(key, offset: itemOffset)
            }
            if order > 0 { throw .mapKeysOutOfOrder(offset: itemOffset) }
        }

        private mutating func open(_ kind: Kind, count: Int, items: Int, itemOffset: Int) throws(DAGCBORError) {
            guard stack.count < DAGCBORValue.maxNestingDepth else { throw .nestingTooDeep }
            tokens.append(Token(kind: kind, start: itemOffset, argument: UInt64(count), end: tokens.count + 1))
            if items == 0 {
                completeItem()
                return
            }
            stack.append(Frame(token: tokens.count - 1, remaining: items, isMap: kind == .map))
        }

        private mutating func append(_ kind: Kind, start: Int, argument: UInt64) {
            tokens.append(Token(kind: kind, start: start, argument: argument, end: tokens.count + 1))
            completeItem()
        }

        /// Counts one finished item against the open containers, closing each one that becomes complete.
        private mutating func completeItem() {
            while !stack.isEmpty {
                let top = stack.count - 1
                stack[top].remaining -= 1
                guard stack[top].remaining == 0 else { return }
                tokens[stack[top].token].end = tokens.count
                stack.removeLast()
            }
        }
    }
}
