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
        self.tokens = try CBORParser.parse(bytes)
        self.bytes = bytes
    }

    /// The text of a `.text` token (already validated as UTF-8).
    func string(at index: Int) -> String {
        let token = tokens[index]
        return bytes.withUnsafeBufferPointer { buffer in
            String(
                decoding: UnsafeBufferPointer(rebasing: buffer[token.start..<(token.start + Int(token.argument))]),
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
