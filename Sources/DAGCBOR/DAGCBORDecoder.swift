public import Foundation

/// Decodes `Decodable` values from strict DAG-CBOR, in the manner of `JSONDecoder`.
///
/// The whole input is validated first: anything strict DAG-CBOR forbids (non-shortest numbers,
/// indefinite lengths, non-64-bit or non-finite floats, simple values other than false/true/null, tags
/// other than 42, malformed links, unsorted/duplicate/non-text map keys, invalid UTF-8, truncation,
/// trailing bytes, nesting deeper than `DAGCBORValue.maxNestingDepth`) throws a `DAGCBORError`.
/// A well-formed document that does not fit `T` throws a `DecodingError` with the coding path.
///
/// Integers decode into any integer type with a range check; floats into `Double` or `Float` (never
/// integers, which are distinct values in DAG-CBOR); byte strings into `Data`; links into `CID`;
/// null and absent keys into `nil` for optionals.
public struct DAGCBORDecoder: Sendable {
    /// Contextual information for custom `init(from:)` implementations.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// Decodes a `T` from `data`, which must hold exactly one strict DAG-CBOR item.
    public func decode<T: Decodable>(_ type: T.Type, from data: some DataProtocol) throws -> T {
        let tape = try CBORTape(bytes: [UInt8](data))
        let root = DAGCBORDecoderImpl(tape: tape, index: 0, codingPath: [], userInfo: userInfo)
        return try root.decodeValue(type, at: 0, key: nil)
    }
}
