public import FlipcashCore
public import Foundation
import GRDB
import SQLiteStorage
public import Storage

/// The ledger in one SQLite file (WAL), the default store.
///
/// Each operation is one `BEGIN IMMEDIATE` transaction, so writers (in this process or another
/// on the same file) take turns: it reads what the operation touches — its accounts and whatever
/// is known under its transfer ids — into a small ``Ledger``, applies the group there with the
/// ledger's own rules, and writes back what changed. One set of rules, whatever the store.
public struct SQLiteLedgerStore: LedgerStore {
    let writer: any DatabaseWriter
    /// Where intents commit together under load (one writer for every copy of this store).
    let batcher: GroupCommitWriter
    /// Limits and the faucet, for the payment operations (`SQLiteLedgerStore+Payments.swift`).
    public var paymentSettings = PaymentSettings()

    init(writer: any DatabaseWriter) {
        self.writer = writer
        self.batcher = GroupCommitWriter(writer: writer)
    }

    /// Opens (creating and migrating if needed) the database file at `url`.
    ///
    /// - Throws: `StorageError` naming the path.
    public static func open(at url: URL) throws(StorageError) -> SQLiteLedgerStore {
        SQLiteLedgerStore(writer: try DatabaseOpener.openFile(at: url, migrator: LedgerSchema.migrator, checkpointing: .background))
    }

    /// A new, empty store in memory, for tests.
    public static func inMemory() throws(StorageError) -> SQLiteLedgerStore {
        SQLiteLedgerStore(writer: try DatabaseOpener.openInMemory(migrator: LedgerSchema.migrator))
    }

    public func open(_ id: LedgerAccountID, mint: Mint, kind: LedgerAccount.Kind) async throws {
        try await writer.immediateWrite { db in
            if let existing = try Self.account(db, id) {
                guard existing.mint == mint, existing.kind == kind else { throw LedgerError.accountConflict(id) }
                return
            }
            try db.cachedStatement(
                sql: "INSERT INTO ledger_accounts (id, mint, kind) VALUES (?, ?, ?)"
            ).execute(arguments: [id.rawValue, mint.address, kind.rawValue])
        }
    }

    public func apply(_ group: [LedgerTransfer], at date: Date) async throws -> [TransferOutcome] {
        try await writer.immediateWrite { db in
            var slice = try Self.slice(db, accounts: group.flatMap { [$0.debit, $0.credit] }, transfers: group.map(\.id))
            let before = slice
            let outcomes = slice.apply(group)
            try Self.persist(slice, changedFrom: before, at: date, db)
            return outcomes
        }
    }

    public func account(_ id: LedgerAccountID) async throws -> LedgerAccount? {
        try await writer.read { db in try Self.account(db, id) }
    }

    public func checkInvariants() async throws {
        try await writer.read { db in
            // Summed here in 128 bits: SQLite's sum() stops at 2^63 - 1, which several accounts may pass together.
            var perMint: [String: (debits: UInt128, credits: UInt128)] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT mint, debits, credits FROM ledger_accounts"))
            while let row = try rows.next() {
                perMint[row[0], default: (0, 0)].debits += UInt128(UInt64(clamping: row[1] as Int64))
                perMint[row[0], default: (0, 0)].credits += UInt128(UInt64(clamping: row[2] as Int64))
            }
            for (mint, sums) in perMint where sums.debits != sums.credits {
                throw LedgerError.invariantBroken("\(mint): debits \(sums.debits) ≠ credits \(sums.credits)")
            }
            if let overdrawn = try String.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM ledger_accounts WHERE kind != 'issuance' AND credits < debits LIMIT 1"))
            {
                throw LedgerError.invariantBroken("account \(overdrawn) holds less than zero")
            }
            if let drifted = try String.fetchOne(
                db.cachedStatement(
                    // Each side's sums in one pass over the transfers (in index order), joined to
                    // the accounts, as the PostgreSQL store does.
                    sql: """
                        SELECT a.id FROM ledger_accounts a
                        LEFT JOIN (SELECT debit AS id, sum(amount) AS total FROM ledger_transfers GROUP BY debit) d ON d.id = a.id
                        LEFT JOIN (SELECT credit AS id, sum(amount) AS total FROM ledger_transfers GROUP BY credit) c ON c.id = a.id
                        WHERE a.debits != ifnull(d.total, 0) OR a.credits != ifnull(c.total, 0)
                        LIMIT 1
                        """))
            {
                throw LedgerError.invariantBroken("account \(drifted)'s sums differ from its transfers")
            }
            if let card = try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT g.id FROM gift_cards g LEFT JOIN ledger_accounts a ON a.id = 'gift_card:' || g.id
                        WHERE ifnull(a.credits - a.debits, -1) != CASE g.state WHEN 'open' THEN g.quarks ELSE 0 END
                        LIMIT 1
                        """))
            {
                throw LedgerError.invariantBroken("cash link \(card) does not hold what its state says")
            }
            let pools = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT c.mint, ifnull(l.credits - l.debits, 0), ifnull(r.credits - r.debits, 0) FROM launchpad_currencies c
                        LEFT JOIN ledger_accounts l ON l.id = 'liquidity:' || c.mint
                        LEFT JOIN ledger_accounts r ON r.id = 'reserve:' || c.mint
                        """))
            while let row = try pools.next() {
                let mint: String = row[0]
                guard let parsed = try? Mint(address: mint) else { throw LedgerStoreError.corruptRow(table: "launchpad_currencies", id: mint) }
                try Payments.checkReserve(parsed, poolQuarks: UInt64(clamping: row[1] as Int64), reserveQuarks: UInt64(clamping: row[2] as Int64))
            }
        }
    }

    // MARK: Rows

    /// Writes what an operation changed in `slice` (read as `before`): accounts opened or moved,
    /// the transfers it created (its `history`, in order), the refusals it pinned.
    static func persist(_ slice: Ledger, changedFrom before: Ledger, at date: Date, _ db: Database) throws {
        for account in slice.accounts.values where account != before.accounts[account.id] {
            try db.cachedStatement(
                sql: """
                    INSERT INTO ledger_accounts (id, mint, kind, debits, credits) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET debits = excluded.debits, credits = excluded.credits
                    """
            ).execute(
                arguments: [account.id.rawValue, account.mint.address, account.kind.rawValue, Int64(account.debits), Int64(account.credits)])
        }
        for id in slice.history {
            guard let transfer = slice.transfers[id] else { continue }
            try db.cachedStatement(
                sql: "INSERT INTO ledger_transfers (id, debit, credit, mint, amount, code, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            ).execute(
                arguments: [
                    transfer.id.rawValue, transfer.debit.rawValue, transfer.credit.rawValue, transfer.mint.address,
                    Int64(transfer.amount), transfer.code.rawValue, date.timeIntervalSince1970,
                ])
        }
        for (id, pinned) in slice.pinnedFailures where before.pinnedFailures[id] == nil {
            try insert(pinned, db)
        }
    }

    /// The ledger's records an operation may touch: these accounts, and what is known under
    /// these transfer ids.
    static func slice(_ db: Database, accounts: some Sequence<LedgerAccountID>, transfers: some Sequence<TransferID>) throws -> Ledger {
        let transferIDs = Array(transfers)
        return Ledger(
            accounts: try Set(accounts).compactMap { try account(db, $0) },
            transfers: try transferIDs.compactMap { try transfer(db, $0) },
            pinnedFailures: try transferIDs.compactMap { try pinnedFailure(db, $0) })
    }

    static func account(_ db: Database, _ id: LedgerAccountID) throws -> LedgerAccount? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT mint, kind, debits, credits FROM ledger_accounts WHERE id = ?"), arguments: [id.rawValue])
        else { return nil }
        guard let mint = try? Mint(address: row[0]), let kind = LedgerAccount.Kind(rawValue: row[1]),
            let debits = UInt64(exactly: row[2] as Int64), let credits = UInt64(exactly: row[3] as Int64)
        else { throw LedgerStoreError.corruptRow(table: "ledger_accounts", id: id.rawValue) }
        return LedgerAccount(id: id, mint: mint, kind: kind, debits: debits, credits: credits)
    }

    static func transfer(_ db: Database, _ id: TransferID) throws -> LedgerTransfer? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT debit, credit, mint, amount, code FROM ledger_transfers WHERE id = ?"), arguments: [id.rawValue])
        else { return nil }
        return try decodeTransfer(row, id: id, table: "ledger_transfers")
    }

    static func pinnedFailure(_ db: Database, _ id: TransferID) throws -> Ledger.PinnedFailure? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT debit, credit, mint, amount, code, failure, failure_account, failure_available
                        FROM ledger_pinned_failures WHERE id = ?
                        """), arguments: [id.rawValue])
        else { return nil }
        let transfer = try decodeTransfer(row, id: id, table: "ledger_pinned_failures")
        guard let failure = StoredFailure.failure(name: row[5], account: row[6], available: row[7]) else {
            throw LedgerStoreError.corruptRow(table: "ledger_pinned_failures", id: id.rawValue)
        }
        return Ledger.PinnedFailure(transfer: transfer, failure: failure)
    }

    static func insert(_ pinned: Ledger.PinnedFailure, _ db: Database) throws {
        let (name, account, available) = StoredFailure.columns(pinned.failure)
        let transfer = pinned.transfer
        try db.cachedStatement(
            sql: """
                INSERT INTO ledger_pinned_failures (id, debit, credit, mint, amount, code, failure, failure_account, failure_available)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                transfer.id.rawValue, transfer.debit.rawValue, transfer.credit.rawValue, transfer.mint.address, Int64(transfer.amount),
                transfer.code.rawValue, name, account, available,
            ])
    }

    /// A transfer's body from the first five columns (debit, credit, mint, amount, code).
    static func decodeTransfer(_ row: Row, id: TransferID, table: String) throws -> LedgerTransfer {
        guard let mint = try? Mint(address: row[2]), let amount = UInt64(exactly: row[3] as Int64),
            let code = LedgerTransfer.Code(rawValue: row[4])
        else { throw LedgerStoreError.corruptRow(table: table, id: id.rawValue) }
        return LedgerTransfer(
            id: id, debit: LedgerAccountID(row[0]), credit: LedgerAccountID(row[1]), mint: mint, amount: amount, code: code)
    }
}

/// A stored value no operation could have written.
public enum LedgerStoreError: LocalizedError, Hashable, Sendable {
    case corruptRow(table: String, id: String)

    public var errorDescription: String? {
        switch self {
        case .corruptRow(let table, let id): "The ledger's \(table) row \(id) holds a value no operation writes."
        }
    }
}
