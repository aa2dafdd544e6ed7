import Foundation

/// A per-field validation failure that an app shows next to the field, e.g.
/// "rating: must be between 1 and 5".
public struct ValidationError: Error, Equatable, Hashable, Sendable {
    /// The name of the field as the person sees it (or the CLI flag / JSON key).
    public let field: String
    /// What the value must be, phrased to complete "<field>: …".
    public let reason: String

    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }
}

extension ValidationError: LocalizedError {
    public var errorDescription: String? {
        "\(field): \(reason)"
    }
}
