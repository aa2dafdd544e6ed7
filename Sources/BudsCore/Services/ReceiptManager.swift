import DAGCBOR
import Foundation
import GRDB
import Logging
import Receipts
import Storage

/// Turns validated sessions into signed receipts and stores them: payload → DAG-CBOR → CID →
/// signature → header + chain row, in one transaction. Edits and deletions extend the chain;
/// nothing is ever deleted from the receipt layer.
public struct ReceiptManager: Sendable {
    private let database: any DatabaseWriter
    private let signer: ReceiptSigner
    private let blobs: BlobStore
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let encoder = DAGCBOREncoder()

    public init(
        database: any DatabaseWriter,
        signer: ReceiptSigner,
        blobs: BlobStore,
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger = Logger(label: "buds.receipts")
    ) {
        self.database = database
        self.signer = signer
        self.blobs = blobs
        self.now = now
        self.logger = logger
    }

    /// Records a new session and returns the id of its chain.
    @discardableResult
    public func create(_ draft: SessionDraft) async throws -> UUID {
        try await createBatch([draft])[0]
    }

    /// Records many sessions in one transaction (imports from other apps, benchmarks): all or none.
    public func createBatch(_ drafts: [SessionDraft]) async throws -> [UUID] {
        let time = now()
        let prepared = try drafts.map { try prepare($0, now: time) }
        let ids = try await database.write { db in
            try ReceiptLedger.batch(in: db) { batch in
                try prepared.map { item in
                    try item.store(in: db, receivedAt: time)
                    let receipt = try signer.sign(
                        type: ReceiptType.sessionCreated.rawValue, payload: item.payload, createdAtMs: Self.milliseconds(time)
                    )
                    let entry = try LedgerEntry(receipt, content: .session(item.payload))
                    try batch.append(entry, receivedAt: time)
                    return entry.memoryID
                }
            }
        }
        logger.debug("sessions recorded", metadata: ["count": "\(ids.count)"])
        return ids
    }

    /// Records a new version of a session: the complete new payload, chained to the latest one.
    public func update(_ id: UUID, with draft: SessionDraft) async throws {
        let time = now()
        let item = try prepare(draft, now: time)
        try await database.write { db in
            let head = try authoredHead(of: id, in: db)
            try item.store(in: db, receivedAt: time)
            let receipt = try signer.sign(
                type: ReceiptType.sessionEdited.rawValue, payload: item.payload,
                createdAtMs: Self.milliseconds(time), parent: head
            )
            try ReceiptLedger.append(receipt, content: .session(item.payload), receivedAt: time, in: db)
        }
        logger.debug("session edited", metadata: ["memory": "\(id)"])
    }

    /// Deletes a session by appending a tombstone; its history stays verifiable.
    /// - Returns: the tombstone receipt's CID.
    @discardableResult
    public func delete(_ id: UUID) async throws -> String {
        let time = now()
        let tombstone = try await database.write { db in
            let head = try authoredHead(of: id, in: db)
            let receipt = try signer.sign(
                type: ReceiptType.sessionDeleted.rawValue, payload: DeletionPayload(),
                createdAtMs: Self.milliseconds(time), parent: head
            )
            try ReceiptLedger.append(receipt, content: .deletion, receivedAt: time, in: db)
            return receipt.cid.string
        }
        logger.debug("session deleted", metadata: ["memory": "\(id)"])
        return tombstone
    }

    /// The latest receipt of a live chain that this identity may extend.
    private func authoredHead(of id: UUID, in db: Database) throws -> Receipt {
        let reference = id.uuidString.lowercased()
        guard let row = try LocalReceiptRow.fetchOne(db, key: reference) else {
            throw BudsError.memoryNotFound(reference)
        }
        guard !row.isDeleted else { throw BudsError.memoryDeleted(reference) }
        guard let head = try ReceiptLedger.receipt(row.headerCID, in: db) else {
            throw BudsError.corruptStore("the latest receipt \(row.headerCID) of \(reference) is missing")
        }
        guard head.header.signingKey == signer.identity.signingPublicKey else {
            throw BudsError.notAuthor(reference)
        }
        return head
    }

    /// Validates a draft and does the work that must not happen inside the transaction:
    /// photo bytes go to the blob store first, so a row never points at a missing file.
    private func prepare(_ draft: SessionDraft, now: Date) throws -> PreparedSession {
        let draft = try draft.validated(now: now)
        var blob: BlobRow?
        var imageCID: CID?
        switch draft.image {
        case .none:
            break
        case .data(let data):
            guard data.count <= ImageKind.maximumByteCount else {
                throw BudsError.unsupportedImage("is larger than \(ImageKind.maximumByteCount / 1_048_576) MB")
            }
            guard let kind = ImageKind.detect(data) else {
                throw BudsError.unsupportedImage("is not a JPEG, PNG, HEIC, WebP or GIF image")
            }
            let cid = try blobs.put(data)
            imageCID = try CID(string: cid)
            blob = BlobRow(cid: cid, mimeType: kind.mimeType, byteCount: data.count, createdAt: now.timeIntervalSince1970)
        case .existing(let cid):
            imageCID = try CID(string: cid)
        }
        var location: LocationRow?
        if let input = draft.location {
            let record = LocationRecord(coordinate: input.coordinate, exact: input.exact, placeName: input.placeName)
            let raw = try encoder.encode(record)
            location = LocationRow(
                cid: CID(codec: .dagCBOR, hashing: raw).string, latitude: record.latitude, longitude: record.longitude,
                isExact: record.isExact, placeName: record.placeName, rawCBOR: raw, createdAt: now.timeIntervalSince1970
            )
        }
        let payload = SessionPayload(
            claimedTimeMs: draft.claimedTime.map(Self.milliseconds), productName: draft.strainName,
            productType: draft.productType.rawValue, rating: draft.rating, notes: draft.notes, brand: draft.brand,
            thcPercent: draft.thcPercent, cbdPercent: draft.cbdPercent, amountGrams: draft.amountGrams,
            effects: draft.effects, consumptionMethod: draft.consumptionMethod?.rawValue,
            locationCID: try location.map { try CID(string: $0.cid) }, imageCID: imageCID
        )
        return PreparedSession(payload: payload, location: location, blob: blob)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}

/// A validated session with its attachments, ready to be signed inside a transaction.
private struct PreparedSession: Sendable {
    let payload: SessionPayload
    let location: LocationRow?
    let blob: BlobRow?

    func store(in db: Database, receivedAt: Date) throws {
        if let location { try location.insert(db, onConflict: .ignore) }
        if let blob { try blob.insert(db, onConflict: .ignore) }
        if let imageCID = payload.imageCID?.string, blob == nil, try !BlobRow.exists(db, key: imageCID) {
            throw BudsError.unsupportedImage("the photo \(imageCID) is not in this journal")
        }
    }
}
