import Foundation

/// One key of a map being decoded.
struct DecodingMapEntry {
    /// Token index of the key; the value token follows it.
    var token: Int
    var length: Int
    /// The first eight key bytes (see `KeyPrefix`).
    var prefix: UInt64
}

/// Keyed container over a map token: finds keys by binary search in canonical order (UTF-8 length, then
/// bytes), which the parser has already checked, comparing length and an 8-byte prefix as integers first.
struct DAGCBORKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    // Declared outside the generic type: a nested type would be generic too, and every array of it would
    // need its metadata instantiated at run time.
    typealias Entry = DecodingMapEntry

    let decoder: DAGCBORDecoderImpl
    let tape: CBORTape
    let entries: [Entry]

    init(decoder: DAGCBORDecoderImpl, mapIndex: Int) {
        self.decoder = decoder
        tape = decoder.tape
        let tokens = tape.tokens
        var entries: [Entry] = []
        entries.reserveCapacity(Int(tokens[mapIndex].argument))
        var child = mapIndex + 1
        let end = tokens[mapIndex].end
        tape.bytes.withUnsafeBufferPointer { bytes in
            while child < end {
                let token = tokens[child]
                let length = Int(token.argument)
                let key = UnsafeBufferPointer(rebasing: bytes[token.start..<(token.start + length)])
                entries.append(Entry(token: child, length: length, prefix: KeyPrefix.of(key)))
                child = tokens[child + 1].end
            }
        }
        self.entries = entries
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { entries.compactMap { Key(stringValue: tape.string(at: $0.token)) } }

    /// The token index of the value for `key`, or nil.
    @inline(__always)
    private func find(_ key: Key) -> Int? { find(key.stringValue) }

    /// The token index of the value whose key has the UTF-8 bytes of `name`, or nil.
    private func find(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { utf8 -> Int? in
            let length = utf8.count
            let prefix = KeyPrefix.of(utf8)
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                let entry = entries[middle]
                var order = entry.length == length ? 0 : (entry.length < length ? -1 : 1)
                if order == 0 && entry.prefix != prefix { order = entry.prefix < prefix ? -1 : 1 }
                if order == 0 && length > 8 { order = tape.compareKey(at: entry.token, with: utf8) }
                if order == 0 { return entry.token + 1 }
                if order < 0 {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return nil
        }
    }

    private func require(_ key: Key) throws -> Int {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                       debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return index
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        tape.tokens[try require(key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try tape.decodeBool(at: try require(key), path: { decoder.path(key) })
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try tape.decodeString(at: try require(key), path: { decoder.path(key) })
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try tape.decodeDouble(at: try require(key), path: { decoder.path(key) })
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try tape.decodeFloat(at: try require(key), path: { decoder.path(key) })
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
        try tape.decodeInteger(type, at: try require(key), path: { decoder.path(key) })
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeValue(type, at: try require(key), key: key)
    }

    private func childDecoder(forKey key: any CodingKey, index: Int) -> DAGCBORDecoderImpl {
        DAGCBORDecoderImpl(tape: tape, index: index, codingPath: decoder.path(key), userInfo: decoder.options)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try childDecoder(forKey: key, index: try require(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try childDecoder(forKey: key, index: try require(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let index = find(DAGCBORCodingKey.super.stringValue) else {
            throw DecodingError.keyNotFound(DAGCBORCodingKey.super,
                                            .init(codingPath: codingPath, debugDescription: "No value for the key \"super\"."))
        }
        return childDecoder(forKey: DAGCBORCodingKey.super, index: index)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        childDecoder(forKey: key, index: try require(key))
    }
}

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
            throw DecodingError.valueNotFound(type, .init(codingPath: decoder.path(key),
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
