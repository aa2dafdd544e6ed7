import Foundation

/// Single-value container over one token.
struct DAGCBORSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: DAGCBORDecoderImpl

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var tape: CBORTape { decoder.tape }
    private var index: Int { decoder.index }
    private var path: () -> [any CodingKey] { { decoder.codingPath } }

    func decodeNil() -> Bool { tape.tokens[index].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try tape.decodeBool(at: index, path: path) }
    func decode(_ type: String.Type) throws -> String { try tape.decodeString(at: index, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try tape.decodeDouble(at: index, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try tape.decodeFloat(at: index, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.decodeInteger(type, at: index, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.decodeInteger(type, at: index, path: path) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeValue(type, at: index, key: nil)
    }
}
