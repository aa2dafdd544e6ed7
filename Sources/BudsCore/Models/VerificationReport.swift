/// The result of checking every receipt in the journal.
public struct VerificationReport: Codable, Hashable, Sendable {
    public struct Failure: Codable, Hashable, Sendable {
        public let cid: String
        public let reason: String
    }

    public let total: Int
    public let verified: Int
    public let failures: [Failure]

    public var failed: Int { failures.count }
    public var isValid: Bool { failures.isEmpty }
}
