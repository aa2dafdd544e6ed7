public import Foundation

/// A value of the IPLD data model as DAG-CBOR encodes it.
///
/// Use it to build or inspect data without a Swift type for it, and for exact round trips:
/// `DAGCBORValue.decode` accepts only strict DAG-CBOR, so any decoded value re-encodes to the very
/// same bytes (and the same CID).
///
/// Equality follows the encoding: text compares by UTF-8 bytes (NFC and NFD forms differ) and floats by
/// bit pattern (`0.0` and `-0.0` differ), so two values are equal exactly when they encode identically.
public indirect enum DAGCBORValue: Sendable {
    /// A non-negative integer.
    case unsigned(UInt64)
    /// The negative integer −1 − n (so `.negative(0)` is −1 and `.negative(UInt64.max)` is −2^64).
    case negative(UInt64)
    /// A byte string.
    case bytes(Data)
    /// A UTF-8 text string (encoded as is, never normalised).
    case text(String)
    /// An array.
    case array([DAGCBORValue])
    /// A map with text keys.
    case map(DAGCBORMap)
    /// A 64-bit float; must be finite to be encoded.
    case float(Double)
    /// A boolean.
    case bool(Bool)
    /// Null.
    case null
    /// A link to another block (CBOR tag 42).
    case link(CID)

    /// The deepest nesting of arrays and maps that encoding and decoding accept.
    public static let maxNestingDepth = 512

    /// An integer value.
    public static func integer(_ value: Int64) -> DAGCBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(~value))
    }

    /// An integer value.
    public static func integer(_ value: Int) -> DAGCBORValue {
        integer(Int64(value))
    }

    /// The canonical DAG-CBOR bytes of this value.
    ///
    /// Throws `DAGCBORError.nonFiniteFloat` for NaN or infinity and `.nestingTooDeep` beyond
    /// `maxNestingDepth` levels.
    public func encoded() throws(DAGCBORError) -> Data {
        var writer = CBORWriter(capacity: 128)
        try write(to: &writer, depth: 0)
        return Data(writer.bytes)
    }

    /// Decodes exactly one strict DAG-CBOR item filling all of `data`.
    public static func decode(_ data: some DataProtocol) throws(DAGCBORError) -> DAGCBORValue {
        let tape = try CBORTape(bytes: [UInt8](data))
        return try tape.value(at: 0)
    }

    func write(to writer: inout CBORWriter, depth: Int) throws(DAGCBORError) {
        switch self {
        case .unsigned(let value): writer.writeUnsigned(value)
        case .negative(let value): writer.writeNegative(value)
        case .bytes(let data): writer.writeBytes(data)
        case .text(let string): writer.writeText(string)
        case .float(let value): try writer.writeDouble(value)
        case .bool(let value): writer.writeBool(value)
        case .null: writer.writeNull()
        case .link(let cid): writer.writeLink(cid)
        case .array(let elements):
            guard depth < Self.maxNestingDepth else { throw .nestingTooDeep }
            writer.writeHead(.array, UInt64(elements.count))
            for element in elements { try element.write(to: &writer, depth: depth + 1) }
        case .map(let map):
            guard depth < Self.maxNestingDepth else { throw .nestingTooDeep }
            writer.writeHead(.map, UInt64(map.count))
            for entry in map.entries {
                writer.writeText(entry.key)
                try entry.value.write(to: &writer, depth: depth + 1)
            }
        }
    }
}

// MARK: - Accessors

extension DAGCBORValue {
    /// The integer as `Int64`, or nil when this is not an integer or it does not fit.
    public var intValue: Int64? {
        switch self {
        case .unsigned(let value): return Int64(exactly: value)
        case .negative(let value): return value <= UInt64(Int64.max) ? ~Int64(value) : nil
        case .bytes, .text, .array, .map, .float, .bool, .null, .link: return nil
        }
    }

    /// The integer as `UInt64`, or nil when this is not a non-negative integer.
    public var uint64Value: UInt64? {
        if case .unsigned(let value) = self { return value }
        return nil
    }

    /// The float, or nil when this is not a float (integers are not converted).
    public var doubleValue: Double? {
        if case .float(let value) = self { return value }
        return nil
    }

    /// The boolean, or nil.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The text, or nil.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The byte string, or nil.
    public var bytesValue: Data? {
        if case .bytes(let value) = self { return value }
        return nil
    }

    /// The array elements, or nil.
    public var arrayValue: [DAGCBORValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The map, or nil.
    public var mapValue: DAGCBORMap? {
        if case .map(let value) = self { return value }
        return nil
    }

    /// The linked CID, or nil.
    public var linkValue: CID? {
        if case .link(let value) = self { return value }
        return nil
    }

    /// Whether this is null.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value under `key` when this is a map (byte-exact key lookup), else nil.
    public subscript(key: String) -> DAGCBORValue? {
        mapValue?[key]
    }
}

// MARK: - Equality

extension DAGCBORValue: Hashable {
    public static func == (lhs: DAGCBORValue, rhs: DAGCBORValue) -> Bool {
        switch (lhs, rhs) {
        case (.unsigned(let left), .unsigned(let right)): return left == right
        case (.negative(let left), .negative(let right)): return left == right
        case (.bytes(let left), .bytes(let right)): return left == right
        case (.text(let left), .text(let right)): return left.utf8.elementsEqual(right.utf8)
        case (.array(let left), .array(let right)): return left == right
        case (.map(let left), .map(let right)): return left == right
        case (.float(let left), .float(let right)): return left.bitPattern == right.bitPattern
        case (.bool(let left), .bool(let right)): return left == right
        case (.null, .null): return true
        case (.link(let left), .link(let right)): return left == right
        case (.unsigned, _), (.negative, _), (.bytes, _), (.text, _), (.array, _), (.map, _),
            (.float, _), (.bool, _), (.null, _), (.link, _):
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .unsigned(let value):
            hasher.combine(0 as UInt8)
            hasher.combine(value)
        case .negative(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .bytes(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .text(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value.utf8.count)
            for byte in value.utf8 { hasher.combine(byte) }
        case .array(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .map(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value)
        case .float(let value):
            hasher.combine(6 as UInt8)
            hasher.combine(value.bitPattern)
        case .bool(let value):
            hasher.combine(7 as UInt8)
            hasher.combine(value)
        case .null: hasher.combine(8 as UInt8)
        case .link(let value):
            hasher.combine(9 as UInt8)
            hasher.combine(value)
        }
    }
}

// MARK: - Literals

extension DAGCBORValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: DAGCBORValue...) { self = .array(elements) }
}
