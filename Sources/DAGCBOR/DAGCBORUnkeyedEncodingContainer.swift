import Foundation

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
