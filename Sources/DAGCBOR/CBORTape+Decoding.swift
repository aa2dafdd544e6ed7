import Foundation

/// Reading Swift values from tape tokens, with `DecodingError`s that carry the coding path.
extension CBORTape {
    func describe(_ kind: Kind) -> String {
        switch kind {
        case .unsigned, .negative: return "an integer"
        case .bytes: return "a byte string"
        case .text: return "a text string"
        case .array: return "an array"
        case .map: return "a map"
        case .float: return "a float"
        case .bool: return "a boolean"
        case .null: return "null"
        case .link: return "a CID link"
        }
    }

    /// `valueNotFound` for null, `typeMismatch` otherwise.
    func mismatch<T>(_ type: T.Type, at index: Int, path: () -> [any CodingKey]) -> DecodingError {
        let kind = tokens[index].kind
        if kind == .null {
            return DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: path(),
                    debugDescription: "Expected \(type) but found null instead."))
        }
        return DecodingError.typeMismatch(
            type,
            .init(
                codingPath: path(),
                debugDescription: "Expected \(type) but found \(describe(kind)) instead."))
    }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int, path: () -> [any CodingKey]) throws -> T {
        let token = tokens[index]
        switch token.kind {
        case .unsigned:
            if let value = T(exactly: token.argument) { return value }
            throw outOfRange(type, description: String(token.argument), path: path)
        case .negative:
            // −1 − n == ~n in two's complement; it fits when n <= T.max.
            if T.isSigned && token.argument <= UInt64(T.max) { return ~T(truncatingIfNeeded: token.argument) }
            let magnitude = token.argument == .max ? "18446744073709551616" : String(token.argument + 1)
            throw outOfRange(type, description: "-" + magnitude, path: path)
        case .bytes, .text, .array, .map, .float, .bool, .null, .link:
            throw mismatch(type, at: index, path: path)
        }
    }

    private func outOfRange<T>(_ type: T.Type, description: String, path: () -> [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            .init(
                codingPath: path(),
                debugDescription: "The integer \(description) does not fit in \(type).",
                underlyingError: DAGCBORError.integerOutOfRange))
    }

    /// Only DAG-CBOR floats decode as `Double`: an integer is a different value (different bytes and CID).
    func decodeDouble(at index: Int, path: () -> [any CodingKey]) throws -> Double {
        let token = tokens[index]
        guard token.kind == .float else { throw mismatch(Double.self, at: index, path: path) }
        return Double(bitPattern: token.argument)
    }

    /// Rounds to the nearest `Float`; a value beyond `Float`'s range is an error rather than infinity.
    func decodeFloat(at index: Int, path: () -> [any CodingKey]) throws -> Float {
        let token = tokens[index]
        guard token.kind == .float else { throw mismatch(Float.self, at: index, path: path) }
        let double = Double(bitPattern: token.argument)
        let float = Float(double)
        guard float.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: path(),
                    debugDescription: "The float \(double) does not fit in Float."))
        }
        return float
    }

    func decodeBool(at index: Int, path: () -> [any CodingKey]) throws -> Bool {
        let token = tokens[index]
        guard token.kind == .bool else { throw mismatch(Bool.self, at: index, path: path) }
        return token.argument != 0
    }

    func decodeString(at index: Int, path: () -> [any CodingKey]) throws -> String {
        guard tokens[index].kind == .text else { throw mismatch(String.self, at: index, path: path) }
        return string(at: index)
    }

    func decodeData(at index: Int, path: () -> [any CodingKey]) throws -> Data {
        guard tokens[index].kind == .bytes else { throw mismatch(Data.self, at: index, path: path) }
        return data(at: index)
    }

    func decodeLink(at index: Int, path: () -> [any CodingKey]) throws -> CID {
        guard tokens[index].kind == .link else { throw mismatch(CID.self, at: index, path: path) }
        return try cid(at: index)
    }
}
