import Foundation
import GRDB
import PostgresTestSupport
import TestSupport
import Testing

@testable import UmiLogCloud

/// The sync stores the contract runs against: SQLite always, PostgreSQL when `TEST_POSTGRES_URL`
/// is set.
enum SyncStoreBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static var available: [SyncStoreBackend] { PostgresTestDatabase.isConfigured ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue }

    /// Runs `body` with a new, empty store of this backend.
    func withStore<Result: Sendable>(_ body: (SyncStoreUnderTest) async throws -> Result) async throws -> Result {
        switch self {
        case .sqlite:
            return try await body(SyncStoreUnderTest(sqlite: try SQLiteSyncStore.inMemory()))
        case .postgres:
            return try await PostgresSyncBackend.withStore(body)
        }
    }

    /// Runs `body` with two stores over the same new, empty database that share nothing else, as
    /// two app-server processes would: two SQLite connection pools on one file, or two PostgreSQL
    /// clients (connection pools) on one schema.
    func withTwoStores<Result: Sendable>(_ body: (SyncStoreUnderTest, SyncStoreUnderTest) async throws -> Result) async throws -> Result {
        switch self {
        case .sqlite:
            let folder = ScratchFolder.url("sync-contract")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("umilog-sync.sqlite")
            let first = try SQLiteSyncStore.open(at: url)
            let second = try SQLiteSyncStore.open(at: url)
            return try await body(SyncStoreUnderTest(sqlite: first), SyncStoreUnderTest(sqlite: second))
        case .postgres:
            return try await PostgresSyncBackend.withTwoStores(body)
        }
    }
}

/// A store under test, with what the protocol does not show: how many rows its log holds.
struct SyncStoreUnderTest: Sendable {
    let store: any UmiLogSyncStore
    /// The number of rows of the change log, over every account.
    let changeRows: @Sendable () async throws -> Int

    init(store: any UmiLogSyncStore, changeRows: @escaping @Sendable () async throws -> Int) {
        self.store = store
        self.changeRows = changeRows
    }

    init(sqlite: SQLiteSyncStore) {
        let writer = sqlite.writer
        self.init(store: sqlite) {
            try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM changes") ?? 0 }
        }
    }
}
