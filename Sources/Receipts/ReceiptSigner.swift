import DAGCBOR
public import Foundation
public import Identity

/// Makes receipts for one identity on one device: payload → DAG-CBOR → CID → Ed25519 signature.
public struct ReceiptSigner: Sendable {
    public let identity: Identity
    /// The lowercase UUID string written into every receipt's `deviceId`.
    public let deviceId: String
    private let did: String
    private let signingPublicKey: Data
    private let encoder = DAGCBOREncoder()

    public init(identity: Identity, deviceId: UUID) {
        self.identity = identity
        self.deviceId = deviceId.uuidString.lowercased()
        self.did = identity.did
        self.signingPublicKey = identity.signingPublicKey
    }

    /// Signs a new receipt. Pass `parent` to continue a chain (an edit or a deletion): the new
    /// receipt's `parentCID` is the parent's CID and its `rootCID` the parent's root.
    public func sign<Payload: Codable & Sendable>(
        type receiptType: String,
        payload: Payload,
        createdAtMs: Int64,
        parent: Receipt? = nil
    ) throws -> Receipt {
        let body = ReceiptBody(
            did: did,
            deviceId: deviceId,
            signingKey: signingPublicKey,
            receiptType: receiptType,
            createdAtMs: createdAtMs,
            payload: payload,
            parentCID: parent?.cid,
            rootCID: parent?.rootCID
        )
        let rawCBOR = try encoder.encode(body)
        let signature = try identity.sign(rawCBOR)
        return try Receipt(rawCBOR: rawCBOR, signature: signature)
    }
}
