public import DAGCBOR
public import Foundation

/// A signed, content-addressed record: the canonical DAG-CBOR body, its CID and the Ed25519
/// signature over exactly those bytes.
///
/// Anyone holding `rawCBOR` and `signature` can check the receipt offline with ordinary tools:
/// SHA-256 of the bytes gives the CID, and the body itself carries the public key.
public struct Receipt: Hashable, Sendable {
    /// The canonical DAG-CBOR encoding of the body; what is hashed and signed.
    public let rawCBOR: Data
    /// CIDv1(dag-cbor, sha2-256(rawCBOR)).
    public let cid: CID
    /// The 64-byte Ed25519 signature over `rawCBOR`.
    public let signature: Data
    /// The envelope fields, parsed from `rawCBOR`.
    public let header: ReceiptHeader

    /// Reassembles a receipt from stored or received parts. The CID is recomputed, never
    /// trusted; use `ReceiptVerifier` to check the signature and the chain.
    public init(rawCBOR: Data, signature: Data) throws {
        self.rawCBOR = rawCBOR
        self.signature = signature
        self.cid = CID(codec: .dagCBOR, hashing: rawCBOR)
        self.header = try ReceiptHeader(rawCBOR: rawCBOR)
    }

    /// The root of this receipt's chain: itself for a first receipt.
    public var rootCID: CID { header.rootCID ?? cid }

    /// The signature as carried in headers and JSON (standard base64).
    public var signatureBase64: String { signature.base64EncodedString() }

    /// Decodes the whole body with a typed payload.
    public func body<Payload: Codable & Sendable>(as payload: Payload.Type) throws -> ReceiptBody<Payload> {
        try DAGCBORDecoder().decode(ReceiptBody<Payload>.self, from: rawCBOR)
    }
}
