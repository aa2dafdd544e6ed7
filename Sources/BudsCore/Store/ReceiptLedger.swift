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

    /// Stores one receipt (already signed or verified by the caller) and updates its chain.
    static func append(_ receipt: Receipt, content: SessionContent, receivedAt: Date, in db: Database) throws {
        let entry = try LedgerEntry(receipt, content: content)
        try batch(in: db) { batch in try batch.append(entry, receivedAt: receivedAt) }
    }

    /// Runs `body` with a `Batch` for appending many receipts in the caller's transaction, then
    /// brings full-text search up to date with every chain row the batch created.
    static func batch<T>(in db: Database, _ body: (inout Batch) throws -> T) throws -> T {
        var batch = try Batch(db)
        let result = try body(&batch)
        try batch.indexNewRows()
        return result
    }

    /// Appends receipts within one transaction.
    ///
    /// `memories_fts` follows updates of `local_receipts` by trigger, but new rows are indexed
    /// here, in one `INSERT … SELECT` per run of new rows (migration v2 dropped the insert
    /// trigger). A trigger fires once per row, and every statement that fires one opens a
    /// savepoint, which makes FTS5 flush its pending terms to disk: each new row became a
    /// segment of its own, to be merged again, which cost more than all other inserts together.
    /// A new row is indexed before any row is updated, so the update trigger always finds
    /// the index entries it replaces.
    struct Batch {
        private let db: Database
        private let insertHeader: Statement
        /// Rowids of `local_receipts` rows inserted by this batch and not yet in `memories_fts`,
        /// ascending.
        private var unindexed: [Int64] = []

        fileprivate init(_ db: Database) throws {
            self.db = db
            insertHeader = try db.cachedStatement(
                sql: """
                    INSERT INTO ucr_headers (cid, did, device_id, parent_cid, root_cid, receipt_type, signature, raw_cbor, \
                    payload_json, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
        }

        /// Stores a receipt in `ucr_headers` and folds it into its chain.
        mutating func append(_ entry: LedgerEntry, receivedAt: Date) throws {
            let header = entry.receipt.header
            var binder = StatementBinder(insertHeader)
            try binder.bind(entry.cid)
            try binder.bind(header.did)
            try binder.bind(header.deviceId)
            try binder.bind(entry.parentCID)
            try binder.bind(entry.rootCID)
            try binder.bind(header.receiptType)
            try binder.bind(entry.signature)
            try binder.bind(entry.receipt.rawCBOR)
            try binder.bind(entry.payloadJSON)
            try binder.bind(receivedAt.timeIntervalSince1970)
            try binder.execute()
            try project(entry)
        }

        private mutating func project(_ entry: LedgerEntry) throws {
            let receipt = entry.receipt
            // A first receipt starts a new chain: there is nothing to look up.
            let existing = entry.parentCID == nil ? nil : try LocalReceiptRow.fetchCached(rootCID: entry.rootCID, in: db)
            let createdAtMs = receipt.header.createdAtMs
            switch entry.content {
            case .session(let payload):
                if var row = existing {
                    guard !row.isDeleted, ReceiptLedger.isNewer(receipt, than: row) else { return }
                    row.apply(payload, head: entry.cid, headCreatedAtMs: createdAtMs, effectsJSON: entry.effectsJSON)
                    try indexNewRows()
                    try row.updateCached(db)
                    try ReceiptLedger.index(row.uuid, effects: payload.effects, replacing: true, in: db)
                } else {
                    guard entry.parentCID == nil else {
                        throw ReceiptError.missingParent(cid: entry.cid, parent: entry.parentCID ?? "")
                    }
                    let createdAt = Double(createdAtMs) / 1000
                    var row = LocalReceiptRow(
                        uuid: entry.memoryKey, rootCID: entry.rootCID, headerCID: entry.cid, headCreatedAtMs: createdAtMs,
                        isDeleted: false, isFavorited: false, tagsJSON: "[]", localNotes: nil, imageCID: nil,
                        locationCID: nil, strainName: "", productType: "", rating: 0, notes: nil, brand: nil,
                        thcPercent: nil, cbdPercent: nil, amountGrams: nil, effectsJSON: "[]", consumptionMethod: nil,
                        claimedTimeMs: nil, sessionAt: createdAt, createdAt: createdAt, updatedAt: createdAt
                    )
                    row.apply(payload, head: entry.cid, headCreatedAtMs: createdAtMs, effectsJSON: entry.effectsJSON)
                    try row.insertCached(db)
                    unindexed.append(db.lastInsertedRowID)
                    try ReceiptLedger.index(row.uuid, effects: payload.effects, replacing: false, in: db)
                }
            case .deletion:
                guard var row = existing else {
                    throw ReceiptError.missingParent(cid: entry.cid, parent: entry.parentCID ?? "")
                }
                guard !row.isDeleted else { return }
                row.isDeleted = true
                row.headerCID = entry.cid
                row.headCreatedAtMs = createdAtMs
                row.updatedAt = Double(createdAtMs) / 1000
                try indexNewRows()
                try row.updateCached(db)
                try ReceiptLedger.unindex(row.uuid, in: db)
            }
        }

        /// Adds the rows inserted so far to `memories_fts`, one statement per run of
        /// consecutive rowids (a batch of new sessions is one run).
        fileprivate mutating func indexNewRows() throws {
            guard !unindexed.isEmpty else { return }
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO memories_fts (rowid, strain_name, brand, notes)
                    SELECT rowid, strain_name, brand, notes FROM local_receipts WHERE rowid BETWEEN ? AND ? ORDER BY rowid
                    """)
            var first = unindexed[0]
            var last = first
            for rowID in unindexed.dropFirst() {
                if rowID == last + 1 {
                    last = rowID
                    continue
                }
                try insert.execute(arguments: [first, last])
                first = rowID
                last = rowID
            }
            try insert.execute(arguments: [first, last])
            unindexed.removeAll()
        }
    }

    /// A chain's head moves to the receipt that continues it; when two devices forked the
    /// chain, the later receipt (then the greater CID) wins, so every device agrees.
    private static func isNewer(_ receipt: Receipt, than row: LocalReceiptRow) -> Bool {
        if receipt.header.parentCID?.string == row.headerCID { return true }
        if receipt.header.createdAtMs != row.headCreatedAtMs { return receipt.header.createdAtMs > row.headCreatedAtMs }
        return receipt.cid.string > row.headerCID
    }

    /// Replaces a chain's effect rows.
    private static func index(_ uuid: String, effects: [String], replacing: Bool, in db: Database) throws {
        if replacing { try unindex(uuid, in: db) }
        let insert = try db.cachedStatement(sql: "INSERT INTO memory_effects (memory_uuid, effect) VALUES (?, ?)")
        for effect in effects {
            var binder = StatementBinder(insert)
            try binder.bind(uuid)
            try binder.bind(effect)
            try binder.execute()
        }
    }

    private static func unindex(_ uuid: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM memory_effects WHERE memory_uuid = ?").execute(arguments: [uuid])
    }
}
