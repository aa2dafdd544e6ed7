public import DAGCBOR
public import Foundation

/// The signed part of a receipt: a DAG-CBOR map whose canonical bytes are hashed into the
/// receipt's CID and signed with the author's Ed25519 key.
///
/// The key names are the wire format (`did`, `deviceId`, `signingKey`, `receiptType`,
/// `createdAtMs`, `payload`, `parentCID`, `rootCID`); absent optionals are omitted, never
/// encoded as null, so that the same logical record always has the same bytes.
public struct ReceiptBody<Payload: Codable & Sendable>: Codable, Sendable {
    /// The author's `did:buds:` identifier; must match `signingKey`.
    public var did: String
    /// The authoring device, a lowercase UUID string.
    public var deviceId: String
    /// The raw 32-byte Ed25519 public key that signed the receipt.
    public var signingKey: Data
    /// What the payload means and at which version, e.g. `app.buds.session.created/v1`.
    public var receiptType: String
    /// When the receipt was made, milliseconds since 1970 (device clock; not a proof of time).
    public var createdAtMs: Int64
    /// The app's record; a DAG-CBOR map.
    public var payload: Payload
    /// For edits and deletions: the receipt this one supersedes.
    public var parentCID: CID?
    /// For edits and deletions: the first receipt of the chain.
    public var rootCID: CID?

    public init(
        did: String,
        deviceId: String,
        signingKey: Data,
        receiptType: String,
        createdAtMs: Int64,
        payload: Payload,
        parentCID: CID? = nil,
        rootCID: CID? = nil
    ) {
        self.did = did
        self.deviceId = deviceId
        self.signingKey = signingKey
        self.receiptType = receiptType
        self.createdAtMs = createdAtMs
        self.payload = payload
        self.parentCID = parentCID
        self.rootCID = rootCID
    }
}
