import Foundation

/// Keyed container: writes each entry's key and value into the encoder's scratch buffer.
struct DAGCBORKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: DAGCBOREncoderImpl

    var codingPath: [any CodingKey] { encoder.codingPath }

    @inline(__always)
    private func integer(_ value: some FixedWidthInteger, forKey key: Key) {
        encoder.beginEntry(key)
        encoder.scratch.writeInteger(value)
        encoder.endEntry()
    }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.beginEntry(key)
        encoder.scratch.writeNull()
        encoder.endEntry()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        encoder.beginEntry(key)
        encoder.scratch.writeBool(value)
        encoder.endEntry()
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        encoder.beginEntry(key)
        encoder.scratch.writeText(value)
        encoder.endEntry()
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        encoder.beginEntry(key)
        do {
            try encoder.writeDouble(value, path: encoder.path.appending(key))
        } catch {
            encoder.abandonEntry()
            throw error
        }
        encoder.endEntry()
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encode(Double(value), forKey: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.beginEntry(key)
        do {
            try encoder.encodeValue(value, childLevel: encoder.level + 1, path: encoder.path.appending(key))
        } catch {
            encoder.abandonEntry()
            throw error
        }
        encoder.endEntry()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.deferChild(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.deferChild(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.deferChild(forKey: DAGCBORCodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.deferChild(forKey: key)
    }
}

/// Unkeyed container: appends elements to the encoder's scratch buffer and counts them.
struct DAGCBORUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: DAGCBOREncoderImpl

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.arrayCount }

    private var indexKey: DAGCBORCodingKey { DAGCBORCodingKey(index: encoder.arrayCount) }

    @inline(__always)
    private func integer(_ value: some FixedWidthInteger) {
        encoder.scratch.writeInteger(value)
        encoder.arrayCount += 1
    }

    mutating func encodeNil() throws {
        encoder.scratch.writeNull()
        encoder.arrayCount += 1
    }

    mutating func encode(_ value: Bool) throws {
        encoder.scratch.writeBool(value)
        encoder.arrayCount += 1
    }

    mutating func encode(_ value: String) throws {
        encoder.scratch.writeText(value)
        encoder.arrayCount += 1
    }

    mutating func encode(_ value: Double) throws {
        try encoder.writeDouble(value, path: encoder.path.appending(indexKey))
        encoder.arrayCount += 1
    }

    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let start = encoder.scratch.bytes.count
        do {
            try encoder.encodeValue(value, childLevel: encoder.level + 1, path: encoder.path.appending(indexKey))
        } catch {
            encoder.scratch.bytes.removeSubrange(start...)
            throw error
        }
        encoder.arrayCount += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.deferElement().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.deferElement().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.deferElement()
    }
}

/// Single-value container: writes one value into the encoder's scratch buffer.
struct DAGCBORSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: DAGCBOREncoderImpl

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Ensures one value per container; a second one is a programming error reported at `finalize`.
    private func claim() throws {
        guard encoder.kind == .single, encoder.scratch.bytes.isEmpty else {
            throw EncodingError.invalidValue(
                "value", .init(codingPath: codingPath,
                               debugDescription: "A single-value container was asked to encode a second value."))
        }
    }

    mutating func encodeNil() throws {
        try claim()
        encoder.scratch.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try claim()
        encoder.scratch.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try claim()
        encoder.scratch.writeText(value)
    }

    mutating func encode(_ value: Double) throws {
        try claim()
        try encoder.writeDouble(value, path: encoder.path)
    }

    mutating func encode(_ value: Float) throws { try encode(Double(value)) }

    private mutating func integer(_ value: some FixedWidthInteger) throws {
        try claim()
        encoder.scratch.writeInteger(value)
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try claim()
        do {
            try encoder.encodeValue(value, childLevel: encoder.level, path: encoder.path)
        } catch {
            encoder.scratch.bytes.removeAll(keepingCapacity: true)
            throw error
        }
    }
}
