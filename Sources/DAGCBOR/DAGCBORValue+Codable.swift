import Foundation

/// With `DAGCBOREncoder`/`DAGCBORDecoder` a `DAGCBORValue` property is written and read exactly as it is.
/// With other coders (JSON, …) it maps to the nearest shapes: maps to keyed containers, arrays to unkeyed,
/// bytes to `Data`, links to CID strings; decoding from them is best effort (bytes and links come back as
/// whatever the coder produced for them, typically arrays or strings).
extension DAGCBORValue: Codable {
    public func encode(to encoder: any Encoder) throws {
        if let cborEncoder = encoder as? DAGCBOREncoderImpl {
            try cborEncoder.encodeDirect(self)
            return
        }
        switch self {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .map(let map):
            var container = encoder.container(keyedBy: DAGCBORCodingKey.self)
            for entry in map.entries { try container.encode(entry.value, forKey: DAGCBORCodingKey(stringValue: entry.key)) }
        case .unsigned(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .negative(let value):
            guard value <= UInt64(Int64.max) else {
                throw EncodingError.invalidValue(
                    self,
                    .init(
                        codingPath: encoder.codingPath,
                        debugDescription: "Integers below Int64.min exist only in DAG-CBOR."))
            }
            var container = encoder.singleValueContainer()
            try container.encode(~Int64(value))
        case .bytes(let data):
            var container = encoder.singleValueContainer()
            try container.encode(data)
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .float(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .link(let cid):
            var container = encoder.singleValueContainer()
            try container.encode(cid)
        }
    }

    public init(from decoder: any Decoder) throws {
        if let cborDecoder = decoder as? DAGCBORDecoderImpl {
            self = try cborDecoder.decodeDirect(DAGCBORValue.self)
            return
        }
        if let container = try? decoder.container(keyedBy: DAGCBORCodingKey.self) {
            var entries: [(String, DAGCBORValue)] = []
            for key in container.allKeys {
                entries.append((key.stringValue, try container.decode(DAGCBORValue.self, forKey: key)))
            }
            self = .map(try DAGCBORMap(entries))
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [DAGCBORValue] = []
            while !container.isAtEnd { elements.append(try container.decode(DAGCBORValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .float(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }
}
