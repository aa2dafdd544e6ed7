public import Foundation

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

    private enum DerivedKeys: String, CodingKey {
        case id, createdAt, verified
    }

    /// JSON also carries `id` (the CID), `createdAt` and `verified` (derived; ignored when decoding).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cid, forKey: .cid)
        try container.encode(receiptType, forKey: .receiptType)
        try container.encode(did, forKey: .did)
        try container.encode(deviceId, forKey: .deviceId)
        try container.encode(createdAtMs, forKey: .createdAtMs)
        try container.encodeIfPresent(parentCID, forKey: .parentCID)
        try container.encode(rootCID, forKey: .rootCID)
        try container.encode(signature, forKey: .signature)
        try container.encode(payloadJSON, forKey: .payloadJSON)
        try container.encodeIfPresent(verificationFailure, forKey: .verificationFailure)
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(id, forKey: .id)
        try derived.encode(createdAt, forKey: .createdAt)
        try derived.encode(isVerified, forKey: .verified)
    }

    private enum CodingKeys: String, CodingKey {
        case cid, receiptType, did, deviceId, createdAtMs, parentCID, rootCID, signature, payloadJSON, verificationFailure
    }

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
