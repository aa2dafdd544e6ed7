import PostgresNIO
import PostgresStorage
import PostgresTestSupport

@testable import UmiLogCloudPostgres

/// The PostgreSQL half of ``SyncStoreBackend``: a fresh schema per test.
enum PostgresSyncBackend {
    /// Connections per pool: few, since other suites (and other test runs) share the server's cap.
    static let connections = 4

    /// One store on a new schema.
    static func withStore<Result: Sendable>(_ body: (SyncStoreUnderTest) async throws -> Result) async throws -> Result {
        try await PostgresTestDatabase.withTestDatabase(maximumConnections: connections) { client, schema async throws in
            let store = try await PostgresSyncStore.open(client: client, schema: schema.rawValue, logger: PostgresTestDatabase.quietLogger)
            return try await body(SyncStoreUnderTest(postgres: store, client: client))
        }
    }

    /// Two stores on one new schema through two clients (connection pools), as two app-servers.
    static func withTwoStores<Result: Sendable>(_ body: (SyncStoreUnderTest, SyncStoreUnderTest) async throws -> Result) async throws
        -> Result
    {
        try await PostgresTestDatabase.withTestDatabase(maximumConnections: connections) { client, schema async throws in
            let logger = PostgresTestDatabase.quietLogger
            let first = try await PostgresSyncStore.open(client: client, schema: schema.rawValue, logger: logger)
            return try await PostgresTestDatabase.withClient(schema: schema, maximumConnections: connections) { otherClient in
                let second = try await PostgresSyncStore.open(client: otherClient, schema: schema.rawValue, logger: logger)
                return try await body(SyncStoreUnderTest(postgres: first, client: client), SyncStoreUnderTest(postgres: second, client: otherClient))
            }
        }
    }
}

extension SyncStoreUnderTest {
    init(postgres: PostgresSyncStore, client: PostgresClient) {
        let query = PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(postgres.tables.changes)")
        self.init(store: postgres) {
            let rows = try await client.query(query, logger: PostgresTestDatabase.quietLogger).collect()
            return try rows.first?.decode(Int.self) ?? 0
        }
    }
}
