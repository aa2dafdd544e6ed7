import FlipcashCloudPostgres
import FlipcashCore
import Foundation
import GRDB
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import Storage
import TestSupport
import Testing

@testable import FlipcashCloud

/// What every ledger store must do, checked against the in-memory ``Ledger`` (the rules) on
/// random sequences, and under concurrency. Written once for every store; the PostgreSQL runs
/// need `TEST_POSTGRES_URL` (`.ci/run` sets it).
@Suite("Ledger store contract")
struct LedgerStoreContractTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqliteMemory = "SQLite (memory)"
        case sqliteFile = "SQLite (file)"
        case postgres = "PostgreSQL"

        /// The backends this machine can run: PostgreSQL only when `TEST_POSTGRES_URL` is set.
        static var available: [Backend] { PostgresTestDatabase.isConfigured ? allCases : [.sqliteMemory, .sqliteFile] }

        var testDescription: String { rawValue }

        /// A fresh, empty SQLite store of this backend (memory or file) for `body`, removed afterwards.
        func withSQLiteStore<T: Sendable>(_ body: (SQLiteLedgerStore) async throws -> T) async throws -> T {
            switch self {
            case .sqliteMemory: return try await body(try SQLiteLedgerStore.inMemory())
            case .sqliteFile, .postgres:
                let folder = ScratchFolder.url("ledger")
                defer { try? FileManager.default.removeItem(at: folder) }
                return try await body(try SQLiteLedgerStore.open(at: folder.appendingPathComponent("ledger.sqlite")))
            }
        }

        /// A fresh, empty store for `body`, removed afterwards.
        func withStore<T: Sendable>(_ body: (any LedgerStore) async throws -> T) async throws -> T {
            switch self {
            case .sqliteMemory: return try await body(try SQLiteLedgerStore.inMemory())
            case .sqliteFile:
                let folder = ScratchFolder.url("ledger")
                defer { try? FileManager.default.removeItem(at: folder) }
                return try await body(try SQLiteLedgerStore.open(at: folder.appendingPathComponent("ledger.sqlite")))
            case .postgres:
                return try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                    try await body(
                        try await PostgresLedgerStore.open(client: client, schema: schema.rawValue, logger: PostgresTestDatabase.quietLogger))
                }
            }
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("random sequences (retries, conflicts, groups, overflow): the store answers and holds what the rules do", arguments: Backend.available)
    func equalsRules(backend: Backend) async throws {
        var generator = SplitMix64(seed: 0x5707E)
        for round in 0..<(backend == .sqliteMemory ? 300 : 30) {
            let operations = LedgerModelTests.randomOperations(&generator, count: 40, uniqueBodies: false)
            try await backend.withStore { store in
                var rules = Ledger()
                for (step, operation) in operations.enumerated() {
                    switch operation {
                    case .open(let id, let mint, let kind):
                        let expected = Result { try rules.open(id, mint: mint, kind: kind) }
                        let actual = await Result { try await store.open(id, mint: mint, kind: kind) }
                        #expect(
                            (try? expected.get()) != nil ? (try? actual.get()) != nil : (actual.error as? LedgerError) == .accountConflict(id),
                            "round \(round) step \(step): \(operation)")
                    case .group(let transfers):
                        let expected = rules.apply(transfers)
                        let actual = try await store.apply(transfers, at: Self.now)
                        #expect(actual == expected, "round \(round) step \(step): \(operation)")
                    }
                }
                for (id, account) in rules.accounts {
                    #expect(try await store.account(id) == account, "round \(round): \(id)")
                }
                try await store.checkInvariants()
            }
        }
    }

    @Test("20 concurrent sends of 100 from a balance of 1,000: exactly 10 pass, never below zero", arguments: Backend.available)
    func concurrentSends(backend: Backend) async throws {
        try await backend.withStore { store in
            let issuance = LedgerAccountID("issuance")
            let alice = LedgerAccountID("alice")
            let bob = LedgerAccountID("bob")
            try await store.open(issuance, mint: .usdf, kind: .issuance)
            try await store.open(alice, mint: .usdf, kind: .user)
            try await store.open(bob, mint: .usdf, kind: .user)
            let deposit = LedgerTransfer(id: TransferID("deposit"), debit: issuance, credit: alice, mint: .usdf, amount: 1_000, code: .deposit)
            #expect(try await store.apply([deposit], at: Self.now) == [.created])
            let outcomes = try await withThrowingTaskGroup(of: TransferOutcome.self) { group in
                for number in 0..<20 {
                    group.addTask {
                        let send = LedgerTransfer(
                            id: TransferID("send-\(number)"), debit: alice, credit: bob, mint: .usdf, amount: 100, code: .payment)
                        return try await store.apply([send], at: Self.now)[0]
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .created }.count == 10)
            #expect(outcomes.filter { $0 == .failed(.insufficientFunds(available: 0)) }.count == 10)
            try await store.checkInvariants()
            #expect(try await store.account(alice)?.balance == 0)
            #expect(try await store.account(bob)?.balance == 1_000)
            try await store.checkInvariants()
        }
    }

    @Test("one id sent 10 times at once, half with another body: one transfer, the rest exists or a conflict", arguments: Backend.available)
    func concurrentRetries(backend: Backend) async throws {
        try await backend.withStore { store in
            let issuance = LedgerAccountID("issuance")
            let accounts = (0..<4).map { LedgerAccountID("user-\($0)") }
            try await store.open(issuance, mint: .usdf, kind: .issuance)
            for account in accounts { try await store.open(account, mint: .usdf, kind: .user) }
            let outcomes = try await withThrowingTaskGroup(of: TransferOutcome.self) { group in
                for number in 0..<10 {
                    group.addTask {
                        // Even attempts credit user-0, odd ones user-1..3: different rows, one id.
                        let credit = number.isMultiple(of: 2) ? accounts[0] : accounts[1 + number % 3]
                        let deposit = LedgerTransfer(
                            id: TransferID("same"), debit: issuance, credit: credit, mint: .usdf, amount: 50, code: .deposit)
                        return try await store.apply([deposit], at: Self.now)[0]
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .created }.count == 1)
            #expect(outcomes.allSatisfy { $0 == .created || $0 == .exists || $0 == .failed(.conflict(.credit)) })
            #expect(try await store.account(issuance)?.balance == -50)
            try await store.checkInvariants()
        }
    }

    @Test("PostgreSQL tests skipped without TEST_POSTGRES_URL", .enabled(if: !PostgresTestDatabase.isConfigured))
    func postgresSkipped() {
        // One line in the log says how to run the PostgreSQL half of this suite.
        print(PostgresTestDatabase.skipLine)
    }

    @Test("the books check finds an account whose sums no longer match its transfers, mints still balanced", arguments: Backend.available)
    func driftFound(backend: Backend) async throws {
        let alice = LedgerAccountID("alice")
        let bob = LedgerAccountID("bob")
        let issuance = LedgerAccountID("issuance")
        /// Books that balance, then `tamper`ed: Bob's debits and credits both raised by 5, so every
        /// mint still sums to zero and nobody is overdrawn; only his transfers tell.
        func check(_ store: any LedgerStore, tamper: (LedgerAccountID) async throws -> Void) async throws {
            try await store.open(issuance, mint: .usdf, kind: .issuance)
            try await store.open(alice, mint: .usdf, kind: .user)
            try await store.open(bob, mint: .usdf, kind: .user)
            let transfers = [
                LedgerTransfer(id: TransferID("deposit"), debit: issuance, credit: alice, mint: .usdf, amount: 1_000, code: .deposit),
                LedgerTransfer(id: TransferID("send"), debit: alice, credit: bob, mint: .usdf, amount: 300, code: .payment),
                LedgerTransfer(id: TransferID("back"), debit: bob, credit: alice, mint: .usdf, amount: 100, code: .payment),
            ]
            #expect(try await store.apply(transfers, at: Self.now) == [.created, .created, .created])
            try await store.checkInvariants()
            try await tamper(bob)
            await #expect(throws: LedgerError.invariantBroken("account bob's sums differ from its transfers")) {
                try await store.checkInvariants()
            }
        }
        switch backend {
        case .sqliteMemory, .sqliteFile:
            try await backend.withSQLiteStore { store in
                try await check(store) { id in
                    try await store.writer.write { db in
                        try db.execute(
                            sql: "UPDATE ledger_accounts SET debits = debits + 5, credits = credits + 5 WHERE id = ?", arguments: [id.rawValue])
                    }
                }
            }
        case .postgres:
            try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
                let store = try await PostgresLedgerStore.open(client: client, schema: schema.rawValue, logger: PostgresTestDatabase.quietLogger)
                try await check(store) { id in
                    try await client.query(
                        """
                        UPDATE \(unescaped: schema.qualified("ledger_accounts")) SET debits = debits + 5, credits = credits + 5
                        WHERE id = \(id.rawValue)
                        """, logger: PostgresTestDatabase.quietLogger)
                }
            }
        }
    }

    @Test("a pinned refusal survives reopening the file, and two stores on one file take turns")
    func pinnedAcrossReopen() async throws {
        let folder = ScratchFolder.url("ledger")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("ledger.sqlite")
        let alice = LedgerAccountID("alice")
        let bob = LedgerAccountID("bob")
        let issuance = LedgerAccountID("issuance")
        let send = LedgerTransfer(id: TransferID("send"), debit: alice, credit: bob, mint: .usdf, amount: 500, code: .payment)
        do {
            let store = try SQLiteLedgerStore.open(at: url)
            try await store.open(issuance, mint: .usdf, kind: .issuance)
            try await store.open(alice, mint: .usdf, kind: .user)
            try await store.open(bob, mint: .usdf, kind: .user)
            #expect(try await store.apply([send], at: Self.now) == [.failed(.insufficientFunds(available: 0))])
        }
        let first = try SQLiteLedgerStore.open(at: url)
        let second = try SQLiteLedgerStore.open(at: url)
        let deposit = LedgerTransfer(id: TransferID("deposit"), debit: issuance, credit: alice, mint: .usdf, amount: 1_000, code: .deposit)
        #expect(try await first.apply([deposit], at: Self.now) == [.created])
        #expect(try await second.apply([deposit], at: Self.now) == [.exists])
        #expect(try await second.apply([send], at: Self.now) == [.failed(.insufficientFunds(available: 0))])
        #expect(try await first.account(alice)?.balance == 1_000)
        try await second.checkInvariants()
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }

    var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
