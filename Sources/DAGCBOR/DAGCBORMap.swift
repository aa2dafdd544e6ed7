import Foundation

/// A DAG-CBOR map: text keys in canonical order (UTF-8 length first, then bytewise), each key once.
///
/// Keys are compared by their UTF-8 bytes, never by Swift `String` equality, which treats canonically
/// equivalent strings as equal: NFC "é" (`c3 a9`) and NFD "é" (`65 cc 81`) are two different keys here,
/// as they are in the encoded bytes.
public struct DAGCBORMap: Sendable {
    /// Entries in canonical key order.
    public private(set) var entries: [(key: String, value: DAGCBORValue)]

    /// An empty map.
    public init() {
        entries = []
    }

    /// A map of `entries` in any order; throws `DAGCBORError.duplicateMapKey` if two keys have the same UTF-8 bytes.
    public init(_ entries: [(String, DAGCBORValue)]) throws(DAGCBORError) {
        var sorted = entries.map { (key: $0.0, value: $0.1) }
        sorted.sort { DAGCBORMap.keyPrecedes($0.key, $1.key) }
        for index in sorted.indices.dropFirst() where DAGCBORMap.keysEqual(sorted[index - 1].key, sorted[index].key) {
            throw .duplicateMapKey(sorted[index].key, offset: nil)
        }
        self.entries = sorted
    }

    /// A map with the entries of `dictionary` (its keys are already unique).
    public init(_ dictionary: [String: DAGCBORValue]) {
        var sorted = dictionary.map { (key: $0.key, value: $0.value) }
        sorted.sort { DAGCBORMap.keyPrecedes($0.key, $1.key) }
        entries = sorted
    }

    /// Entries the parser has already checked for order and uniqueness.
    init(canonicallyOrdered entries: [(key: String, value: DAGCBORValue)]) {
        self.entries = entries
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// Whether the map has no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in canonical order.
    public var keys: [String] { entries.map(\.key) }

    /// The value whose key has exactly the UTF-8 bytes of `key`. Setting `nil` removes the entry;
    /// setting a value inserts or replaces it, keeping canonical order.
    public subscript(key: String) -> DAGCBORValue? {
        get {
            switch search(key) {
            case .found(let index): return entries[index].value
            case .insertionPoint: return nil
            }
        }
        set {
            switch (search(key), newValue) {
            case (.found(let index), .some(let value)): entries[index].value = value
            case (.found(let index), .none): entries.remove(at: index)
            case (.insertionPoint(let index), .some(let value)): entries.insert((key, value), at: index)
            case (.insertionPoint, .none): break
            }
        }
    }

    private enum SearchResult {
        case found(Int)
        case insertionPoint(Int)
    }

    private func search(_ key: String) -> SearchResult {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = entries[middle].key
            if DAGCBORMap.keysEqual(candidate, key) { return .found(middle) }
            if DAGCBORMap.keyPrecedes(candidate, key) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return .insertionPoint(low)
    }

    /// DAG-CBOR key order: shorter UTF-8 first, then bytewise.
    static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        if left.count != right.count { return left.count < right.count }
        return left.lexicographicallyPrecedes(right)
    }

    static func keysEqual(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }
}

extension DAGCBORMap: Hashable {
    /// Equal when the keys have the same UTF-8 bytes and the values are equal, in the same (canonical) order.
    public static func == (lhs: DAGCBORMap, rhs: DAGCBORMap) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (left, right) in zip(lhs.entries, rhs.entries) {
            guard keysEqual(left.key, right.key), left.value == right.value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for entry in entries {
            for byte in entry.key.utf8 { hasher.combine(byte) }
            hasher.combine(0xff as UInt8)
            hasher.combine(entry.value)
        }
    }
}
