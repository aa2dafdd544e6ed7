import Foundation

/// Types the DAG-CBOR coders write and read themselves instead of going through `Codable` containers:
/// the primitives (fast path), plus `Data`, `CID` and `DAGCBORValue`, whose own `Codable` implementations
/// would not produce byte strings, links and raw values.
protocol DirectCBOREncodable {
    /// Writes the value; `depth` is the number of arrays and maps enclosing it.
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError)
}

protocol DirectCBORDecodable {
    /// Reads the value from token `index` of `tape`; `path` gives the coding path for errors.
    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> Self
}

extension DirectCBOREncodable where Self: FixedWidthInteger {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) { writer.writeInteger(self) }
}

extension DirectCBORDecodable where Self: FixedWidthInteger {
    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> Self {
        try tape.decodeInteger(Self.self, at: index, path: path)
    }
}

extension Int: DirectCBOREncodable, DirectCBORDecodable {}
extension Int8: DirectCBOREncodable, DirectCBORDecodable {}
extension Int16: DirectCBOREncodable, DirectCBORDecodable {}
extension Int32: DirectCBOREncodable, DirectCBORDecodable {}
extension Int64: DirectCBOREncodable, DirectCBORDecodable {}
extension UInt: DirectCBOREncodable, DirectCBORDecodable {}
extension UInt8: DirectCBOREncodable, DirectCBORDecodable {}
extension UInt16: DirectCBOREncodable, DirectCBORDecodable {}
extension UInt32: DirectCBOREncodable, DirectCBORDecodable {}
extension UInt64: DirectCBOREncodable, DirectCBORDecodable {}

extension String: DirectCBOREncodable, DirectCBORDecodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) { writer.writeText(self) }

    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> String {
        try tape.decodeString(at: index, path: path)
    }
}

extension Bool: DirectCBOREncodable, DirectCBORDecodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) { writer.writeBool(self) }

    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> Bool {
        try tape.decodeBool(at: index, path: path)
    }
}

extension Double: DirectCBOREncodable, DirectCBORDecodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) { try writer.writeDouble(self) }

    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> Double {
        try tape.decodeDouble(at: index, path: path)
    }
}

extension Float: DirectCBOREncodable, DirectCBORDecodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) { try writer.writeDouble(Double(self)) }

    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> Float {
        try tape.decodeFloat(at: index, path: path)
    }
}

extension Data: DirectCBOREncodable, DirectCBORDecodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) { writer.writeBytes(self) }

    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> Data {
        try tape.decodeData(at: index, path: path)
    }
}

extension CID: DirectCBOREncodable, DirectCBORDecodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) { writer.writeLink(self) }

    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> CID {
        try tape.decodeLink(at: index, path: path)
    }
}

extension DAGCBORValue: DirectCBOREncodable, DirectCBORDecodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) {
        try write(to: &writer, depth: depth)
    }

    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> DAGCBORValue {
        try tape.value(at: index)
    }
}
