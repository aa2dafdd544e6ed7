import DAGCBOR
public import Foundation
public import GRDB
import Identity
public import Logging
public import Receipts
public import Storage

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
        logger: Logger
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
    ///
    /// Validating, encoding, hashing and signing a session costs about as much as storing it,
    /// and needs no database; so a large batch is cut into chunks that signing threads work
    /// through while the writer stores the chunks already signed, in order. The outcome is the
    /// serial one: the same receipts in the same order, and on failure the error the first
    /// invalid draft gives, with nothing stored.
    public func createBatch(_ drafts: [SessionDraft]) async throws -> [UUID] {
        let time = now()
        let createdAtMs = Self.milliseconds(time)
        let chunks = stride(from: 0, to: drafts.count, by: Self.chunkSize).map {
            $0..<min($0 + Self.chunkSize, drafts.count)
        }
        let ids: [UUID]
        if chunks.count <= 1 {
            let items = try signed(drafts[...], now: time, createdAtMs: createdAtMs)
            ids = try await database.write { db in
                try ReceiptLedger.batch(in: db) { batch in
                    try items.map { item in
                        try item.prepared.store(in: db, receivedAt: time)
                        try batch.append(item.entry, receivedAt: time)
                        return item.entry.memoryID
                    }
                }
            }
        } else {
            let handoff = SignedChunks(count: chunks.count)
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let workers = max(1, min(cores, Self.maximumSigningThreads, chunks.count))
            for worker in 0..<workers {
                // Threads of their own, not tasks: the writer blocks while it waits for a chunk,
                // and must never wait for work queued behind it on the cooperative pool.
                let thread = Thread {
                    for index in stride(from: worker, to: chunks.count, by: workers) where !handoff.isFinished {
                        let result = Result {
                            try self.signed(drafts[chunks[index]], now: time, createdAtMs: createdAtMs)
                        }
                        handoff.deliver(result, at: index)
                        if case .failure = result { break }
                    }
                    handoff.freeRetiredUntilFinished()
                }
                thread.name = "buds.receipts.sign"
                thread.start()
            }
            defer { handoff.finish() }
            ids = try await database.write { db in
                try ReceiptLedger.batch(in: db) { batch in
                    var ids: [UUID] = []
                    ids.reserveCapacity(drafts.count)
                    for index in chunks.indices {
                        let chunk = try handoff.take(index)
                        defer { handoff.retire(chunk) }
                        for item in chunk {
                            do {
                                try item.prepared.store(in: db, receivedAt: time)
                            } catch {
                                // The serial order validated every draft before storing any.
                                try handoff.rethrowFirstFailure(after: index)
                                throw error
                            }
                            try batch.append(item.entry, receivedAt: time)
                            ids.append(item.entry.memoryID)
                        }
                    }
                    return ids
                }
            }
        }
        logger.debug("sessions recorded", metadata: ["count": "\(ids.count)"])
        return ids
    }

    /// More signing threads than this cannot help: the one writer is then the bottleneck.
    static let maximumSigningThreads = 4

    /// Drafts per chunk of a large batch: small enough that the writer starts early, large
    /// enough that handing chunks over costs nothing.
    static let chunkSize = 256

    /// Validates and signs drafts, stopping at the first invalid one.
    private func signed(_ drafts: ArraySlice<SessionDraft>, now time: Date, createdAtMs: Int64) throws -> [SignedSession] {
        let json = LedgerEntry.makeJSONEncoder()
        return try drafts.map { draft in
            let prepared = try prepare(draft, now: time)
            let receipt = try signer.sign(
                type: ReceiptType.sessionCreated.rawValue, payload: prepared.payload, createdAtMs: createdAtMs
            )
            return SignedSession(
                prepared: prepared, entry: try LedgerEntry(receipt, content: .session(prepared.payload), encoder: json)
            )
        }
    }

    /// Records a new version of a session: the complete new payload, chained to the latest one.
    /// - Throws: `BudsError.nothingToChange` when the new payload equals the latest one: a
    ///   version that changes nothing would only lengthen the chain; nothing is written then.
    public func update(_ id: UUID, with draft: SessionDraft) async throws {
        let time = now()
        let item = try prepare(draft, now: time)
        try await database.write { db in
            let head = try authoredHead(of: id, in: db)
            if case .session(let current) = try ReceiptLedger.content(of: head), current == item.payload {
                throw BudsError.nothingToChange(id.uuidString.lowercased())
            }
            try item.store(in: db, receivedAt: time)
            let receipt = try signer.sign(
                type: ReceiptType.sessionEdited.rawValue, payload: item.payload,
                createdAtMs: Self.milliseconds(time), parent: head
            )
            try ReceiptLedger.append(receipt, content: .session(item.payload), receivedAt: time, in: db)
            try ShareOutbox.queueUpdate(of: id, at: time, in: db)
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
            try ShareOutbox.queueUpdate(of: id, at: time, in: db)
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
            let kind = try Self.acceptedImageKind(data)
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
            claimedTimeMs: draft.claimedTime.map(Self.claimedMilliseconds), productName: draft.strainName,
            productType: draft.productType.rawValue, rating: draft.rating, notes: draft.notes, brand: draft.brand,
            thcPercent: draft.thcPercent, cbdPercent: draft.cbdPercent, amountGrams: draft.amountGrams,
            effects: draft.effects, consumptionMethod: draft.consumptionMethod?.rawValue,
            locationCID: try location.map { try CID(string: $0.cid) }, imageCID: imageCID
        )
        return PreparedSession(payload: payload, location: location, blob: blob)
    }

    /// A new photo must be a whole, well-formed JPEG, PNG or HEIC of at most
    /// ``ImageKind/maximumByteCount`` bytes (the Storage kit's structural check): leading magic
    /// bytes alone let 20 MB of anything through.
    static func acceptedImageKind(_ data: Data) throws -> ImageKind {
        let info: ImageInfo
        do {
            info = try ImageFormat.validate(data, maxBytes: ImageKind.maximumByteCount)
        } catch {
            let reason = error.errorDescription ?? "is not a JPEG, PNG or HEIC photo"
            throw BudsError.unsupportedImage((reason.first?.lowercased() ?? "") + reason.dropFirst())
        }
        guard let kind = ImageKind(rawValue: info.format.mediaType) else {
            throw BudsError.unsupportedImage("\(info.format.mediaType) photos are not stored by the journal")
        }
        return kind
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// A claimed time in whole milliseconds, to the nearest: the time was typed (or kept from the
    /// previous version, `ms / 1000` as a `Date`), and a `Double` of seconds holds such a value
    /// only approximately, so rounding down could move it by one millisecond per edit.
    static func claimedMilliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

/// A validated session with its attachments, ready to be signed.
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

/// A validated session, signed, with its ledger entry worked out: all that is left is the write.
/// A class, so that handing thousands over to the writer copies references, not their many
/// fields.
private final class SignedSession: Sendable {
    let prepared: PreparedSession
    let entry: LedgerEntry

    init(prepared: PreparedSession, entry: LedgerEntry) {
        self.prepared = prepared
        self.entry = entry
    }
}

/// Hands signed chunks of a batch from the signing threads to the writer, which takes them in
/// order and blocks until the next one is ready.
///
/// `@unchecked Sendable` is safe: `slots`, `finished` and `retired` are only read or written
/// while `condition` is locked; the rest is immutable.
private final class SignedChunks: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Result<[SignedSession], any Error>?]
    private var finished = false
    /// Chunks the writer has stored, for a signing thread to free.
    private var retired: [[SignedSession]] = []

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// Whether the batch ended (see `finish()`); signing threads then stop.
    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    func deliver(_ result: Result<[SignedSession], any Error>, at index: Int) {
        condition.lock()
        slots[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// Keeps a chunk the writer has stored until a signing thread frees it: freeing thousands
    /// of receipts (their bytes, strings and decoded headers) is work the writer need not do.
    func retire(_ chunk: [SignedSession]) {
        condition.lock()
        retired.append(chunk)
        condition.broadcast()
        condition.unlock()
    }

    /// Frees retired chunks on the calling signing thread, as they come, until `finish()`.
    func freeRetiredUntilFinished() {
        while true {
            condition.lock()
            while retired.isEmpty && !finished {
                condition.wait()
            }
            let chunks = retired
            retired = []
            let done = finished
            condition.unlock()
            withExtendedLifetime(chunks) {}
            if done { return }
        }
    }

    /// Ends the batch, stored or failed: signing threads stop signing and freeing.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for chunk `index` and takes it out; throws the error of its first invalid draft.
    func take(_ index: Int) throws -> [SignedSession] {
        try result(at: index, removing: true).get()
    }

    /// Throws the error of the first chunk after `index` that failed to sign. Waits for the
    /// chunks in order, up to the first failure: a worker delivers every chunk of its share
    /// that comes before its own first failure.
    func rethrowFirstFailure(after index: Int) throws {
        for next in slots.indices.dropFirst(index + 1) {
            _ = try result(at: next, removing: false).get()
        }
    }

    private func result(at index: Int, removing: Bool) -> Result<[SignedSession], any Error> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = slots[index] {
                // Taken chunks are freed as the writer goes, to keep a large batch's memory flat.
                if removing { slots[index] = .success([]) }
                return result
            }
            condition.wait()
        }
    }
}
