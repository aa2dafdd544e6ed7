import Foundation
import Geo
import GRDB
import Storage

/// The Kilroy cloud's embedded store: one SQLite file (WAL) through GRDB.
///
/// Kilroys are one table with a geohash index (10 characters); a near query scans one index
/// range per geohash range of the circle's cover and keeps the rows whose haversine distance is
/// within the radius (see `SQLiteKilroyStore+Near.swift`). Each method is one transaction.
public struct SQLiteKilroyStore: KilroyServerStore {
    let writer: any DatabaseWriter

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Opens (creating and migrating if needed) the database file at `url`.
    ///
    /// - Throws: `StorageError` naming the path.
    public static func open(at url: URL) throws(StorageError) -> SQLiteKilroyStore {
        SQLiteKilroyStore(writer: try DatabaseOpener.openFile(at: url, migrator: KilroySchema.migrator))
    }

    /// A new, empty store in memory, for tests and previews.
    public static func inMemory() throws(StorageError) -> SQLiteKilroyStore {
        SQLiteKilroyStore(writer: try DatabaseOpener.openInMemory(migrator: KilroySchema.migrator))
    }

    public func checkHealth() async throws {
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    // MARK: Images

    public func image(id: String) async throws -> StoredImageRecord? {
        try await writer.read { db in try Self.fetchImage(db, id: id) }
    }

    public func insertImage(_ image: StoredImageRecord) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO images (id, format, byte_count, uploader_device_id, uploaded_at)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING
                    """,
                arguments: [
                    image.id, image.format.rawValue, image.byteCount, image.uploaderDeviceID,
                    image.uploadedAt.timeIntervalSince1970,
                ]
            )
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

    public func deleteKilroy(id: String, deviceID: String) async throws -> KilroyDeletion {
        try await writer.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT device_id, image_id FROM kilroys WHERE id = ?", arguments: [id])
            else { return .notFound }
            let owner = try row.decode(String.self, atIndex: 0)
            let imageID = try row.decode(String.self, atIndex: 1)
            guard owner == deviceID else { return .notOwner }
            try db.execute(sql: "DELETE FROM kilroys WHERE id = ?", arguments: [id])
            let stillUsed = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM kilroys WHERE image_id = ?)", arguments: [imageID]) ?? true
            guard !stillUsed else { return .deleted(orphanedImageID: nil) }
            try db.execute(sql: "DELETE FROM images WHERE id = ?", arguments: [imageID])
            return .deleted(orphanedImageID: imageID)
        }
    }

    public func reportKilroy(
        id: String, deviceID: String, reason: String?, at date: Date, hideThreshold: Int
    ) async throws -> KilroyReporting {
        try await writer.write { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT device_id, report_count, hidden FROM kilroys WHERE id = ?", arguments: [id])
            else { return .notFound }
            let owner = try row.decode(String.self, atIndex: 0)
            var count = try row.decode(Int.self, atIndex: 1)
            var hidden = try row.decode(Bool.self, atIndex: 2)
            guard owner != deviceID else { return .ownKilroy }
            try db.execute(
                sql: """
                    INSERT INTO reports (kilroy_id, device_id, reason, reported_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(kilroy_id, device_id) DO NOTHING
                    """,
                arguments: [id, deviceID, reason, date.timeIntervalSince1970]
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

    public func dropCount(deviceID: String) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT drop_count FROM device_drops WHERE device_id = ?", arguments: [deviceID]) ?? 0
        }
    }

    // MARK: Rows

    private static func create(_ kilroy: KilroyRecord, in db: Database) throws -> KilroyCreation {
        if let existing = try fetchKilroy(db, id: kilroy.id) {
            return kilroy.isReplay(of: existing) ? .replayed(existing) : .conflict(existing: existing)
        }
        let imageExists = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM images WHERE id = ?)")
        guard try Bool.fetchOne(imageExists, arguments: [kilroy.imageID]) == true else { return .imageMissing }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO kilroys (id, device_id, latitude, longitude, geohash, image_id, place_name, place_address,
                                 comment, created_at, received_at, report_count, hidden)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.execute(arguments: [
            kilroy.id, kilroy.deviceID, kilroy.coordinate.latitude, kilroy.coordinate.longitude, kilroy.geohash,
            kilroy.imageID, kilroy.placeName, kilroy.placeAddress, kilroy.comment,
            kilroy.createdAt.timeIntervalSince1970, kilroy.receivedAt.timeIntervalSince1970,
            kilroy.reportCount, kilroy.isHidden,
        ])
        let count = try db.cachedStatement(sql: """
            INSERT INTO device_drops (device_id, drop_count) VALUES (?, 1)
            ON CONFLICT(device_id) DO UPDATE SET drop_count = drop_count + 1
            """)
        try count.execute(arguments: [kilroy.deviceID])
        return .created(kilroy)
    }

    /// The columns ``decodeKilroy(_:)`` reads, in its order.
    static let kilroyColumns = """
        id, device_id, latitude, longitude, geohash, image_id, place_name, place_address, comment,
        created_at, received_at, report_count, hidden
        """

    static func fetchKilroy(_ db: Database, id: String) throws -> KilroyRecord? {
        let statement = try db.cachedStatement(sql: "SELECT \(kilroyColumns) FROM kilroys WHERE id = ?")
        return try Row.fetchOne(statement, arguments: [id]).map { try decodeKilroy($0) }
    }

    /// Decodes the ``kilroyColumns`` starting at column `offset`.
    static func decodeKilroy(_ row: Row, offset: Int = 0) throws -> KilroyRecord {
        let id = try row.decode(String.self, atIndex: offset + 0)
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(
                latitude: try row.decode(Double.self, atIndex: offset + 2), longitude: try row.decode(Double.self, atIndex: offset + 3))
        } catch {
            throw KilroyStoreError.corruptRow(table: "kilroys", id: id)
        }
        return KilroyRecord(
            id: id,
            deviceID: try row.decode(String.self, atIndex: offset + 1),
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
        guard let row = try Row.fetchOne(
            db, sql: "SELECT format, byte_count, uploader_device_id, uploaded_at FROM images WHERE id = ?", arguments: [id])
        else { return nil }
        guard let format = ImageFormat(rawValue: try row.decode(String.self, atIndex: 0)) else {
            throw KilroyStoreError.corruptRow(table: "images", id: id)
        }
        return StoredImageRecord(
            id: id,
            format: format,
            byteCount: try row.decode(Int.self, atIndex: 1),
            uploaderDeviceID: try row.decode(String.self, atIndex: 2),
            uploadedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 3))
        )
    }
}
