import Foundation

/// One receipt of a session's chain, as history shows it.
public struct ReceiptVersion: Codable, Hashable, Sendable, Identifiable {
    public var id: String { cid }
    public let cid: String
    public let receiptType: String
    public let did: String
    public let deviceId: String
    public let createdAtMs: Int64
    public let parentCID: String?
    public let rootCID: String
    /// Ed25519 signature over the raw CBOR, base64.
    public let signature: String
    /// The payload as JSON text (links as CID strings).
    public let payloadJSON: String
    /// nil when the receipt verifies; otherwise why it does not.
    public let verificationFailure: String?

    public var isVerified: Bool { verificationFailure == nil }
    public var createdAt: Date { Date(timeIntervalSince1970: Double(createdAtMs) / 1000) }

    public init(
        cid: String, receiptType: String, did: String, deviceId: String, createdAtMs: Int64, parentCID: String?,
        rootCID: String, signature: String, payloadJSON: String, verificationFailure: String?
    ) {
        self.cid = cid
        self.receiptType = receiptType
        self.did = did
        self.deviceId = deviceId
        self.createdAtMs = createdAtMs
        self.parentCID = parentCID
        self.rootCID = rootCID
        self.signature = signature
        self.payloadJSON = payloadJSON
        self.verificationFailure = verificationFailure
    }
}
