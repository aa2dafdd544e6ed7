public import Foundation
public import Geo
public import KilroyCloud
public import Logging
public import PostgresNIO
import PostgresStorage
public import ServerKit
import Storage

/// The Kilroy cloud's store on PostgreSQL + PostGIS, for several app-servers sharing one
/// database: the same answers as ``SQLiteKilroyStore`` (the contract suite runs both), with
/// every cross-request decision made under a row lock so it holds across processes.
///
/// All tables live in one PostgreSQL schema (default `kilroy`) and every statement names them
/// qualified, so one `PostgresClient` can serve several clouds' stores. Each method is one
/// transaction (read committed; near queries read one repeatable-read snapshot), retried on a
/// serialization failure or deadlock.
public struct PostgresKilroyStore: KilroyServerStore {
    let client: PostgresClient
    let schema: PostgresSchemaName
    let logger: Logger
    let tables: Tables

    /// The qualified table names, spliced into SQL (constants built from a validated schema name).
    struct Tables: Sendable {
        let images: String
        let kilroys: String
        let reports: String
        let deviceDrops: String
        let uploadLog: String
        let uploadOwners: String
        let legacyClaims: String
        let rateBuckets: String
        let imageLeases: String

        init(_ schema: PostgresSchemaName) {
            images = schema.qualified("images")
            kilroys = schema.qualified("kilroys")
            reports = schema.qualified("reports")
            deviceDrops = schema.qualified("device_drops")
            uploadLog = schema.qualified("upload_log")
            uploadOwners = schema.qualified("upload_owners")
            legacyClaims = schema.qualified("legacy_claims")
            rateBuckets = schema.qualified("rate_buckets")
            imageLeases = schema.qualified("image_leases")
        }
    }

    private init(client: PostgresClient, schema: PostgresSchemaName, logger: Logger) {
        self.client = client
        self.schema = schema
        self.logger = logger
        tables = Tables(schema)
    }

    /// The store in `schema` of the database `client` connects to, migrated to this release's
    /// schema first (once, however many processes open it together). `client` must be running.
    ///
    /// - Throws: `PostgresSchemaNameError` for an unusable schema name,
    ///   `PostgresMigrationError` when the schema is newer than this code, or the database's error.
    public static func open(client: PostgresClient, schema: String = "kilroy", logger: Logger) async throws -> PostgresKilroyStore {
        let name = try PostgresSchemaName(schema)
        try await PostgresKilroySchema.migrator.migrate(client: client, schema: name, logger: logger)
        return PostgresKilroyStore(client: client, schema: name, logger: logger)
    }

    public func checkHealth() async throws {
        try await client.withConnection { connection in
            _ = try await Self.rows(connection, "SELECT 1", logger: logger)
        }
    }

    /// One transaction, retried on 40001/40P01 (see `withRetryingTransaction`).
    func transaction<Result: Sendable>(
        isolation: PostgresIsolationLevel = .readCommitted, readOnly: Bool = false,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withRetryingTransaction(isolation: isolation, readOnly: readOnly, logger: logger, body)
    }

    // MARK: Images

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

    // MARK: Kilroys

    public func createKilroy(_ kilroy: KilroyRecord) async throws -> KilroyCreation {
        let outcomes = try await createKilroys([kilroy])
        guard let outcome = outcomes.first else { preconditionFailure("one outcome per kilroy") }
        return outcome
    }

    public func kilroy(id: String) async throws -> KilroyRecord? {
        try await client.withConnection { connection in
            try await Self.fetchKilroys(connection, ids: [id], tables: tables, logger: logger)[id]
        }
    }

    public func deleteKilroy(id: String, owner: DeviceDigest) async throws -> KilroyDeletion {
        try await transaction { connection in
            guard let record = try await Self.fetchKilroys(connection, ids: [id], forUpdate: true, tables: tables, logger: logger)[id]
            else { return .notFound }
            guard record.owner == owner else { return .notOwner }
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.kilroys) WHERE id = \(id)", logger: logger)
            // Lock before looking, like orphan collection: a kilroy created meanwhile for the same
            // image is either seen or finds the image gone.
            try await Self.run(
                connection, "SELECT 1 FROM \(unescaped: tables.images) WHERE id = \(record.imageID) FOR UPDATE", logger: logger)
            guard try await !Self.imageInUse(connection, record.imageID, tables: tables, logger: logger) else {
                return .deleted(orphanedImageID: nil)
            }
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.images) WHERE id = \(record.imageID)", logger: logger)
            return .deleted(orphanedImageID: record.imageID)
        }
    }

    public func reportKilroy(
        id: String, reporter: DeviceDigest, reason: String?, at date: Date, hideThreshold: Int, policy: ReciprocityPolicy
    ) async throws -> KilroyReporting {
        let reporterBytes = Data(reporter.bytes)
        return try await transaction { connection in
            guard let record = try await Self.fetchKilroys(connection, ids: [id], forUpdate: true, tables: tables, logger: logger)[id]
            else { return .notFound }
            guard record.owner != reporter else { return .ownKilroy }
            // The same rule as near and get, read in this very transaction.
            let visibility = try await Self.visibility(
                connection, viewer: reporter, policy: policy, around: record.coordinate, radius: 0, tables: tables, logger: logger)
            let candidate = KilroyCandidate(
                id: record.id, owner: record.owner, coordinate: record.coordinate, isHidden: record.isHidden, distanceMeters: 0)
            guard visibility.decide(candidate) == .include else { return .notFound }
            guard visibility.ownDropCount >= 1 else { return .noOwnDrops }
            var count = record.reportCount
            var hidden = record.isHidden
            let inserted = try await Self.rows(
                connection,
                """
                INSERT INTO \(unescaped: tables.reports) (kilroy_id, reporter, reason, reported_at)
                VALUES (\(id), \(reporterBytes), \(reason), \(date.timeIntervalSince1970))
                ON CONFLICT (kilroy_id, reporter) DO NOTHING RETURNING 1
                """,
                logger: logger)
            if !inserted.isEmpty {
                count += 1
                hidden = hidden || count >= hideThreshold
                try await Self.run(
                    connection, "UPDATE \(unescaped: tables.kilroys) SET report_count = \(count), hidden = \(hidden) WHERE id = \(id)",
                    logger: logger)
            }
            return .counted(reportCount: count, hidden: hidden)
        }
    }

    public func dropCount(owner: DeviceDigest) async throws -> Int {
        try await client.withConnection { connection in
            try await Self.dropCount(connection, owner: owner, tables: tables, logger: logger)
        }
    }

    public func visibility(
        for viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double
    ) async throws -> KilroyVisibility {
        guard KilroyVisibility.anchorReach(of: policy) != nil else {
            // Without anchors the answer is one statement (the drop count), which sees one
            // snapshot by itself: no transaction, so no BEGIN/SET/COMMIT round trips.
            return try await client.withConnection { connection in
                try await Self.visibility(
                    connection, viewer: viewer, policy: policy, around: center, radius: radius, tables: tables, logger: logger)
            }
        }
        // Anchors and the drop count are two statements: one repeatable-read snapshot for both.
        return try await transaction(isolation: .repeatableRead, readOnly: true) { connection in
            try await Self.visibility(
                connection, viewer: viewer, policy: policy, around: center, radius: radius, tables: tables, logger: logger)
        }
    }

    static func dropCount(_ connection: PostgresConnection, owner: DeviceDigest, tables: Tables, logger: Logger) async throws -> Int {
        let rows = try await Self.rows(
            connection, "SELECT drop_count FROM \(unescaped: tables.deviceDrops) WHERE owner = \(Data(owner.bytes))", logger: logger)
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// ``KilroyServerStore/visibility(for:policy:around:radius:)`` inside a transaction.
    static func visibility(
        _ connection: PostgresConnection, viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double,
        tables: Tables, logger: Logger
    ) async throws -> KilroyVisibility {
        var anchors: [Coordinate] = []
        if let reach = KilroyVisibility.anchorReach(of: policy) {
            // Only own drops within reach of the circle can unlock anything in it.
            anchors = try await circle(
                connection, center: center, radius: max(0, radius) + reach, owner: viewer, tables: tables, logger: logger
            ).map(\.coordinate)
        }
        return KilroyVisibility(
            policy: policy, viewer: viewer, ownDropCount: try await dropCount(connection, owner: viewer, tables: tables, logger: logger),
            anchors: anchors)
    }

    // MARK: Rate limits

    public func takeRateToken(owner: DeviceDigest, action: RateLimitedAction, limit: RateLimit, at date: Date) async throws
        -> RateDecision
    {
        let ownerBytes = Data(owner.bytes)
        let full = TokenBucket.full(limit, at: date)
        return try await transaction { connection in
            // A bucket seen for the first time starts full; then its row is locked until commit,
            // so concurrent requests of one device, from any process, take tokens one at a time.
            try await Self.run(
                connection,
                """
                INSERT INTO \(unescaped: tables.rateBuckets) (owner, action, tokens, updated_at)
                VALUES (\(ownerBytes), \(action.rawValue), \(full.tokens), \(full.updated.timeIntervalSince1970))
                ON CONFLICT (owner, action) DO NOTHING
                """,
                logger: logger)
            let rows = try await Self.rows(
                connection,
                """
                SELECT tokens, updated_at FROM \(unescaped: tables.rateBuckets)
                WHERE owner = \(ownerBytes) AND action = \(action.rawValue) FOR UPDATE
                """,
                logger: logger)
            guard let (tokens, updated) = try rows.first?.decode((Double, Double).self) else {
                preconditionFailure("the bucket row was inserted or locked in this transaction")
            }
            let (decision, bucket) = TokenBucket(tokens: tokens, updated: Date(timeIntervalSince1970: updated)).taking(limit, at: date)
            try await Self.run(
                connection,
                """
                UPDATE \(unescaped: tables.rateBuckets) SET tokens = \(bucket.tokens), updated_at = \(bucket.updated.timeIntervalSince1970)
                WHERE owner = \(ownerBytes) AND action = \(action.rawValue)
                """,
                logger: logger)
            return decision
        }
    }

    // MARK: Devices

    public func claimLegacyDevice(legacy: DeviceDigest, by claimant: DeviceDigest, at date: Date) async throws
        -> LegacyClaimOutcome
    {
        let legacyBytes = Data(legacy.bytes)
        let claimantBytes = Data(claimant.bytes)
        do {
            return try await transaction { connection in
                try await claim(connection, legacy: legacyBytes, claimant: claimant, claimantBytes: claimantBytes, at: date)
            }
        } catch ClaimAbandoned.notFound {
            return .notFound
        }
    }

    /// Thrown inside a claim's transaction to roll back its claim row: nothing was stored
    /// under the legacy id.
    private enum ClaimAbandoned: Error {
        case notFound
    }

    /// ``claimLegacyDevice(legacy:by:at:)`` inside its transaction.
    ///
    /// The claim row is written first and only then is the legacy id's data looked for: a
    /// concurrent claim of the same id waits on that row, and finds it once the first claim
    /// commits — had it looked for the data first, it could see the data already moved away and
    /// answer "not found".
    private func claim(_ connection: PostgresConnection, legacy legacyBytes: Data, claimant: DeviceDigest, claimantBytes: Data, at date: Date)
        async throws -> LegacyClaimOutcome
    {
        if let outcome = try await Self.existingClaim(connection, legacy: legacyBytes, claimant: claimant, tables: tables, logger: logger) {
            return outcome
        }
        let claimed = try await Self.rows(
            connection,
            """
            INSERT INTO \(unescaped: tables.legacyClaims) (legacy, claimed_by, claimed_at)
            VALUES (\(legacyBytes), \(claimantBytes), \(date.timeIntervalSince1970))
            ON CONFLICT (legacy) DO NOTHING RETURNING 1
            """,
            logger: logger)
        guard !claimed.isEmpty else {
            return try await Self.existingClaim(connection, legacy: legacyBytes, claimant: claimant, tables: tables, logger: logger)
                ?? .claimedByAnother
        }
        let owned = try await Self.rows(
            connection,
            """
            SELECT EXISTS (SELECT 1 FROM \(unescaped: tables.kilroys) WHERE owner = \(legacyBytes))
            OR EXISTS (SELECT 1 FROM \(unescaped: tables.deviceDrops) WHERE owner = \(legacyBytes))
            OR EXISTS (SELECT 1 FROM \(unescaped: tables.images) WHERE uploader = \(legacyBytes))
            OR EXISTS (SELECT 1 FROM \(unescaped: tables.reports) WHERE reporter = \(legacyBytes))
            """,
            logger: logger)
        guard try owned.first?.decode(Bool.self) == true else { throw ClaimAbandoned.notFound }
        try await Self.lockUploadOwner(connection, claimantBytes, tables: tables, logger: logger)
        let affected = try await Self.rows(
            connection,
            """
            SELECT DISTINCT kilroy_id FROM \(unescaped: tables.reports)
            WHERE reporter = \(legacyBytes) OR reporter = \(claimantBytes)
            """,
            logger: logger
        ).map { try $0.decode(String.self) }
        let moved = try await Self.rows(
            connection,
            "UPDATE \(unescaped: tables.kilroys) SET owner = \(claimantBytes) WHERE owner = \(legacyBytes) RETURNING 1",
            logger: logger
        ).count
        try await Self.run(
            connection, "UPDATE \(unescaped: tables.images) SET uploader = \(claimantBytes) WHERE uploader = \(legacyBytes)",
            logger: logger)
        try await Self.run(
            connection, "UPDATE \(unescaped: tables.uploadLog) SET owner = \(claimantBytes) WHERE owner = \(legacyBytes)",
            logger: logger)
        // A kilroy both identities reported keeps one report; one the claimant now owns keeps
        // none (a device does not report its own kilroys). Counts follow the remaining rows.
        try await Self.run(
            connection,
            """
            UPDATE \(unescaped: tables.reports) r SET reporter = \(claimantBytes)
            WHERE r.reporter = \(legacyBytes) AND NOT EXISTS (
                SELECT 1 FROM \(unescaped: tables.reports) o WHERE o.kilroy_id = r.kilroy_id AND o.reporter = \(claimantBytes))
            """,
            logger: logger)
        try await Self.run(connection, "DELETE FROM \(unescaped: tables.reports) WHERE reporter = \(legacyBytes)", logger: logger)
        try await Self.run(
            connection,
            """
            DELETE FROM \(unescaped: tables.reports) WHERE reporter = \(claimantBytes)
            AND kilroy_id IN (SELECT id FROM \(unescaped: tables.kilroys) WHERE owner = \(claimantBytes))
            """,
            logger: logger)
        try await Self.run(
            connection,
            """
            UPDATE \(unescaped: tables.kilroys) k
            SET report_count = (SELECT COUNT(*) FROM \(unescaped: tables.reports) r WHERE r.kilroy_id = k.id)
            WHERE k.id = ANY(\(affected))
            AND k.report_count <> (SELECT COUNT(*) FROM \(unescaped: tables.reports) r WHERE r.kilroy_id = k.id)
            """,
            logger: logger)
        try await Self.run(
            connection,
            """
            INSERT INTO \(unescaped: tables.deviceDrops) (owner, drop_count)
            SELECT \(claimantBytes), drop_count FROM \(unescaped: tables.deviceDrops) WHERE owner = \(legacyBytes)
            ON CONFLICT (owner) DO UPDATE SET drop_count = \(unescaped: tables.deviceDrops).drop_count + excluded.drop_count
            """,
            logger: logger)
        try await Self.run(connection, "DELETE FROM \(unescaped: tables.deviceDrops) WHERE owner = \(legacyBytes)", logger: logger)
        return .claimed(kilroyCount: moved)
    }

    /// The answer to a claim of `legacy` that was already claimed, if it was.
    private static func existingClaim(
        _ connection: PostgresConnection, legacy: Data, claimant: DeviceDigest, tables: Tables, logger: Logger
    ) async throws -> LegacyClaimOutcome? {
        let rows = try await Self.rows(
            connection, "SELECT claimed_by FROM \(unescaped: tables.legacyClaims) WHERE legacy = \(legacy)", logger: logger)
        guard let row = rows.first else { return nil }
        let claimedBy = try digest(try row.decode(Data.self), table: "legacy_claims", id: "(legacy id)")
        return claimedBy == claimant ? .claimed(kilroyCount: 0) : .claimedByAnother
    }

    // MARK: Rows

    /// Runs a statement and reads all its rows (a statement's rows must be read before the
    /// connection's next statement).
    static func rows(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await connection.query(query, logger: logger).collect()
    }

    /// Runs a statement whose rows (if any) are not needed.
    static func run(_ connection: PostgresConnection, _ query: PostgresQuery, logger: Logger) async throws {
        _ = try await rows(connection, query, logger: logger)
    }

    /// A stored device digest, or `corruptRow` for anything but 32 bytes.
    static func digest(_ bytes: Data, table: String, id: String) throws -> DeviceDigest {
        guard let digest = DeviceDigest(storedBytes: Array(bytes)) else {
            throw KilroyServerStoreError.corruptRow(table: table, id: id)
        }
        return digest
    }

    /// The columns ``decodeKilroy(_:)`` reads, in its order.
    static let kilroyColumns = """
        id, owner, latitude, longitude, image_id, place_name, place_address, comment, created_at, received_at, report_count, hidden
        """

    /// The kilroys with these ids, by id (locked `FOR UPDATE` when asked).
    static func fetchKilroys(
        _ connection: PostgresConnection, ids: [String], forUpdate: Bool = false, tables: Tables, logger: Logger
    ) async throws -> [String: KilroyRecord] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await Self.rows(
            connection,
            """
            SELECT \(unescaped: kilroyColumns) FROM \(unescaped: tables.kilroys) WHERE id = ANY(\(ids))\(unescaped: forUpdate ? " FOR UPDATE" : "")
            """,
            logger: logger)
        var byID: [String: KilroyRecord] = [:]
        byID.reserveCapacity(rows.count)
        for row in rows {
            let record = try decodeKilroy(row)
            byID[record.id] = record
        }
        return byID
    }

    /// Decodes the ``kilroyColumns``.
    static func decodeKilroy(_ row: PostgresRow) throws -> KilroyRecord {
        try decodeKilroy(row.makeRandomAccess())
    }

    /// Decodes the ``kilroyColumns`` of a row already opened for random access.
    static func decodeKilroy(_ cells: PostgresRandomAccessRow) throws -> KilroyRecord {
        let id = try cells[0].decode(String.self)
        let owner = try cells[1].decode(Data.self)
        let latitude = try cells[2].decode(Double.self)
        let longitude = try cells[3].decode(Double.self)
        let imageID = try cells[4].decode(String.self)
        let placeName = try cells[5].decode(String?.self)
        let placeAddress = try cells[6].decode(String?.self)
        let comment = try cells[7].decode(String?.self)
        let createdAt = try cells[8].decode(Double.self)
        let receivedAt = try cells[9].decode(Double.self)
        let reportCount = try cells[10].decode(Int.self)
        let hidden = try cells[11].decode(Bool.self)
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw KilroyServerStoreError.corruptRow(table: "kilroys", id: id)
        }
        return KilroyRecord(
            id: id, owner: try digest(owner, table: "kilroys", id: id), coordinate: coordinate, imageID: imageID,
            placeName: placeName, placeAddress: placeAddress, comment: comment,
            createdAt: Date(timeIntervalSince1970: createdAt), receivedAt: Date(timeIntervalSince1970: receivedAt),
            reportCount: reportCount, isHidden: hidden)
    }
}
