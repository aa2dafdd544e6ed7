import DAGCBOR
import Foundation
import GRDB
import Receipts

/// What a journal receipt carries, once its payload has been decoded and type-checked.
enum SessionContent: Sendable {
    case session(SessionPayload)
    case deletion
}

/// The one write path of the journal: stores a verified receipt in `ucr_headers` and folds it
/// into its chain's `local_receipts` row, in the caller's transaction. Both new sessions and
/// imported archives go through here, so the two can never disagree on what a chain shows.
enum ReceiptLedger {
    /// Decodes a receipt's payload for its type and checks the type against the chain shape.
    static func content(of receipt: Receipt) throws -> SessionContent {
        let cid = receipt.cid.string
        guard let type = ReceiptType(rawValue: receipt.header.receiptType) else {
            throw ReceiptError.unexpectedType(cid: cid, receiptType: receipt.header.receiptType)
        }
        let hasParent = receipt.header.parentCID != nil
        switch type {
        case .sessionCreated:
            guard !hasParent else { throw ReceiptError.malformedBody("a created receipt cannot have a parent") }
            return .session(try receipt.body(as: SessionPayload.self).payload)
        case .sessionEdited:
            guard hasParent else { throw ReceiptError.malformedBody("an edit must name its parent") }
            return .session(try receipt.body(as: SessionPayload.self).payload)
        case .sessionDeleted:
            guard hasParent else { throw ReceiptError.malformedBody("a deletion must name its parent") }
            _ = try receipt.body(as: DeletionPayload.self)
            return .deletion
        }
    }

    static func contains(_ cid: CID, in db: Database) throws -> Bool {
        try HeaderRow.exists(db, key: cid.string)
    }

    /// Loads a stored receipt; the CID is recomputed from the stored bytes.
    static func receipt(_ cid: String, in db: Database) throws -> Receipt? {
        guard let row = try HeaderRow.fetchOne(db, key: cid) else { return nil }
        return try receipt(from: row)
    }

    static func receipt(from row: HeaderRow) throws -> Receipt {
        guard let signature = Data(base64Encoded: row.signature) else {
            throw BudsError.corruptStore("receipt \(row.cid) has an unreadable signature")
        }
        return try Receipt(rawCBOR: row.rawCBOR, signature: signature)
    }

    /// Stores a receipt (already signed or verified by the caller) and updates its chain.
    static func append(_ receipt: Receipt, content: SessionContent, receivedAt: Date, in db: Database) throws {
        let insert = try db.cachedStatement(sql: """
            INSERT INTO ucr_headers (cid, did, device_id, parent_cid, root_cid, receipt_type, signature, raw_cbor, \
            payload_json, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.execute(arguments: [
            receipt.cid.string, receipt.header.did, receipt.header.deviceId, receipt.header.parentCID?.string,
            receipt.rootCID.string, receipt.header.receiptType, receipt.signatureBase64, receipt.rawCBOR,
            try payloadJSON(content), receivedAt.timeIntervalSince1970,
        ])
        try project(receipt, content: content, in: db)
    }

    private static func project(_ receipt: Receipt, content: SessionContent, in db: Database) throws {
        let rootCID = receipt.rootCID.string
        // A first receipt starts a new chain: there is nothing to look up.
        let existing = receipt.header.parentCID == nil ? nil : try LocalReceiptRow.fetchCached(rootCID: rootCID, in: db)
        let createdAtMs = receipt.header.createdAtMs
        switch content {
        case .session(let payload):
            if var row = existing {
                guard !row.isDeleted, isNewer(receipt, than: row) else { return }
                row.apply(payload, head: receipt.cid.string, headCreatedAtMs: createdAtMs)
                try row.updateCached(db)
                try index(row, effects: payload.effects, replacing: true, in: db)
            } else {
                guard receipt.header.parentCID == nil else {
                    throw ReceiptError.missingParent(cid: receipt.cid.string, parent: receipt.header.parentCID?.string ?? "")
                }
                let createdAt = Double(createdAtMs) / 1000
                var row = LocalReceiptRow(
                    uuid: MemoryID.forRoot(receipt.rootCID).uuidString.lowercased(), rootCID: rootCID,
                    headerCID: receipt.cid.string, headCreatedAtMs: createdAtMs, isDeleted: false, isFavorited: false,
                    tagsJSON: "[]", localNotes: nil, imageCID: nil, locationCID: nil, strainName: "", productType: "",
                    rating: 0, notes: nil, brand: nil, thcPercent: nil, cbdPercent: nil, amountGrams: nil,
                    effectsJSON: "[]", consumptionMethod: nil, claimedTimeMs: nil, sessionAt: createdAt,
                    createdAt: createdAt, updatedAt: createdAt
                )
                row.apply(payload, head: receipt.cid.string, headCreatedAtMs: createdAtMs)
                try row.insertCached(db)
                try index(row, effects: payload.effects, replacing: false, in: db)
            }
        case .deletion:
            guard var row = existing else {
                throw ReceiptError.missingParent(cid: receipt.cid.string, parent: receipt.header.parentCID?.string ?? "")
            }
            guard !row.isDeleted else { return }
            row.isDeleted = true
            row.headerCID = receipt.cid.string
            row.headCreatedAtMs = createdAtMs
            row.updatedAt = Double(createdAtMs) / 1000
            try row.updateCached(db)
            try unindex(row.uuid, in: db)
        }
    }

    /// A chain's head moves to the receipt that continues it; when two devices forked the
    /// chain, the later receipt (then the greater CID) wins, so every device agrees.
    private static func isNewer(_ receipt: Receipt, than row: LocalReceiptRow) -> Bool {
        if receipt.header.parentCID?.string == row.headerCID { return true }
        if receipt.header.createdAtMs != row.headCreatedAtMs { return receipt.header.createdAtMs > row.headCreatedAtMs }
        return receipt.cid.string > row.headerCID
    }

    /// Replaces a chain's effect rows (full-text search follows `local_receipts` by trigger).
    private static func index(_ row: LocalReceiptRow, effects: [String], replacing: Bool, in db: Database) throws {
        if replacing { try unindex(row.uuid, in: db) }
        let insert = try db.cachedStatement(sql: "INSERT INTO memory_effects (memory_uuid, effect) VALUES (?, ?)")
        for effect in effects {
            try insert.execute(arguments: [row.uuid, effect])
        }
    }

    private static func unindex(_ uuid: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM memory_effects WHERE memory_uuid = ?").execute(arguments: [uuid])
    }

    private static func payloadJSON(_ content: SessionContent) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        switch content {
        case .session(let payload): data = try encoder.encode(payload)
        case .deletion: data = try encoder.encode(DeletionPayload())
        }
        return String(decoding: data, as: UTF8.self)
    }
}
