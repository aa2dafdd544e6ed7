import DAGCBOR
public import Foundation

/// Why a receipt could not be built, read or trusted.
public enum ReceiptError: LocalizedError, Equatable, Sendable {
    /// The body is canonical CBOR but not a receipt (a missing, extra or mistyped key).
    case malformedBody(String)
    /// The stored CID does not name these bytes.
    case cidMismatch(expected: String, actual: String)
    /// The signature does not verify against the body's `signingKey`.
    case invalidSignature(cid: String)
    /// The body's `did` is not the DID of its `signingKey`.
    case didMismatch(cid: String, did: String)
    /// An edit or deletion names a parent the verifier does not have.
    case missingParent(cid: String, parent: String)
    /// An edit or deletion claims a different chain root than its parent's.
    case rootMismatch(cid: String)
    /// An edit or deletion was signed by a different key than its parent.
    case signerMismatch(cid: String)
    /// The receipt's type is not what the caller expected (e.g. an edit of a deleted chain).
    case unexpectedType(cid: String, receiptType: String)

    public var errorDescription: String? {
        switch self {
        case .malformedBody(let reason):
            "Receipt body is malformed: \(reason)."
        case .cidMismatch(let expected, let actual):
            "Receipt content does not match its CID: expected \(expected), the bytes hash to \(actual)."
        case .invalidSignature(let cid):
            "Receipt \(cid) has an invalid signature."
        case .didMismatch(let cid, let did):
            "Receipt \(cid) claims \(did), which is not the DID of its signing key."
        case .missingParent(let cid, let parent):
            "Receipt \(cid) refers to parent \(parent), which is not present."
        case .rootMismatch(let cid):
            "Receipt \(cid) names a different chain root than its parent."
        case .signerMismatch(let cid):
            "Receipt \(cid) was signed by a different key than its parent."
        case .unexpectedType(let cid, let receiptType):
            "Receipt \(cid) has the unexpected type \(receiptType)."
        }
    }
}
