public import Foundation
public import GRDB
import Logging
import SQLiteStorage
import Storage

/// One entry of the activity history, as the server reported it.
public struct ActivityItem: Identifiable, Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case sent, received, deposited, withdrawn, cashLinkSent, cashLinkReceived, bought, sold
    }

    public enum State: String, CaseIterable, Hashable, Sendable {
        case pending, completed, failed
    }

    public var id: String
    public var kind: Kind
    public var state: State
    public var amount: ExchangedFiat
    public var createdAt: Date

    public init(id: String, kind: Kind, state: State, amount: ExchangedFiat, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.state = state
        self.amount = amount
        self.createdAt = createdAt
    }
}

/// The local cache of one owner's server data (balances, history, exchange rates), in a GRDB
/// SQLite file managed by the seed's rebuild policy (``CacheVersionPolicy``).
public struct FlipcashCache: Sendable {
    public enum CacheError: LocalizedError, Equatable {
        case storeFailed(reason: String)
        case corruptRow(table: String, reason: String)

        public var errorDescription: String? {
            switch self {
            case .storeFailed(let reason): "The local cache failed: \(reason)"
            case .corruptRow(let table, let reason): "A row of the cache's \(table) table is unreadable (\(reason)); sign in again to rebuild it."
            }
        }
    }

    private let database: any DatabaseWriter

    /// A cache on an already opened database (tests pass an in-memory one).
    public init(database: any DatabaseWriter) {
        self.database = database
    }

    /// Opens `flipcash-<owner>.sqlite` in `directory` after applying the version policy; the
    /// outcome says whether the cache was reset and must be refilled from the server.
    public static func open(
        directory: URL, owner: String, policy: CacheVersionPolicy
    ) throws -> (cache: FlipcashCache, outcome: CacheVersionPolicy.Outcome) {
        let files = CacheVersionPolicy.Files(directory: directory, owner: owner)
        let outcome = try policy.prepare(files)
        let database = try DatabaseOpener.openFile(at: files.database, migrator: FlipcashCacheSchema.migrator)
        return (FlipcashCache(database: database), outcome)
    }

    /// An in-memory cache with the current schema.
    public static func inMemory() throws -> FlipcashCache {
        FlipcashCache(database: try DatabaseOpener.openInMemory(migrator: FlipcashCacheSchema.migrator))
    }

    // MARK: Balances

    /// Replaces every balance with the server's list.
    public func replaceBalances(_ balances: [TokenAmount], at date: Date) throws(CacheError) {
        try write { db in
            try db.execute(sql: "DELETE FROM balances")
            for balance in balances {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO balances (mint, quarks, updated_at) VALUES (?, ?, ?)",
                    arguments: [balance.mint.address, String(balance.quarks), date.timeIntervalSince1970]
                )
            }
        }
    }

    /// Every balance, USDF first, then by mint address.
    public func balances() throws(CacheError) -> [TokenAmount] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT mint, quarks FROM balances").map { row -> (String, String) in (row[0], row[1]) }
        }
        return try rows.map { (address, quarks) throws(CacheError) in
            guard let mint = try? Mint(address: address), let value = UInt64(quarks) else {
                throw .corruptRow(table: "balances", reason: "mint \(address)")
            }
            return TokenAmount(quarks: value, mint: mint)
        }
        .sorted { ($0.mint.isUSDF ? 0 : 1, $0.mint.address) < ($1.mint.isUSDF ? 0 : 1, $1.mint.address) }
    }

    // MARK: History

    /// Adds or updates activity entries (the server resends changed ones).
    public func record(_ items: [ActivityItem]) throws(CacheError) {
        try write { db in
            for item in items {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO activity (id, kind, state, mint, quarks, native_value, currency, fx, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        item.id, item.kind.rawValue, item.state.rawValue, item.amount.mint.address,
                        String(item.amount.onChainAmount.quarks), item.amount.nativeAmount.value.description,
                        item.amount.nativeAmount.currency.rawValue, item.amount.currencyRate.fx.description,
                        item.createdAt.timeIntervalSince1970,
                    ]
                )
            }
        }
    }

    /// The newest `limit` entries, newest first.
    public func history(limit: Int = 50) throws(CacheError) -> [ActivityItem] {
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, kind, state, mint, quarks, native_value, currency, fx, created_at FROM activity
                    ORDER BY created_at DESC, id LIMIT ?
                    """,
                arguments: [max(0, limit)]
            ).map { row in
                ActivityRow(
                    id: row[0], kind: row[1], state: row[2], mint: row[3], quarks: row[4], native: row[5], currency: row[6],
                    fx: row[7], createdAt: row[8]
                )
            }
        }
        return try rows.map { row throws(CacheError) in try Self.activity(from: row) }
    }

    /// An `activity` row as text, read inside the database access and parsed outside it.
    private struct ActivityRow: Sendable {
        let id, kind, state, mint, quarks, native, currency, fx: String
        let createdAt: Double
    }

    private static func activity(from row: ActivityRow) throws(CacheError) -> ActivityItem {
        let (id, kindText, stateText, mintText) = (row.id, row.kind, row.state, row.mint)
        let (quarksText, nativeText, currencyText, fxText) = (row.quarks, row.native, row.currency, row.fx)
        guard let kind = ActivityItem.Kind(rawValue: kindText), let state = ActivityItem.State(rawValue: stateText),
            let mint = try? Mint(address: mintText), let quarks = UInt64(quarksText),
            let native = Decimal(string: nativeText, locale: Locale(identifier: "en_US_POSIX")),
            let currency = try? CurrencyCode(parsing: currencyText),
            let fx = Decimal(string: fxText, locale: Locale(identifier: "en_US_POSIX")),
            let rate = try? Rate(fx: fx, currency: currency),
            let amount = try? ExchangedFiat(
                onChainAmount: TokenAmount(quarks: quarks, mint: mint), nativeAmount: FiatAmount(value: native, currency: currency),
                currencyRate: rate
            )
        else {
            throw .corruptRow(table: "activity", reason: "entry \(id)")
        }
        return ActivityItem(id: id, kind: kind, state: state, amount: amount, createdAt: Date(timeIntervalSince1970: row.createdAt))
    }

    // MARK: Rates

    public func saveRates(_ rates: [Rate], at date: Date) throws(CacheError) {
        try write { db in
            for rate in rates {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO rates (currency, fx, fetched_at) VALUES (?, ?, ?)",
                    arguments: [rate.currency.rawValue, rate.fx.description, date.timeIntervalSince1970]
                )
            }
        }
    }

    /// The cached rate of `currency` (USD is always 1).
    public func rate(for currency: CurrencyCode) throws(CacheError) -> Rate? {
        if currency == .usd { return .oneToOne }
        let text = try read { db in
            try String.fetchOne(db, sql: "SELECT fx FROM rates WHERE currency = ?", arguments: [currency.rawValue])
        }
        guard let text else { return nil }
        guard let fx = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), let rate = try? Rate(fx: fx, currency: currency) else {
            throw .corruptRow(table: "rates", reason: currency.code)
        }
        return rate
    }

    // MARK: Access

    private func read<T: Sendable>(_ body: (Database) throws -> T) throws(CacheError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw .storeFailed(reason: String(describing: error))
        }
    }

    private func write(_ body: (Database) throws -> Void) throws(CacheError) {
        do {
            try database.write(body)
        } catch {
            throw .storeFailed(reason: String(describing: error))
        }
    }
}
