import Foundation
import Geo
public import KilroyCloud
public import Logging
public import PostgresNIO
import PostgresStorage
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
    /// Shared by every copy of this store value (a class), so one process learns each position once.
    let nearCache: PostgresNearCache

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
        let kilroyChanges: String
        let kilroyChangesPruned: String

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
            kilroyChanges = schema.qualified("kilroy_changes")
            kilroyChangesPruned = schema.qualified("kilroy_changes_pruned")
        }
    }

    private init(client: PostgresClient, schema: PostgresSchemaName, logger: Logger, recentRecords: Int) {
        self.client = client
        self.schema = schema
        self.logger = logger
        tables = Tables(schema)
        nearCache = PostgresNearCache(recordCapacity: recentRecords)
    }

    /// The store in `schema` of the database `client` connects to, migrated to this release's
    /// schema first (once, however many processes open it together). `client` must be running.
    ///
    /// - Throws: `PostgresSchemaNameError` for an unusable schema name,
    ///   `PostgresMigrationError` when the schema is newer than this code, or the database's error.
    public static func open(
        client: PostgresClient, schema: String = "kilroy", logger: Logger,
        recentRecords: Int = SQLiteKilroyStore.defaultRecentRecords
    ) async throws -> PostgresKilroyStore {
        let store = try unmigrated(client: client, schema: schema, logger: logger, recentRecords: recentRecords)
        try await store.migrate()
        return store
    }

    /// The store in `schema`, not migrated yet: for a server that builds its routes before its
    /// connection pool runs (the pool is a service of the application), then calls ``migrate()``
    /// before it takes requests.
    ///
    /// - Parameter recentRecords: how many recently returned kilroys near queries keep in
    ///   memory (see `PostgresNearCache`; 0 keeps none).
    /// - Throws: `PostgresSchemaNameError` for an unusable schema name.
    public static func unmigrated(
        client: PostgresClient, schema: String = "kilroy", logger: Logger, recentRecords: Int = SQLiteKilroyStore.defaultRecentRecords
    ) throws -> PostgresKilroyStore {
        PostgresKilroyStore(client: client, schema: try PostgresSchemaName(schema), logger: logger, recentRecords: recentRecords)
    }

    /// Brings the schema up to this release (once, however many processes migrate together).
    /// `client` must be running.
    ///
    /// - Throws: `PostgresMigrationError` when the schema is newer than this code, or the
    ///   database's error.
    public func migrate() async throws {
        try await PostgresKilroySchema.migrator.migrate(client: client, schema: schema, logger: logger)
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

    public var backendName: String { "postgres" }

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
