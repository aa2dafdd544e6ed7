import Foundation
import GRDB
import Logging
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import TestSupport
import Testing

@testable import BudsCloud
@testable import BudsCloudPostgres

/// The relay stores the contract runs against: SQLite always, PostgreSQL when
/// `TEST_POSTGRES_URL` is set.
enum RelayStoreBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static var available: [RelayStoreBackend] { PostgresTestDatabase.isConfigured ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this backend.
    func withStore<Result: Sendable>(_ body: (RelayStoreUnderTest) async throws -> Result) async throws -> Result {
        switch self {
        case .sqlite:
            return try await body(RelayStoreUnderTest(sqlite: try SQLiteRelayStore.inMemory()))
        case .postgres:
            return try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                let store = try await PostgresRelayStore.open(client: client, schema: schema.rawValue, logger: PostgresTestDatabase.quietLogger)
                return try await body(RelayStoreUnderTest(postgres: store, client: client))
            }
        }
    }

    /// Runs `body` with two stores over the same new, empty database that share nothing else, as
    /// two app-server processes would: two SQLite connection pools on one file, or two PostgreSQL
    /// clients (connection pools) on one schema.
    func withTwoStores<Result: Sendable>(_ body: (RelayStoreUnderTest, RelayStoreUnderTest) async throws -> Result) async throws -> Result {
        switch self {
        case .sqlite:
            let folder = ScratchFolder.url("relay-contract")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("relay.sqlite")
            let first = try SQLiteRelayStore.open(at: url)
            let second = try SQLiteRelayStore.open(at: url)
            return try await body(RelayStoreUnderTest(sqlite: first), RelayStoreUnderTest(sqlite: second))
        case .postgres:
            return try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                let logger = PostgresTestDatabase.quietLogger
                let first = try await PostgresRelayStore.open(client: client, schema: schema.rawValue, logger: logger)
                return try await PostgresTestDatabase.withClient(schema: schema) { otherClient in
                    let second = try await PostgresRelayStore.open(client: otherClient, schema: schema.rawValue, logger: logger)
                    return try await body(
                        RelayStoreUnderTest(postgres: first, client: client), RelayStoreUnderTest(postgres: second, client: otherClient))
                }
            }
        }
    }
}

/// A store under test, with what the protocol does not show: the rows behind its answers.
struct RelayStoreUnderTest: Sendable {
    let store: any BudsRelayStore
    /// Every value of every row of every table the store keeps: BLOBs as they are, everything
    /// else (on PostgreSQL, whole rows) as UTF-8 text.
    let storedValues: @Sendable () async throws -> [Data]
    /// The number of rows in the table `table`.
    let rowCount: @Sendable (_ table: String) async throws -> Int
    /// The bytes kept for envelope `id`: `nil` without a row, `.some(nil)` once emptied.
    let envelopeBytes: @Sendable (_ id: Data) async throws -> Data??
    /// The accounts (DIDs) holding the phone digest.
    let phoneOwners: @Sendable (PhoneDigest) async throws -> [String]

    init(sqlite: SQLiteRelayStore) {
        store = sqlite
        let writer = sqlite.writer
        storedValues = {
            try await writer.read { db in
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'")
                var values: [Data] = []
                for table in tables {
                    for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") {
                        for value in row.databaseValues {
                            switch value.storage {
                            case .blob(let data): values.append(data)
                            case .string(let text): values.append(Data(text.utf8))
                            case .int64(let number): values.append(Data(String(number).utf8))
                            case .double(let number): values.append(Data(String(number).utf8))
                            case .null: break
                            }
                        }
                    }
                }
                return values
            }
        }
        rowCount = { table in try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"") ?? 0 } }
        envelopeBytes = { id in
            try await writer.read { db in
                try Row.fetchOne(db, sql: "SELECT bytes FROM envelopes WHERE id = ?", arguments: [id]).map { $0[0] as Data? }
            }
        }
        phoneOwners = { digest in
            try await writer.read { db in try String.fetchAll(db, sql: "SELECT did FROM accounts WHERE phone_digest = ?", arguments: [digest.hex]) }
        }
    }

    init(postgres: PostgresRelayStore, client: PostgresClient) {
        store = postgres
        let tables = postgres.tables
        let schema = postgres.schema
        let logger = PostgresTestDatabase.quietLogger
        storedValues = {
            var values: [Data] = []
            for table in tables.all {
                // A whole row as text: `bytea` shows as `\x` and lower-case hex.
                let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT t::text FROM \(table) t"), logger: logger).collect()
                values += try rows.map { Data(try $0.decode(String.self).utf8) }
            }
            return values
        }
        rowCount = { table in
            let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(schema.qualified(table))"), logger: logger).collect()
            return try rows.first?.decode(Int.self) ?? 0
        }
        envelopeBytes = { id in
            let rows = try await client.query("SELECT bytes FROM \(unescaped: tables.envelopes) WHERE id = \(id)", logger: logger).collect()
            return try rows.first.map { try $0.decode(Data?.self) }
        }
        phoneOwners = { digest in
            try await client.query("SELECT did FROM \(unescaped: tables.accounts) WHERE phone_digest = \(digest.hex)", logger: logger)
                .collect().map { try $0.decode(String.self) }
        }
    }
}
