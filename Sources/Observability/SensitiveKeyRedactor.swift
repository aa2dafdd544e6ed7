public import Logging

/// Replaces the whole value of any metadata entry whose key looks sensitive with `[REDACTED]`.
///
/// A key is sensitive when its lower-cased name contains one of ``sensitiveFragments``
/// (`token`, `key`, `secret`, `password`, `seed`, `mnemonic`, `phone`, `email`), so
/// `api_token`, `publicKey` and `userEmail` are all caught. Matching is deliberately broad:
/// a false positive hides a harmless value, a false negative leaks a secret. The rule applies at
/// every depth of nested dictionaries; a sensitive key hides its whole value, nested or not.
public struct SensitiveKeyRedactor: Sendable {
    /// The text that replaces a sensitive value.
    public static let replacement = "[REDACTED]"

    /// The default key fragments, lower case.
    public static let defaultFragments = ["token", "key", "secret", "password", "seed", "mnemonic", "phone", "email"]

    /// Lower-case fragments; a key containing any of them is sensitive.
    public let sensitiveFragments: [String]

    public init(sensitiveFragments: [String] = SensitiveKeyRedactor.defaultFragments) {
        self.sensitiveFragments = sensitiveFragments.map { $0.lowercased() }
    }

    /// Whether values under `key` must be hidden.
    public func isSensitive(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return sensitiveFragments.contains { lowered.contains($0) }
    }

    /// `metadata` with the value of every sensitive key, at any depth, replaced.
    public func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        var result = Logger.Metadata(minimumCapacity: metadata.count)
        for (key, value) in metadata {
            result[key] = isSensitive(key) ? .string(Self.replacement) : redactNested(value)
        }
        return result
    }

    private func redactNested(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .string, .stringConvertible:
            value
        case .dictionary(let dictionary):
            .dictionary(redact(dictionary))
        case .array(let array):
            .array(array.map(redactNested))
        }
    }
}
