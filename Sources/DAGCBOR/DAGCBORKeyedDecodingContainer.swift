import Foundation

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
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
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
            throw DecodingError.keyNotFound(
                DAGCBORCodingKey.super,
                .init(codingPath: codingPath, debugDescription: "No value for the key \"super\"."))
        }
        return childDecoder(forKey: DAGCBORCodingKey.super, index: index)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        childDecoder(forKey: key, index: try require(key))
    }
}
