public import Foundation
public import KilroyCloud
import Logging
import PostgresNIO
import Storage

/// Images, their upload quota and leases: blobs are written or removed only by the lease holder.
extension PostgresKilroyStore {

    public func image(id: String) async throws -> StoredImageRecord? {
        try await client.withConnection { connection in
            let rows = try await Self.rows(
                connection,
                "SELECT format, byte_count, uploader, uploaded_at FROM \(unescaped: tables.images) WHERE id = \(id)",
                logger: logger)
            guard let row = rows.first else { return nil }
            let (format, byteCount, uploader, uploadedAt) = try row.decode((String, Int, Data, Double).self)
            guard let format = ImageFormat(rawValue: format) else { throw KilroyServerStoreError.corruptRow(table: "images", id: id) }
            return StoredImageRecord(
                id: id, format: format, byteCount: byteCount, uploader: try Self.digest(uploader, table: "images", id: id),
                uploadedAt: Date(timeIntervalSince1970: uploadedAt))
        }
    }

    public func insertImage(_ image: StoredImageRecord) async throws -> Bool {
        let uploadedAt = image.uploadedAt.timeIntervalSince1970
        return try await transaction { connection in
            let inserted = try await Self.rows(
                connection,
                """
                INSERT INTO \(unescaped: tables.images) (id, format, byte_count, uploader, uploaded_at)
                VALUES (\(image.id), \(image.format.rawValue), \(image.byteCount), \(Data(image.uploader.bytes)), \(uploadedAt))
                ON CONFLICT (id) DO NOTHING RETURNING 1
                """,
                logger: logger)
            if !inserted.isEmpty { return true }
            try await Self.run(
                connection,
                "UPDATE \(unescaped: tables.images) SET uploaded_at = \(uploadedAt) WHERE id = \(image.id) AND uploaded_at < \(uploadedAt)",
                logger: logger)
            return false
        }
    }

    public func reserveUpload(owner: DeviceDigest, byteCount: Int, at date: Date, quota: UploadQuota) async throws
        -> UploadReservation
    {
        let now = date.timeIntervalSince1970
        let windowStart = now - quota.window
        let ownerBytes = Data(owner.bytes)
        return try await transaction { connection in
            // The owner's lock row: concurrent uploads of one device, from any process, queue here.
            try await Self.lockUploadOwner(connection, ownerBytes, tables: tables, logger: logger)
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.uploadLog) WHERE uploaded_at <= \(windowStart)", logger: logger)
            let rows = try await Self.rows(
                connection,
                """
                SELECT COUNT(*), COALESCE(SUM(byte_count), 0)::bigint, MIN(uploaded_at) FROM \(unescaped: tables.uploadLog)
                WHERE owner = \(ownerBytes) AND uploaded_at > \(windowStart)
                """,
                logger: logger)
            let (count, bytes, oldest) = try rows.first?.decode((Int, Int, Double?).self) ?? (0, 0, nil)
            guard count < quota.maximumCount, byteCount <= quota.maximumBytes - bytes else {
                let wait = (oldest ?? now) + quota.window - now
                return .exceeded(retryAfterSeconds: max(1, Int(min(wait, 86_400 * 366).rounded(.up))))
            }
            try await Self.run(
                connection,
                "INSERT INTO \(unescaped: tables.uploadLog) (owner, uploaded_at, byte_count) VALUES (\(ownerBytes), \(now), \(byteCount))",
                logger: logger)
            return .allowed
        }
    }

    public func acquireImageLease(id: String, holder: String, at date: Date, until expiry: Date) async throws -> Bool {
        try await client.withConnection { connection in
            // One statement: the unique key decides between concurrent takers in any process.
            try await Self.rows(
                connection,
                """
                INSERT INTO \(unescaped: tables.imageLeases) (image_id, holder, expires_at)
                VALUES (\(id), \(holder), \(expiry.timeIntervalSince1970))
                ON CONFLICT (image_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                WHERE \(unescaped: tables.imageLeases).expires_at <= \(date.timeIntervalSince1970)
                   OR \(unescaped: tables.imageLeases).holder = EXCLUDED.holder
                RETURNING image_id
                """,
                logger: logger
            ).isEmpty == false
        }
    }

    public func releaseImageLease(id: String, holder: String) async throws {
        try await client.withConnection { connection in
            try await Self.run(
                connection, "DELETE FROM \(unescaped: tables.imageLeases) WHERE image_id = \(id) AND holder = \(holder)", logger: logger)
        }
    }

    /// Creates (if needed) and locks `owner`'s row in `upload_owners` until the transaction ends.
    static func lockUploadOwner(_ connection: PostgresConnection, _ owner: Data, tables: Tables, logger: Logger) async throws {
        try await run(
            connection, "INSERT INTO \(unescaped: tables.uploadOwners) (owner) VALUES (\(owner)) ON CONFLICT (owner) DO NOTHING",
            logger: logger)
        try await run(connection, "SELECT 1 FROM \(unescaped: tables.uploadOwners) WHERE owner = \(owner) FOR UPDATE", logger: logger)
    }

    public func orphanedImages(uploadedBefore date: Date, limit: Int) async throws -> [String] {
        guard limit > 0 else { return [] }
        return try await client.withConnection { connection in
            try await Self.rows(
                connection,
                """
                SELECT id FROM \(unescaped: tables.images)
                WHERE uploaded_at < \(date.timeIntervalSince1970)
                AND NOT EXISTS (SELECT 1 FROM \(unescaped: tables.kilroys) k WHERE k.image_id = \(unescaped: tables.images).id)
                ORDER BY uploaded_at, id LIMIT \(limit)
                """,
                logger: logger
            ).map { try $0.decode(String.self) }
        }
    }

    public func deleteOrphanedImage(id: String, uploadedBefore date: Date) async throws -> Bool {
        try await transaction { connection in
            // Lock the image row first: a kilroy being created for it holds `FOR KEY SHARE` on
            // it, so we either wait for that kilroy (and then see it) or it waits for us (and
            // then finds no image).
            let candidate = try await Self.rows(
                connection,
                "SELECT 1 FROM \(unescaped: tables.images) WHERE id = \(id) AND uploaded_at < \(date.timeIntervalSince1970) FOR UPDATE",
                logger: logger)
            guard !candidate.isEmpty else { return false }
            guard try await !Self.imageInUse(connection, id, tables: tables, logger: logger) else { return false }
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.images) WHERE id = \(id)", logger: logger)
            return true
        }
    }

    static func imageInUse(_ connection: PostgresConnection, _ id: String, tables: Tables, logger: Logger) async throws -> Bool {
        let rows = try await Self.rows(
            connection, "SELECT EXISTS (SELECT 1 FROM \(unescaped: tables.kilroys) WHERE image_id = \(id))", logger: logger)
        return try rows.first?.decode(Bool.self) ?? true
    }
}
