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

extension Array: DirectCBOREncodable where Element: DirectCBOREncodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) {
        guard depth < DAGCBORValue.maxNestingDepth else { throw .nestingTooDeep }
        writer.writeHead(.array, UInt64(count))
        for element in self { try element.writeCBOR(into: &writer, depth: depth + 1) }
    }
}

extension Array: DirectCBORDecodable where Element: DirectCBORDecodable {
    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> [Element] {
        let token = tape.tokens[index]
        guard token.kind == .array else { throw tape.mismatch([Element].self, at: index, path: path) }
        var elements: [Element] = []
        elements.reserveCapacity(Int(token.argument))
        var child = index + 1
        while child < token.end {
            let position = elements.count
            elements.append(try Element.readCBOR(from: tape, at: child, path: { path() + [DAGCBORCodingKey(index: position)] }))
            child = tape.tokens[child].end
        }
        return elements
    }
}

extension Optional: DirectCBOREncodable where Wrapped: DirectCBOREncodable {
    func writeCBOR(into writer: inout CBORWriter, depth: Int) throws(DAGCBORError) {
        switch self {
        case .none: writer.writeNull()
        case .some(let wrapped): try wrapped.writeCBOR(into: &writer, depth: depth)
        }
    }
}

extension Optional: DirectCBORDecodable where Wrapped: DirectCBORDecodable {
    static func readCBOR(from tape: CBORTape, at index: Int, path: () -> [any CodingKey]) throws -> Wrapped? {
        if tape.tokens[index].kind == .null { return nil }
        return try Wrapped.readCBOR(from: tape, at: index, path: path)
    }
}
