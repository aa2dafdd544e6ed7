import DAGCBOR
public import Foundation
public import GRDB
public import Logging
import Receipts
import SQLiteStorage
public import Storage

/// Backs the journal up as a CAR v1 archive and restores one, so a journal can be moved and
/// verified elsewhere with ordinary IPLD tools.
///
/// Import is all or nothing: every block's hash, every signature, every chain link and every
/// linked location and photo is checked before anything is written.
public struct ArchiveService: Sendable {
    private let database: any DatabaseWriter
    private let blobs: BlobStore
    private let now: @Sendable () -> Date
    private let logger: Logger

    public init(
        database: any DatabaseWriter,
        blobs: BlobStore,
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) {
        self.database = database
        self.blobs = blobs
        self.now = now
        self.logger = logger
    }

    // MARK: Export

    /// The whole journal as CAR bytes: every receipt (live, edited and deleted), location and photo.
    public func export() async throws -> (archive: Data, summary: ExportSummary) {
        let (headers, locations, blobRows, favorites) = try await database.read { db in
            (
                try HeaderRow.order(HeaderRow.CodingKeys.receivedAt, HeaderRow.CodingKeys.cid).fetchAll(db),
                try LocationRow.order(LocationRow.CodingKeys.cid).fetchAll(db),
                try BlobRow.order(BlobRow.CodingKeys.cid).fetchAll(db),
                try String.fetchAll(db, sql: "SELECT root_cid FROM local_receipts WHERE is_favorited = 1 ORDER BY root_cid")
            )
        }
        var blocks: [CARv1.Block] = []
        var entries: [ArchiveManifest.Entry] = []
        for row in headers {
            let receipt = try ReceiptLedger.receipt(from: row)
            entries.append(.init(receipt: receipt.cid, signature: receipt.signature))
            blocks.append(CARv1.Block(cid: receipt.cid, data: receipt.rawCBOR))
        }
        for row in locations {
            blocks.append(CARv1.Block(cid: try CID(string: row.cid), data: row.rawCBOR))
        }
        for row in blobRows {
            guard let data = try blobs.get(row.cid) else {
                throw BudsError.corruptStore("the photo \(row.cid) is missing from the blob store")
            }
            blocks.append(CARv1.Block(cid: try CID(string: row.cid), data: data))
        }
        let manifest = ArchiveManifest(
            format: ArchiveManifest.currentFormat,
            exportedAtMs: ReceiptManager.milliseconds(now()),
            receipts: entries,
            favorites: try favorites.map { try CID(string: $0) }
        )
        let manifestBytes = try DAGCBOREncoder().encode(manifest)
        let manifestCID = CID(codec: .dagCBOR, hashing: manifestBytes)
        let car = CARv1(roots: [manifestCID], blocks: [CARv1.Block(cid: manifestCID, data: manifestBytes)] + blocks)
        let data = try car.encoded()
        logger.debug("journal exported", metadata: ["receipts": "\(entries.count)", "bytes": "\(data.count)"])
        return (
            data,
            ExportSummary(
                rootCID: manifestCID.string, receipts: entries.count, locations: locations.count,
                images: blobRows.count, byteCount: data.count
            )
        )
    }

    /// One memory's chain (every version, its tombstone if deleted) as CAR blocks under a
    /// manifest, with the locations its versions name, for sharing with a circle; the photos its
    /// versions name are returned apart, each to travel as its own encrypted blob.
    static func chainArchive(root: String, in db: Database, blobs: BlobStore, at time: Date) throws -> (
        car: CARv1, photos: [(cid: CID, data: Data)]
    ) {
        let headers = try HeaderRow.filter(HeaderRow.CodingKeys.rootCID == root)
            .order(HeaderRow.CodingKeys.receivedAt, HeaderRow.CodingKeys.cid).fetchAll(db)
        var blocks: [CARv1.Block] = []
        var entries: [ArchiveManifest.Entry] = []
        var locationCIDs: [CID] = []
        var photoCIDs: [CID] = []
        for row in headers {
            let receipt = try ReceiptLedger.receipt(from: row)
            entries.append(.init(receipt: receipt.cid, signature: receipt.signature))
            blocks.append(CARv1.Block(cid: receipt.cid, data: receipt.rawCBOR))
            if case .session(let payload) = try ReceiptLedger.content(of: receipt) {
                if let cid = payload.locationCID, !locationCIDs.contains(cid) { locationCIDs.append(cid) }
                if let cid = payload.imageCID, !photoCIDs.contains(cid) { photoCIDs.append(cid) }
            }
        }
        for cid in locationCIDs {
            guard let row = try LocationRow.fetchOne(db, key: cid.string) else {
                throw BudsError.corruptStore("the location \(cid) is missing")
            }
            blocks.append(CARv1.Block(cid: cid, data: row.rawCBOR))
        }
        let photos = try photoCIDs.map { cid in
            guard let data = try blobs.get(cid.string) else {
                throw BudsError.corruptStore("the photo \(cid) is missing from the blob store")
            }
            return (cid: cid, data: data)
        }
        let manifest = ArchiveManifest(
            format: ArchiveManifest.currentFormat, exportedAtMs: ReceiptManager.milliseconds(time), receipts: entries, favorites: [])
        let manifestBytes = try DAGCBOREncoder().encode(manifest)
        let manifestCID = CID(codec: .dagCBOR, hashing: manifestBytes)
        return (CARv1(roots: [manifestCID], blocks: [CARv1.Block(cid: manifestCID, data: manifestBytes)] + blocks), photos)
    }

    // MARK: Import

    /// Verifies an archive completely, then stores what the journal does not have yet.
    /// - Throws: `BudsError.archiveRejected` with the first problem found; nothing is written.
    public func importArchive(_ data: Data) async throws -> ImportSummary {
        let plan = try await Self.verify(data, against: database)
        let summary = try await Self.store(plan, into: database, blobs: blobs, at: now())
        logger.debug(
            "journal imported",
            metadata: [
                "imported": "\(summary.receiptsImported)", "present": "\(summary.receiptsAlreadyPresent)",
            ])
        return summary
    }

    /// Stores a verified plan: photos to the blob store first (content-addressed, so harmless if
    /// the transaction then fails: a row must never point at a missing file), then every row in
    /// one transaction, receipts the journal already has skipped. `inTransaction` runs last in
    /// that transaction (a received share marks its chain there).
    static func store(
        _ plan: ImportPlan, into database: any DatabaseWriter, blobs: BlobStore, at time: Date,
        inTransaction: @escaping @Sendable (Database) throws -> Void = { _ in }
    ) async throws -> ImportSummary {
        for photo in plan.photos { _ = try blobs.put(photo.data) }
        let json = LedgerEntry.makeJSONEncoder()
        let entries = try plan.receipts.map { try LedgerEntry($0.receipt, content: $0.content, encoder: json) }
        return try await database.write { db in
            var imported = 0
            var present = 0
            for location in plan.locations {
                try LocationRow(
                    cid: location.cid.string, latitude: location.record.latitude, longitude: location.record.longitude,
                    isExact: location.record.isExact, placeName: location.record.placeName, rawCBOR: location.data,
                    createdAt: time.timeIntervalSince1970
                ).insert(db, onConflict: .ignore)
            }
            for photo in plan.photos {
                try BlobRow(
                    cid: photo.cid.string, mimeType: photo.kind.mimeType, byteCount: photo.data.count,
                    createdAt: time.timeIntervalSince1970
                ).insert(db, onConflict: .ignore)
            }
            try ReceiptLedger.batch(in: db) { batch in
                for entry in entries {
                    if try ReceiptLedger.contains(entry.receipt.cid, in: db) {
                        present += 1
                        continue
                    }
                    try batch.append(entry, receivedAt: time)
                    imported += 1
                }
            }
            for root in plan.favorites {
                try db.execute(sql: "UPDATE local_receipts SET is_favorited = 1 WHERE root_cid = ?", arguments: [root.string])
            }
            try inTransaction(db)
            return ImportSummary(
                receiptsImported: imported, receiptsAlreadyPresent: present, locations: plan.locations.count,
                images: plan.photos.count
            )
        }
    }

    /// Verifies an archive as an import into an empty journal would, without any journal: for
    /// deciding whether a journal should be created for it at all (``BudsServices/importArchive(_:into:now:logger:)``).
    /// - Throws: `BudsError.archiveRejected` with the first problem found.
    public static func verifyForNewJournal(_ data: Data) async throws {
        let empty = try DatabaseOpener.openInMemory(migrator: BudsSchema.migrator)
        _ = try await verify(data, against: empty)
    }

    /// Checks everything an import needs before writing: `database` is the journal the receipts
    /// would join (their chains may continue receipts it holds).
    private static func verify(_ data: Data, against database: any DatabaseReader) async throws -> ImportPlan {
        let car: CARv1
        do {
            car = try CARv1.decode(data)
        } catch {
            throw BudsError.archiveRejected(ErrorText.describe(error))
        }
        return try await plan(car, against: database)
    }

    /// Checks every block, signature, chain link, location and photo of `car` (an archive's
    /// blocks, or a shared memory's with its photo added) against `database`.
    /// - Throws: `BudsError.archiveRejected` with the first problem found.
    static func plan(_ car: CARv1, against database: any DatabaseReader) async throws -> ImportPlan {
        var blocks: [CID: Data] = [:]
        for block in car.blocks { blocks[block.cid] = block.data }
        guard car.roots.count == 1, let manifestBytes = blocks[car.roots[0]] else {
            throw BudsError.archiveRejected("it has no Buds manifest as its single root")
        }
        let manifest: ArchiveManifest
        do {
            manifest = try DAGCBORDecoder().decode(ArchiveManifest.self, from: manifestBytes)
        } catch {
            throw BudsError.archiveRejected("the manifest is unreadable: \(ErrorText.describe(error))")
        }
        guard manifest.format == ArchiveManifest.currentFormat else {
            throw BudsError.archiveRejected("unknown archive format \(manifest.format)")
        }

        var receipts: [ImportPlan.Item] = []
        var locations: [CID: ImportPlan.Location] = [:]
        var photos: [CID: ImportPlan.Photo] = [:]
        for entry in manifest.receipts {
            guard entry.receipt.codec == .dagCBOR, let body = blocks[entry.receipt] else {
                throw BudsError.archiveRejected("receipt \(entry.receipt) is missing")
            }
            do {
                let receipt = try Receipt(rawCBOR: body, signature: entry.signature)
                try ReceiptVerifier.verify(receipt, claimedCID: entry.receipt)
                let content = try ReceiptLedger.content(of: receipt)
                if case .session(let payload) = content {
                    if let cid = payload.locationCID, locations[cid] == nil {
                        locations[cid] = try location(cid, in: blocks)
                    }
                    if let cid = payload.imageCID, photos[cid] == nil {
                        photos[cid] = try photo(cid, in: blocks)
                    }
                }
                receipts.append(.init(receipt: receipt, content: content))
            } catch let error as BudsError {
                throw error
            } catch {
                throw BudsError.archiveRejected("receipt \(entry.receipt): \(ErrorText.describe(error))")
            }
        }
        let ordered = try await chainOrdered(receipts, against: database)
        return ImportPlan(
            receipts: ordered,
            locations: locations.values.sorted { $0.cid < $1.cid },
            photos: photos.values.sorted { $0.cid < $1.cid },
            favorites: manifest.favorites
        )
    }

    /// Orders receipts parents-first and checks every chain link against the archive and the
    /// journal.
    private static func chainOrdered(
        _ items: [ImportPlan.Item], against database: any DatabaseReader
    ) async throws -> [ImportPlan.Item] {
        var byCID: [CID: ImportPlan.Item] = [:]
        for item in items { byCID[item.receipt.cid] = item }
        let outsideParents = Set(items.compactMap(\.receipt.header.parentCID)).subtracting(byCID.keys)
        let stored: [CID: ChainLink] = try await database.read { db in
            var links: [CID: ChainLink] = [:]
            for cid in outsideParents {
                if let receipt = try ReceiptLedger.receipt(cid.string, in: db) { links[cid] = ChainLink(receipt) }
            }
            return links
        }
        var ordered: [ImportPlan.Item] = []
        var placed = Set<CID>()
        var remaining = items
        while !remaining.isEmpty {
            var next: [ImportPlan.Item] = []
            for item in remaining {
                let header = item.receipt.header
                if let parent = header.parentCID, byCID[parent] != nil, !placed.contains(parent) {
                    next.append(item)
                    continue
                }
                let link = header.parentCID.flatMap { byCID[$0].map { ChainLink($0.receipt) } ?? stored[$0] }
                if let reason = ChainHistory.chainFailure(item.receipt, parent: link) {
                    throw BudsError.archiveRejected(reason)
                }
                ordered.append(item)
                placed.insert(item.receipt.cid)
            }
            guard next.count < remaining.count else {
                throw BudsError.archiveRejected("its receipts form a cycle")
            }
            remaining = next
        }
        return ordered
    }

    private static func location(_ cid: CID, in blocks: [CID: Data]) throws -> ImportPlan.Location {
        guard cid.codec == .dagCBOR, let data = blocks[cid] else {
            throw BudsError.archiveRejected("location \(cid) is missing")
        }
        do {
            let record = try DAGCBORDecoder().decode(LocationRecord.self, from: data)
            return ImportPlan.Location(cid: cid, record: record, data: data)
        } catch {
            throw BudsError.archiveRejected("location \(cid) is unreadable: \(ErrorText.describe(error))")
        }
    }

    private static func photo(_ cid: CID, in blocks: [CID: Data]) throws -> ImportPlan.Photo {
        guard cid.codec == .raw, let data = blocks[cid] else {
            throw BudsError.archiveRejected("photo \(cid) is missing")
        }
        guard let kind = ImageKind.detect(data) else {
            throw BudsError.archiveRejected("block \(cid) is not an image")
        }
        return ImportPlan.Photo(cid: cid, kind: kind, data: data)
    }
}

/// Everything an archive (or a shared memory) will add, fully verified.
struct ImportPlan: Sendable {
    struct Item: Sendable {
        let receipt: Receipt
        let content: SessionContent
    }

    struct Location: Sendable {
        let cid: CID
        let record: LocationRecord
        let data: Data
    }

    struct Photo: Sendable {
        let cid: CID
        let kind: ImageKind
        let data: Data
    }

    let receipts: [Item]
    let locations: [Location]
    let photos: [Photo]
    let favorites: [CID]
}
