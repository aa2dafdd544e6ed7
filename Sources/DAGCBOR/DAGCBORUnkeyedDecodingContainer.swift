import Foundation

/// Unkeyed container over an array token: walks the elements with each token's `end` link.
struct DAGCBORUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: DAGCBORDecoderImpl
    let tape: CBORTape
    private let endToken: Int
    private var cursor: Int
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: DAGCBORDecoderImpl, arrayIndex: Int) {
        self.decoder = decoder
        tape = decoder.tape
        let token = tape.tokens[arrayIndex]
        endToken = token.end
        cursor = arrayIndex + 1
        count = Int(token.argument)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { cursor >= endToken }

    private var key: DAGCBORCodingKey { DAGCBORCodingKey(index: currentIndex) }

    /// The token index of the next element, or `valueNotFound` when the array is exhausted.
    private func next<T>(_ type: T.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: decoder.path(key),
                    debugDescription: "The array has no more elements."))
        }
        return cursor
    }

    private mutating func advance() {
        cursor = tape.tokens[cursor].end
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        let index = try next(Never?.self)
        guard tape.tokens[index].kind == .null else { return false }
        advance()
        return true
    }

    private mutating func read<T>(
        _ type: T.Type, _ body: (CBORTape, Int, () -> [any CodingKey]) throws -> T
    ) throws -> T {
        let index = try next(type)
        let position = key
        let parent = decoder
        let value = try body(tape, index, { parent.path(position) })
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try $0.decodeBool(at: $1, path: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) { try $0.decodeString(at: $1, path: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try $0.decodeDouble(at: $1, path: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) { try $0.decodeFloat(at: $1, path: $2) } }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try read(type) { try $0.decodeInteger(type, at: $1, path: $2) }
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = try next(type)
        let value = try decoder.decodeValue(type, at: index, key: key)
        advance()
        return value
    }

    private mutating func childDecoder() throws -> DAGCBORDecoderImpl {
        let index = try next(Any.self)
        let child = DAGCBORDecoderImpl(tape: tape, index: index, codingPath: decoder.path(key), userInfo: decoder.options)
        advance()
        return child
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try childDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try childDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try childDecoder()
    }
}
