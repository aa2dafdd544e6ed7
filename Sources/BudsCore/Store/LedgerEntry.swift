import DAGCBOR
import Foundation
import Receipts

/// A receipt with every value the ledger writes already worked out: CID strings, the payload as
/// JSON, the chain's memory id and its effects as JSON.
///
/// None of this needs the database, and all of it costs more than the inserts it feeds, so a
/// batch computes entries on other cores (see `ReceiptManager.createBatch`) while the one writer
/// connection only inserts. A class, so that passing one to the writer copies a reference, not
/// its many fields.
final class LedgerEntry: Sendable {
    let receipt: Receipt
    let content: SessionContent
    let cid: String
    let parentCID: String?
    let rootCID: String
    let signature: String
    let payloadJSON: String
    /// The chain's id (`MemoryID.forRoot`), the key of its `local_receipts` row.
    let memoryID: UUID
    /// `memoryID` as stored: lower-case.
    let memoryKey: String
    /// The session's effects as stored in `local_receipts.effects_json`; "[]" for a deletion.
    let effectsJSON: String

    /// Works out an entry. Pass the same `encoder` for many entries on one thread: it is the
    /// costly part to create.
    init(_ receipt: Receipt, content: SessionContent, encoder: JSONEncoder = LedgerEntry.makeJSONEncoder()) throws {
        self.receipt = receipt
        self.content = content
        cid = receipt.cid.string
        parentCID = receipt.header.parentCID?.string
        let root = receipt.rootCID
        rootCID = root == receipt.cid ? cid : root.string
        signature = receipt.signatureBase64
        memoryID = MemoryID.forRoot(root)
        memoryKey = memoryID.uuidString.lowercased()
        switch content {
        case .session(let payload):
            payloadJSON = String(decoding: try encoder.encode(payload), as: UTF8.self)
            effectsJSON = LocalReceiptRow.json(payload.effects, encoder: encoder)
        case .deletion:
            payloadJSON = String(decoding: try encoder.encode(DeletionPayload()), as: UTF8.self)
            effectsJSON = "[]"
        }
    }

    /// The encoder of `payload_json` and `effects_json`: sorted keys, so equal payloads are
    /// equal text.
    static func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
