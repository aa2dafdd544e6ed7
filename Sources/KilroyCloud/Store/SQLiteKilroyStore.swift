public import Foundation
import GRDB
public import Geo
import SQLiteStorage
public import ServerKit
public import Storage

/// The Kilroy cloud's embedded store: one SQLite file (WAL) through GRDB.
///
/// Kilroys are one table; a near query chooses its rows from every position held in memory
/// (``KilroyPositionCache``, kept in step with the file) and loads only the rows it returns
/// (see `SQLiteKilroyStore+Near.swift`). Each method is one transaction.
/// Devices are stored only as ``DeviceDigest`` BLOBs (see ``KilroySchema``).
public struct SQLiteKilroyStore: KilroyServerStore {
    let writer: any DatabaseWriter
    /// Shared by every copy of this store value (a class), so one process learns each position once.
    let positionCache: KilroyPositionCache

    init(writer: any DatabaseWriter, recentRecords: Int = defaultRecentRecords) {
        self.writer = writer
        positionCache = KilroyPositionCache(recordCapacity: recentRecords)
    }

    /// Opens (creating and migrating if needed) the database file at `url`.
    ///
    /// - Parameter recentRecords: how many of the kilroys near queries returned lately the
    ///   store keeps in memory, so that answers about the same places read no row (0 keeps
    ///   none; see ``KilroyRecordCache``).
    /// - Throws: `StorageError` naming the path.
    public static func open(at url: URL, recentRecords: Int = defaultRecentRecords) throws(StorageError) -> SQLiteKilroyStore {
        SQLiteKilroyStore(
            writer: try DatabaseOpener.openFile(
                at: url, migrator: KilroySchema.migrator, memoryMapBytes: memoryMapBytes, checkpointing: .background),
            recentRecords: recentRecords)
    }

    /// Records kept by default: 1,000,000, every kilroy of a city of a million, so that near
    /// queries anywhere in it read no row once each place has been asked about (with 200,000,
    /// queries spread over such a city read most of their rows from the file: 2,800 near
    /// requests/s against 3,800). About 500 MB of memory when full; a store asked about fewer
    /// kilroys holds only those (a million kilroys' positions take 40 MB more).
    public static let defaultRecentRecords = 1_000_000

    /// Bytes of the file each connection maps into memory (`PRAGMA mmap_size`): a near query's
    /// index and row pages are then read in place instead of copied by `pread` from the OS
    /// cache, which a server's database (hundreds of MB) would otherwise do for most pages.
    /// Address space only; the kernel shares the pages between connections.
    static let memoryMapBytes = 1 << 30

    /// A new, empty store in memory, for tests and previews.
    public static func inMemory() throws(StorageError) -> SQLiteKilroyStore {
        SQLiteKilroyStore(writer: try DatabaseOpener.openInMemory(migrator: KilroySchema.migrator))
    }

    public var backendName: String { "sqlite" }

    public func checkHealth() async throws {
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// Nothing: the change log's trigger keeps it to its last 100,000 entries as it is written.
    public func performMaintenance() async throws {}

    /// Runs `body` in a read transaction on the calling thread. GRDB's synchronous read enters
    /// the reader connection's queue with `sync`, which runs the block right here; its async read
    /// hops to that queue's thread and back, two hand-offs that cost about 75 µs of a 400 µs near
    /// query on this 2-core machine and a sixth of app-server's CPU under the near load. So the
    /// hot reads (near, visibility), which only compute from mapped pages and the position cache
    /// and wait for no lock (WAL readers never wait for writers), use this; anything that may wait
    /// or run long uses the async read.
    func readOnCallingThread<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    // MARK: Images

    public func image(id: String) async throws -> StoredImageRecord? {
        try await writer.read { db in try Self.fetchImage(db, id: id) }
    }

    public func insertImage(_ image: StoredImageRecord) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO images (id, format, byte_count, uploader, uploaded_at)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING
                    """,
                arguments: [
                    image.id, image.format.rawValue, image.byteCount, image.uploader,
                    image.uploadedAt.timeIntervalSince1970,
                ]
            )
            if db.changesCount > 0 { return true }
            try db.execute(
                sql: "UPDATE images SET uploaded_at = ? WHERE id = ? AND uploaded_at < ?",
                arguments: [image.uploadedAt.timeIntervalSince1970, image.id, image.uploadedAt.timeIntervalSince1970])
            return false
        }
    }

    public func reserveUpload(owner: DeviceDigest, byteCount: Int, at date: Date, quota: UploadQuota) async throws
        -> UploadReservation
    {
        let now = date.timeIntervalSince1970
        let windowStart = now - quota.window
        return try await writer.immediateWrite { db in
            try db.execute(sql: "DELETE FROM upload_log WHERE uploaded_at <= ?", arguments: [windowStart])
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*), COALESCE(SUM(byte_count), 0), MIN(uploaded_at) FROM upload_log
                    WHERE owner = ? AND uploaded_at > ?
                    """,
                arguments: [owner, windowStart])
            let count = row.map { $0[0] as Int } ?? 0
            let bytes = row.map { $0[1] as Int } ?? 0
            let oldest = row.flatMap { $0[2] as Double? }
            guard count < quota.maximumCount, byteCount <= quota.maximumBytes - bytes else {
                let wait = (oldest ?? now) + quota.window - now
                return .exceeded(retryAfterSeconds: max(1, Int(min(wait, 86_400 * 366).rounded(.up))))
            }
            try db.execute(
                sql: "INSERT INTO upload_log (owner, uploaded_at, byte_count) VALUES (?, ?, ?)",
                arguments: [owner, now, byteCount])
            return .allowed
        }
    }

    public func orphanedImages(uploadedBefore date: Date, limit: Int) async throws -> [String] {
        guard limit > 0 else { return [] }
        return try await writer.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT id FROM images INDEXED BY images_uploaded
                    WHERE uploaded_at < ? AND NOT EXISTS (SELECT 1 FROM kilroys WHERE kilroys.image_id = images.id)
                    ORDER BY uploaded_at LIMIT ?
                    """,
                arguments: [date.timeIntervalSince1970, limit])
        }
    }

    public func deleteOrphanedImage(id: String, uploadedBefore date: Date) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM images WHERE id = ? AND uploaded_at < ?
                    AND NOT EXISTS (SELECT 1 FROM kilroys WHERE kilroys.image_id = images.id)
                    """,
                arguments: [id, date.timeIntervalSince1970])
            return db.changesCount > 0
        }
    }

    // MARK: Kilroys

    public func createKilroy(_ kilroy: KilroyRecord) async throws -> KilroyCreation {
        try await writer.write { db in try Self.create(kilroy, in: db) }
    }

    /// ``createKilroy(_:)`` for many kilroys in one transaction, for imports and fixtures:
    /// the outcomes are in the order of `kilroys`.
    public func createKilroys(_ kilroys: [KilroyRecord]) async throws -> [KilroyCreation] {
        try await writer.write { db in try kilroys.map { try Self.create($0, in: db) } }
    }

    public func kilroy(id: String) async throws -> KilroyRecord? {
        try await writer.read { db in try Self.fetchKilroy(db, id: id) }
    }

    public func deleteKilroy(id: String, owner: DeviceDigest) async throws -> KilroyDeletion {
        try await writer.write { db in
            guard let record = try Self.fetchKilroy(db, id: id) else { return .notFound }
            guard record.owner == owner else { return .notOwner }
            try db.execute(sql: "DELETE FROM kilroys WHERE id = ?", arguments: [id])
            let stillUsed =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM kilroys WHERE image_id = ?)", arguments: [record.imageID]) ?? true
            guard !stillUsed else { return .deleted(orphanedImageID: nil) }
            try db.execute(sql: "DELETE FROM images WHERE id = ?", arguments: [record.imageID])
            return .deleted(orphanedImageID: record.imageID)
        }
    }

    public func reportKilroy(
        id: String, reporter: DeviceDigest, reason: String?, at date: Date, hideThreshold: Int, policy: ReciprocityPolicy
    ) async throws -> KilroyReporting {
        try await writer.write { db in
            guard let record = try Self.fetchKilroy(db, id: id) else { return .notFound }
            guard record.owner != reporter else { return .ownKilroy }
            // The same rule as near and get, read in this very transaction.
            let visibility = try Self.visibility(db, viewer: reporter, policy: policy, around: record.coordinate, radius: 0)
            guard visibility.decide(KilroyCandidate(record)) == .include else { return .notFound }
            guard visibility.ownDropCount >= 1 else { return .noOwnDrops }
            var count = record.reportCount
            var hidden = record.isHidden
            try db.execute(
                sql: """
                    INSERT INTO reports (kilroy_id, reporter, reason, reported_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(kilroy_id, reporter) DO NOTHING
                    """,
                arguments: [id, reporter, reason, date.timeIntervalSince1970]
            )
            if db.changesCount > 0 {
                count += 1
                hidden = hidden || count >= hideThreshold
                try db.execute(
                    sql: "UPDATE kilroys SET report_count = ?, hidden = ? WHERE id = ?", arguments: [count, hidden, id])
            }
            return .counted(reportCount: count, hidden: hidden)
        }
    }

    public func dropCount(owner: DeviceDigest) async throws -> Int {
        try await writer.read { db in try Self.dropCount(db, owner: owner) }
    }

    public func visibility(
        for viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double
    ) async throws -> KilroyVisibility {
        try readOnCallingThread { db in
            try Self.visibility(db, viewer: viewer, policy: policy, around: center, radius: radius)
        }
    }

    static func dropCount(_ db: Database, owner: DeviceDigest) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT drop_count FROM device_drops WHERE owner = ?"), arguments: [owner]) ?? 0
    }

    /// ``KilroyServerStore/visibility(for:policy:around:radius:)`` inside a transaction.
    static func visibility(
        _ db: Database, viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double
    ) throws -> KilroyVisibility {
        let anchors: [Coordinate]
        if let reach = KilroyVisibility.anchorReach(of: policy) {
            // Only own drops within reach of the circle can unlock anything in it.
            anchors = try ownCircle(db, center: center, radius: max(0, radius) + reach, owner: viewer)
        } else {
            anchors = []
        }
        return KilroyVisibility(
            policy: policy, viewer: viewer, ownDropCount: try dropCount(db, owner: viewer), anchors: anchors)
    }

    // MARK: Image leases

    public func acquireImageLease(id: String, holder: String, at date: Date, until expiry: Date) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO image_leases (image_id, holder, expires_at) VALUES (?, ?, ?)
                    ON CONFLICT(image_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                    WHERE image_leases.expires_at <= ? OR image_leases.holder = excluded.holder
                    """,
                arguments: [id, holder, expiry.timeIntervalSince1970, date.timeIntervalSince1970])
            return db.changesCount > 0
        }
    }

    public func releaseImageLease(id: String, holder: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM image_leases WHERE image_id = ? AND holder = ?", arguments: [id, holder])
        }
    }

    // MARK: Rate limits

    public func takeRateToken(owner: DeviceDigest, action: RateLimitedAction, limit: RateLimit, at date: Date) async throws
        -> RateDecision
    {
        try await writer.immediateWrite { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT tokens, updated_at FROM rate_buckets WHERE owner = ? AND action = ?",
                arguments: [owner, action.rawValue])
            let stored = row.map { TokenBucket(tokens: $0[0], updated: Date(timeIntervalSince1970: $0[1])) }
            let (decision, bucket) = (stored ?? .full(limit, at: date)).taking(limit, at: date)
            try db.execute(
                sql: """
                    INSERT INTO rate_buckets (owner, action, tokens, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(owner, action) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at
                    """,
                arguments: [owner, action.rawValue, bucket.tokens, bucket.updated.timeIntervalSince1970])
            return decision
        }
    }

    // MARK: Devices

    public func claimLegacyDevice(legacy: DeviceDigest, by claimant: DeviceDigest, at date: Date) async throws
        -> LegacyClaimOutcome
    {
        try await writer.immediateWrite { db in
            if let claimedBy = try DeviceDigest.fetchOne(
                db, sql: "SELECT claimed_by FROM legacy_claims WHERE legacy = ?", arguments: [legacy])
            {
                return claimedBy == claimant ? .claimed(kilroyCount: 0) : .claimedByAnother
            }
            let owned =
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM kilroys WHERE owner = ?1) OR EXISTS (SELECT 1 FROM device_drops WHERE owner = ?1)
                        OR EXISTS (SELECT 1 FROM images WHERE uploader = ?1) OR EXISTS (SELECT 1 FROM reports WHERE reporter = ?1)
                        """,
                    arguments: [legacy]) ?? false
            guard owned else { return .notFound }
            try db.execute(sql: "UPDATE kilroys SET owner = ? WHERE owner = ?", arguments: [claimant, legacy])
            let moved = db.changesCount
            try db.execute(sql: "UPDATE images SET uploader = ? WHERE uploader = ?", arguments: [claimant, legacy])
            try db.execute(sql: "UPDATE upload_log SET owner = ? WHERE owner = ?", arguments: [claimant, legacy])
            // A kilroy both identities reported keeps one report; one the claimant now owns keeps
            // none (a device does not report its own kilroys). Counts follow the remaining rows.
            try db.execute(
                sql: "UPDATE OR IGNORE reports SET reporter = ? WHERE reporter = ?", arguments: [claimant, legacy])
            try db.execute(sql: "DELETE FROM reports WHERE reporter = ?", arguments: [legacy])
            try db.execute(
                sql: """
                    DELETE FROM reports WHERE reporter = ?1 AND kilroy_id IN (SELECT id FROM kilroys WHERE owner = ?1)
                    """,
                arguments: [claimant])
            try db.execute(
                sql: """
                    UPDATE kilroys SET report_count = (SELECT COUNT(*) FROM reports WHERE reports.kilroy_id = kilroys.id)
                    WHERE report_count <> (SELECT COUNT(*) FROM reports WHERE reports.kilroy_id = kilroys.id)
                    """)
            try db.execute(
                sql: """
                    INSERT INTO device_drops (owner, drop_count)
                    SELECT ?1, drop_count FROM device_drops WHERE owner = ?2 AND true
                    ON CONFLICT(owner) DO UPDATE SET drop_count = drop_count + excluded.drop_count
                    """,
                arguments: [claimant, legacy])
            try db.execute(sql: "DELETE FROM device_drops WHERE owner = ?", arguments: [legacy])
            try db.execute(
                sql: "INSERT INTO legacy_claims (legacy, claimed_by, claimed_at) VALUES (?, ?, ?)",
                arguments: [legacy, claimant, date.timeIntervalSince1970])
            return .claimed(kilroyCount: moved)
        }
    }

    // MARK: Rows

    private static func create(_ kilroy: KilroyRecord, in db: Database) throws -> KilroyCreation {
        if let existing = try fetchKilroy(db, id: kilroy.id) {
            return kilroy.isReplay(of: existing) ? .replayed(existing) : .conflict(existing: existing)
        }
        let imageExists = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM images WHERE id = ?)")
        guard try Bool.fetchOne(imageExists, arguments: [kilroy.imageID]) == true else { return .imageMissing }
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO kilroys (id, owner, latitude, longitude, geohash, image_id, place_name, place_address,
                                     comment, created_at, received_at, report_count, hidden)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        try insert.execute(arguments: [
            kilroy.id, kilroy.owner, kilroy.coordinate.latitude, kilroy.coordinate.longitude, kilroy.geohash,
            kilroy.imageID, kilroy.placeName, kilroy.placeAddress, kilroy.comment,
            kilroy.createdAt.timeIntervalSince1970, kilroy.receivedAt.timeIntervalSince1970,
            kilroy.reportCount, kilroy.isHidden,
        ])
        let count = try db.cachedStatement(
            sql: """
                INSERT INTO device_drops (owner, drop_count) VALUES (?, 1)
                ON CONFLICT(owner) DO UPDATE SET drop_count = drop_count + 1
                """)
        try count.execute(arguments: [kilroy.owner])
        return .created(kilroy)
    }

    /// The columns ``decodeKilroy(_:)`` reads, in its order.
    static let kilroyColumns = """
        id, owner, latitude, longitude, geohash, image_id, place_name, place_address, comment,
        created_at, received_at, report_count, hidden
        """

    static func fetchKilroy(_ db: Database, id: String) throws -> KilroyRecord? {
        let request = SQLRequest<Row>(literal: "SELECT \(sql: kilroyColumns) FROM kilroys WHERE id = \(id)", cached: true)
        return try request.fetchOne(db).map { try decodeKilroy($0) }
    }

    /// The owner digest in column `index`, or `corruptRow` for anything but 32 bytes.
    static func decodeOwner(_ row: Row, atIndex index: Int, table: String, id: String) throws -> DeviceDigest {
        guard let owner = DeviceDigest.fromDatabaseValue(row[index] as DatabaseValue) else {
            throw KilroyServerStoreError.corruptRow(table: table, id: id)
        }
        return owner
    }

    /// Decodes the ``kilroyColumns`` starting at column `offset`.
    static func decodeKilroy(_ row: Row, offset: Int = 0) throws -> KilroyRecord {
        let id = try row.decode(String.self, atIndex: offset + 0)
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(
                latitude: try row.decode(Double.self, atIndex: offset + 2), longitude: try row.decode(Double.self, atIndex: offset + 3))
        } catch {
            throw KilroyServerStoreError.corruptRow(table: "kilroys", id: id)
        }
        return KilroyRecord(
            id: id,
            owner: try decodeOwner(row, atIndex: offset + 1, table: "kilroys", id: id),
            coordinate: coordinate,
            imageID: try row.decode(String.self, atIndex: offset + 5),
            placeName: try row.decode(String?.self, atIndex: offset + 6),
            placeAddress: try row.decode(String?.self, atIndex: offset + 7),
            comment: try row.decode(String?.self, atIndex: offset + 8),
            createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: offset + 9)),
            receivedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: offset + 10)),
            reportCount: try row.decode(Int.self, atIndex: offset + 11),
            isHidden: try row.decode(Bool.self, atIndex: offset + 12)
        )
    }

    private static func fetchImage(_ db: Database, id: String) throws -> StoredImageRecord? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT format, byte_count, uploader, uploaded_at FROM images WHERE id = ?", arguments: [id])
        else { return nil }
        guard let format = ImageFormat(rawValue: try row.decode(String.self, atIndex: 0)) else {
            throw KilroyServerStoreError.corruptRow(table: "images", id: id)
        }
        return StoredImageRecord(
            id: id,
            format: format,
            byteCount: try row.decode(Int.self, atIndex: 1),
            uploader: try decodeOwner(row, atIndex: 2, table: "images", id: id),
            uploadedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 3))
        )
    }
}
