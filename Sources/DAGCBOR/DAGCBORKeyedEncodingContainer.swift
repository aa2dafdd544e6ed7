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
