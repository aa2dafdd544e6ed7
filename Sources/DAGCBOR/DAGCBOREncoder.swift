public import Foundation

/// Encodes `Encodable` values as canonical DAG-CBOR, in the manner of `JSONEncoder`.
///
/// Mapping: integers of every width → CBOR integers (shortest form); `Double` and `Float` → binary64
/// floats (a whole-number `Double` stays a float, so `1.0` and `1` keep distinct encodings and CIDs);
/// `Bool`; `String` (UTF-8, not normalised); `Data` → byte string; `CID` → link (tag 42);
/// `DAGCBORValue` → itself; `nil` from `encodeNil` → null, while `encodeIfPresent(nil)` (synthesized
/// optionals) omits the key; keyed containers → maps with canonically sorted keys; unkeyed → arrays.
/// `Date` has no special case: it encodes through its own `Codable` implementation.
///
/// Errors are `EncodingError.invalidValue` with the coding path, whose underlying error is a
/// `DAGCBORError` (`.nonFiniteFloat`, `.duplicateMapKey`, `.nestingTooDeep`).
public struct DAGCBOREncoder: Sendable {
    /// Contextual information for custom `encode(to:)` implementations.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// The canonical DAG-CBOR bytes of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        if let direct = value as? any DirectCBOREncodable {
            var writer = CBORWriter(capacity: 64)
            do {
                try direct.writeCBOR(into: &writer, depth: 0)
            } catch {
                throw EncodingError.invalidValue(
                    value,
                    .init(
                        codingPath: [], debugDescription: error.localizedDescription,
                        underlyingError: error))
            }
            return Data(writer.bytes)
        }
        let root = DAGCBOREncoderImpl(path: .root, level: 0, userInfo: userInfo)
        try value.encode(to: root)
        var writer = CBORWriter(capacity: root.scratch.bytes.count + 16)
        try root.finalize(into: &writer)
        return Data(writer.bytes)
    }
}
