import Foundation
import GRDB
import Logging
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import TestSupport
import Testing

@testable import KilroyCloud
@testable import KilroyCloudPostgres

/// The stores the contract runs against: SQLite always, PostgreSQL when `TEST_POSTGRES_URL` is set.
enum KilroyStoreBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static var available: [KilroyStoreBackend] { PostgresTestDatabase.isConfigured ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this backend.
    func withStore<Result: Sendable>(_ body: (StoreUnderTest) async throws -> Result) async throws -> Result {
        switch self {
        case .sqlite:
            return try await body(StoreUnderTest(sqlite: try SQLiteKilroyStore.inMemory()))
        case .postgres:
            return try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                let store = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: PostgresTestDatabase.quietLogger)
                return try await body(StoreUnderTest(postgres: store, client: client))
            }
        }
    }

    /// Runs `body` with two stores over the same new, empty database that share nothing else,
    /// as two app-server processes would: two SQLite connection pools on one file, or two
    /// PostgreSQL clients (connection pools) on one schema.
    func withTwoStores<Result: Sendable>(_ body: (StoreUnderTest, StoreUnderTest) async throws -> Result) async throws -> Result {
        switch self {
        case .sqlite:
            let folder = ScratchFolder.url("kilroy-contract")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("kilroy.sqlite")
            let first = try SQLiteKilroyStore.open(at: url)
            let second = try SQLiteKilroyStore.open(at: url)
            return try await body(StoreUnderTest(sqlite: first), StoreUnderTest(sqlite: second))
        case .postgres:
            return try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                let logger = PostgresTestDatabase.quietLogger
                let first = try await PostgresKilroyStore.open(client: client, schema: schema.rawValue, logger: logger)
                return try await PostgresTestDatabase.withClient(schema: schema) { otherClient in
                    let second = try await PostgresKilroyStore.open(client: otherClient, schema: schema.rawValue, logger: logger)
                    return try await body(StoreUnderTest(postgres: first, client: client), StoreUnderTest(postgres: second, client: otherClient))
                }
            }
        }
    }
}

/// A store under test, with what the protocol leaves out: batch creation (both stores have
/// it) and a way to damage a row behind the store's back.
struct StoreUnderTest: Sendable {
    let store: any KilroyServerStore
    let createKilroys: @Sendable ([KilroyRecord]) async throws -> [KilroyCreation]
    /// Overwrites the owner of kilroy `id` with a value no request could write (one byte).
    let corruptOwner: @Sendable (_ id: String) async throws -> Void

    init(sqlite: SQLiteKilroyStore) {
        store = sqlite
        createKilroys = { try await sqlite.createKilroys($0) }
        corruptOwner = { id in
            try await sqlite.writer.write { db in
                try db.execute(sql: "UPDATE kilroys SET owner = X'00' WHERE id = ?", arguments: [id])
            }
        }
    }

    init(postgres: PostgresKilroyStore, client: PostgresClient) {
        store = postgres
        createKilroys = { try await postgres.createKilroys($0) }
        let kilroys = postgres.tables.kilroys
        corruptOwner = { id in
            try await client.query(
                "UPDATE \(unescaped: kilroys) SET owner = '\\x00'::bytea WHERE id = \(id)", logger: PostgresTestDatabase.quietLogger)
        }
    }
}
