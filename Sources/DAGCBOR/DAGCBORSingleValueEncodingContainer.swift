import Foundation

/// Single-value container: writes one value into the encoder's scratch buffer.
struct DAGCBORSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: DAGCBOREncoderImpl

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Ensures one value per container; a second one is a programming error reported at `finalize`.
    private func claim() throws {
        guard encoder.kind == .single, encoder.scratch.bytes.isEmpty else {
            throw EncodingError.invalidValue(
                "value",
                .init(
                    codingPath: codingPath,
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
