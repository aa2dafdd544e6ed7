extension ServerRejection {
    /// The 400 for a JSON body that did not decode into the contract's schema, naming the field
    /// at fault by its path (`items.[2].name`) as the generated decoder reports it.
    ///
    /// - Parameter apiName: the contract as a person knows it, e.g. "the Kilroy API".
    public static func rejection(for error: DecodingError, apiName: String) -> ServerRejection {
        func fieldName(_ path: [any CodingKey]) -> String? {
            let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? nil : names.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = fieldName(context.codingPath + [key]) ?? key.stringValue
            return .badRequest("missing_field", "The request body misses the required field \(field).", field: field)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = fieldName(context.codingPath)
            return .badRequest("invalid_field", "The field \(field ?? "value") has the wrong type for \(apiName).", field: field)
        case .dataCorrupted(let context):
            guard let field = fieldName(context.codingPath) else {
                return .badRequest("malformed_json", "The request body is not valid JSON.")
            }
            return .badRequest("invalid_field", "The field \(field) is invalid: \(context.debugDescription)", field: field)
        @unknown default:
            return .badRequest("malformed_json", "The request body could not be read as \(apiName)'s JSON.")
        }
    }
}
