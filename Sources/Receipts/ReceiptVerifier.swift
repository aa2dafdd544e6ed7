public import DAGCBOR
import Foundation
import Identity

/// Checks that receipts are authentic, unaltered and correctly chained.
///
/// Stateless: chain checks take the parent explicitly, so the caller decides where receipts come
/// from (a database, an archive, a friend's device).
public enum ReceiptVerifier {
    /// Verifies one receipt on its own: the stored CID names the bytes, the signature verifies
    /// against the body's key, and the body's DID is that key's DID.
    /// - Parameter claimedCID: the CID the receipt was stored or sent under, if any.
    public static func verify(_ receipt: Receipt, claimedCID: CID? = nil) throws {
        if let claimedCID, claimedCID != receipt.cid {
            throw ReceiptError.cidMismatch(expected: claimedCID.string, actual: receipt.cid.string)
        }
        let header = receipt.header
        guard Identity.verify(signature: receipt.signature, of: receipt.rawCBOR, signingPublicKey: header.signingKey) else {
            throw ReceiptError.invalidSignature(cid: receipt.cid.string)
        }
        guard let expectedDID = try? Identity.did(forSigningPublicKey: header.signingKey), expectedDID == header.did else {
            throw ReceiptError.didMismatch(cid: receipt.cid.string, did: header.did)
        }
    }

    /// Verifies a receipt's place in its chain: a first receipt has no parent; an edit or deletion
    /// has its parent present, shares the parent's root and was signed by the same key.
    public static func verifyChain(_ receipt: Receipt, parent: Receipt?) throws {
        guard let parentCID = receipt.header.parentCID else { return }
        guard let parent, parent.cid == parentCID else {
            throw ReceiptError.missingParent(cid: receipt.cid.string, parent: parentCID.string)
        }
        guard receipt.header.rootCID == parent.rootCID else {
            throw ReceiptError.rootMismatch(cid: receipt.cid.string)
        }
        guard receipt.header.signingKey == parent.header.signingKey else {
            throw ReceiptError.signerMismatch(cid: receipt.cid.string)
        }
    }

    /// Verifies a set of receipts together (each one, then each chain link against the set).
    /// - Returns: the failures keyed by receipt CID; empty when everything verifies.
    public static func verifyAll(_ receipts: [Receipt]) -> [CID: ReceiptError] {
        var byCID: [CID: Receipt] = [:]
        for receipt in receipts { byCID[receipt.cid] = receipt }
        var failures: [CID: ReceiptError] = [:]
        for receipt in receipts {
            do {
                try verify(receipt)
                try verifyChain(receipt, parent: receipt.header.parentCID.flatMap { byCID[$0] })
            } catch let error as ReceiptError {
                failures[receipt.cid] = error
            } catch {
                failures[receipt.cid] = .malformedBody(error.localizedDescription)
            }
        }
        return failures
    }
}
