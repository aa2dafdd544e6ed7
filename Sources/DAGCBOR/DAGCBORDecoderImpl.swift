import Foundation

/// The `Decoder` behind `DAGCBORDecoder`: a view of one token of a validated `CBORTape`.
final class DAGCBORDecoderImpl: Decoder {
    let tape: CBORTape
    let index: Int
    let codingPath: [any CodingKey]
    let options: [CodingUserInfoKey: any Sendable]

    init(tape: CBORTape, index: Int, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.tape = tape
        self.index = index
        self.codingPath = codingPath
        self.options = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { options }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.tokens[index].kind == .map else {
            throw tape.mismatch([String: Any].self, at: index, path: { codingPath })
        }
        return KeyedDecodingContainer(DAGCBORKeyedDecodingContainer<Key>(decoder: self, mapIndex: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.tokens[index].kind == .array else {
            throw tape.mismatch([Any].self, at: index, path: { codingPath })
        }
        return DAGCBORUnkeyedDecodingContainer(decoder: self, arrayIndex: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        DAGCBORSingleValueDecodingContainer(decoder: self)
    }

    /// Decodes the value at token `index`, a child of this decoder's value reached through `key`.
    func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, key: (any CodingKey)?) throws -> T {
        // Common types first, by metatype comparison: far cheaper than a conformance cast, and it avoids
        // instantiating `Optional<T>` metadata for `as? T`. Each `unsafeBitCast` converts a value to the
        // very type it already has (the `==` above it proves T is that type).
        if T.self == String.self {
            return unsafeBitCast(try tape.decodeString(at: index, path: { path(key) }), to: T.self)
        }
        if T.self == [String].self {
            return unsafeBitCast(try [String].readCBOR(from: tape, at: index, path: { path(key) }), to: T.self)
        }
        if T.self == Int.self {
            return unsafeBitCast(try tape.decodeInteger(Int.self, at: index, path: { path(key) }), to: T.self)
        }
        if T.self == Double.self {
            return unsafeBitCast(try tape.decodeDouble(at: index, path: { path(key) }), to: T.self)
        }
        if let direct = type as? any DirectCBORDecodable.Type {
            let value = try direct.readCBOR(from: tape, at: index, path: { path(key) })
            guard let typed = value as? T else { throw tape.mismatch(type, at: index, path: { path(key) }) }
            return typed
        }
        let child = DAGCBORDecoderImpl(tape: tape, index: index, codingPath: path(key), userInfo: options)
        return try T(from: child)
    }

    /// Used by the `Codable` conformances of `CID` and `DAGCBORValue` when they are handed this decoder directly.
    func decodeDirect<T: DirectCBORDecodable>(_ type: T.Type) throws -> T {
        try T.readCBOR(from: tape, at: index, path: { codingPath })
    }

    func path(_ key: (any CodingKey)?) -> [any CodingKey] {
        guard let key else { return codingPath }
        return codingPath + [key]
    }
}
