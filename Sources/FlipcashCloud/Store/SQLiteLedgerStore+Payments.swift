public import FlipcashCore
public import Foundation
import GRDB
import SQLiteStorage
public import ServerKit

extension SQLiteLedgerStore: PaymentStore {
    /// In a transaction shared with the intents that arrive meanwhile (``GroupCommitWriter``):
    /// each in its own savepoint, all answered after one commit.
    public func answer(_ intent: PaymentIntent, at date: Date) async throws -> Payments.Answer {
        let settings = paymentSettings
        // The time as the row keeps it (seconds since 1970 in a double), so this answer and a
        // later read of the record agree to the last bit.
        let date = Date(timeIntervalSince1970: date.timeIntervalSince1970)
        return try await batcher.write { db in
            let giftCard = try intent.action.giftCard.flatMap { try Self.giftCard(db, $0) }
            let footprint = Payments.footprint(of: intent, giftCard: giftCard)
            let ledger = try Self.slice(db, accounts: footprint.accounts, transfers: footprint.transfers)
            let records = try Self.record(db, intent.id).map { [$0] } ?? []
            let sent = try Self.sentInWindow(db, owner: intent.owner, at: date, window: settings.limits.window)
            var payments = Payments(
                settings: settings, ledger: ledger, records: records, giftCards: giftCard.map { [$0] } ?? [],
                currencies: try Self.currencies(db, for: intent), sentInWindow: [intent.owner: sent])
            let before = payments
            let answer = payments.answer(intent, at: date)
            try Self.persist(payments, changedFrom: before, at: date, db)
            return answer
        }
    }

    public func voidGiftCard(_ card: GiftCardID, by caller: OwnerID, at date: Date) async throws -> Payments.VoidOutcome {
        let settings = paymentSettings
        return try await writer.immediateWrite { db in
            guard let giftCard = try Self.giftCard(db, card) else { return .notFound }
            let footprint = Payments.returnFootprint(of: giftCard)
            var payments = Payments(
                settings: settings,
                ledger: try Self.slice(db, accounts: footprint.accounts, transfers: footprint.transfers), records: [], giftCards: [giftCard])
            let before = payments
            let outcome = payments.voidGiftCard(card, by: caller, at: date)
            try Self.persist(payments, changedFrom: before, at: date, db)
            return outcome
        }
    }

    public func returnExpiredGiftCards(at date: Date, limit: Int) async throws -> [GiftCardID] {
        let settings = paymentSettings
        return try await writer.immediateWrite { db in
            let expired = try String.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM gift_cards WHERE state = 'open' AND funded_at <= ? ORDER BY funded_at, id LIMIT ?"),
                arguments: [date.timeIntervalSince1970 - Payments.giftCardLifetime, max(0, limit)])
            let giftCards = try expired.compactMap { try Self.giftCard(db, GiftCardID($0)) }
            let footprints = giftCards.map(Payments.returnFootprint(of:))
            var payments = Payments(
                settings: settings,
                ledger: try Self.slice(db, accounts: footprints.flatMap(\.accounts), transfers: footprints.flatMap(\.transfers)),
                records: [], giftCards: giftCards)
            let before = payments
            let returned = payments.returnExpiredGiftCards(at: date)
            try Self.persist(payments, changedFrom: before, at: date, db)
            return returned
        }
    }

    public func launchedCurrencies(limit: Int) async throws -> [Payments.LaunchedCurrency] {
        try await writer.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.currencyColumns) FROM launchpad_currencies ORDER BY launched_at, mint LIMIT ?"),
                arguments: [max(0, limit)]
            ).map(Self.decodeCurrency)
        }
    }

    public func launchpadPool(_ mint: Mint) async throws -> LaunchpadPool? {
        try await writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(Self.currencyColumns) FROM launchpad_currencies WHERE mint = ?"),
                    arguments: [mint.address])
            else { return nil }
            let ledger = try Self.slice(db, accounts: [Payments.liquidityAccount(mint), Payments.reserveAccount(mint)], transfers: [])
            return LaunchpadPool(launched: try Self.decodeCurrency(row), ledger: ledger)
        }
    }

    public func balances(of owner: OwnerID) async throws -> [TokenAmount] {
        let range = Payments.userAccountRange(owner)
        return try await writer.read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT id, mint, credits - debits FROM ledger_accounts WHERE id > ? AND id < ?"),
                arguments: [range.lower, range.upper])
            return Payments.ordered(
                try rows.map { row in
                    guard let mint = try? Mint(address: row[1]), let quarks = UInt64(exactly: row[2] as Int64) else {
                        throw LedgerStoreError.corruptRow(table: "ledger_accounts", id: row[0])
                    }
                    return TokenAmount(quarks: quarks, mint: mint)
                })
        }
    }

    public func balance(of owner: OwnerID, mint: Mint) async throws -> UInt64 {
        try await account(Payments.userAccount(owner, mint))?.available ?? 0
    }

    public func record(_ id: IntentID) async throws -> Payments.Record? {
        try await writer.read { db in try Self.record(db, id) }
    }

    public func history(of owner: OwnerID, before: Payments.HistoryPosition?, limit: Int) async throws -> [Payments.Record] {
        try await writer.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.recordColumns) FROM payment_intents
                        WHERE (owner = ? OR (counterparty = ? AND action = 'send_payment' AND outcome = 'settled'))
                            AND (submitted_at < ? OR (submitted_at = ? AND id < ?))
                        ORDER BY submitted_at DESC, id DESC LIMIT ?
                        """),
                arguments: [
                    owner.rawValue, owner.rawValue, before?.submittedAt.timeIntervalSince1970 ?? Double.infinity,
                    before?.submittedAt.timeIntervalSince1970 ?? Double.infinity, before?.id.rawValue ?? "", max(0, limit),
                ]
            ).map(Self.decodeRecord)
        }
    }

    public func nextTransactionLimit(for owner: OwnerID, at date: Date) async throws -> UInt64 {
        let settings = paymentSettings
        return try await writer.read { db in
            let sent = try Self.sentInWindow(db, owner: owner, at: date, window: settings.limits.window)
            return Payments(settings: settings, ledger: Ledger(), records: [], giftCards: [], sentInWindow: [owner: sent])
                .nextTransactionLimit(for: owner, at: date)
        }
    }

    public func giftCard(_ id: GiftCardID) async throws -> Payments.GiftCard? {
        try await writer.read { db in try Self.giftCard(db, id) }
    }

    public func register(_ owner: OwnerID, at date: Date) async throws -> OwnerRegistration {
        try await writer.immediateWrite { db in
            if let registeredAt = try Double.fetchOne(
                db.cachedStatement(sql: "SELECT registered_at FROM owners WHERE id = ?"), arguments: [owner.rawValue])
            {
                return OwnerRegistration(registeredAt: Date(timeIntervalSince1970: registeredAt), isNew: false)
            }
            try db.cachedStatement(
                sql: "INSERT INTO owners (id, registered_at) VALUES (?, ?)"
            ).execute(arguments: [owner.rawValue, date.timeIntervalSince1970])
            return OwnerRegistration(registeredAt: date, isNew: true)
        }
    }

    public func registration(of owner: OwnerID) async throws -> Date? {
        try await writer.read { db in
            try Double.fetchOne(db.cachedStatement(sql: "SELECT registered_at FROM owners WHERE id = ?"), arguments: [owner.rawValue])
                .map(Date.init(timeIntervalSince1970:))
        }
    }

    public func sharedSecret(named name: String, candidate: Data) async throws -> Data {
        try await writer.immediateWrite { db in
            try db.cachedStatement(
                sql: "INSERT INTO shared_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING"
            ).execute(arguments: [name, candidate])
            guard let value = try Data.fetchOne(db.cachedStatement(sql: "SELECT value FROM shared_secrets WHERE name = ?"), arguments: [name]) else {
                throw LedgerStoreError.corruptRow(table: "shared_secrets", id: name)
            }
            return value
        }
    }

    public func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision {
        try await writer.immediateWrite { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT tokens, updated_at FROM rate_buckets WHERE key = ?"), arguments: [key])
            let stored = row.map { TokenBucket(tokens: $0[0], updated: Date(timeIntervalSince1970: $0[1])) }
            let (decision, bucket) = (stored ?? .full(limit, at: date)).taking(limit, at: date)
            try db.cachedStatement(
                sql: """
                    INSERT INTO rate_buckets (key, tokens, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at
                    """
            ).execute(
                arguments: [key, bucket.tokens, bucket.updated.timeIntervalSince1970])
            return decision
        }
    }

    // MARK: Rows

    /// Writes what an operation changed: the ledger's part, the new intent record, the cash links.
    static func persist(_ payments: Payments, changedFrom before: Payments, at date: Date, _ db: Database) throws {
        try persist(payments.ledger, changedFrom: before.ledger, at: date, db)
        for (id, record) in payments.records where before.records[id] == nil {
            try insert(record, db)
        }
        for currency in payments.currencies.values where before.currencies[currency.currency.mint] == nil {
            let columns = CurrencyColumns(currency)
            try db.cachedStatement(
                sql: "INSERT INTO launchpad_currencies (\(currencyColumns)) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(
                arguments: [columns.mint, columns.symbol, columns.name, columns.sellFeeBps, columns.creator, columns.launchedAt])
        }
        for giftCard in payments.giftCards.values where giftCard != before.giftCards[giftCard.id] {
            let columns = GiftCardColumns(giftCard)
            try db.cachedStatement(
                sql: """
                    INSERT INTO gift_cards (id, issuer, mint, quarks, funded_at, state, claimed_by, claim_intent)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET state = excluded.state, claimed_by = excluded.claimed_by,
                        claim_intent = excluded.claim_intent
                    """
            ).execute(
                arguments: [
                    columns.id, columns.issuer, columns.mint, columns.quarks, columns.fundedAt, columns.state, columns.claimedBy,
                    columns.claimIntent,
                ])
        }
    }

    static func giftCard(_ db: Database, _ id: GiftCardID) throws -> Payments.GiftCard? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT issuer, mint, quarks, funded_at, state, claimed_by, claim_intent FROM gift_cards WHERE id = ?"),
                arguments: [id.rawValue])
        else { return nil }
        let columns = GiftCardColumns(
            id: id.rawValue, issuer: row[0], mint: row[1], quarks: row[2], fundedAt: row[3], state: row[4], claimedBy: row[5],
            claimIntent: row[6])
        guard let giftCard = columns.giftCard else { throw LedgerStoreError.corruptRow(table: "gift_cards", id: id.rawValue) }
        return giftCard
    }

    static let currencyColumns = "mint, symbol, name, sell_fee_bps, creator, launched_at"

    /// The launchpad currencies `intent`'s rules need: the one it names, and for a launch any
    /// holding its symbol.
    static func currencies(_ db: Database, for intent: PaymentIntent) throws -> [Payments.LaunchedCurrency] {
        guard let mint = intent.action.launchpadMint(intent: intent.id) else { return [] }
        return try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(currencyColumns) FROM launchpad_currencies WHERE mint = ? OR symbol = ?"),
            arguments: [mint.address, intent.action.launchSymbol ?? ""]
        ).map(decodeCurrency)
    }

    static func decodeCurrency(_ row: Row) throws -> Payments.LaunchedCurrency {
        let columns = CurrencyColumns(mint: row[0], symbol: row[1], name: row[2], sellFeeBps: row[3], creator: row[4], launchedAt: row[5])
        guard let currency = columns.currency else { throw LedgerStoreError.corruptRow(table: "launchpad_currencies", id: columns.mint) }
        return currency
    }

    static let recordColumns =
        "id, owner, action, mint, quarks, usd_micros, counterparty, submitted_at, outcome, refusal_field, refusal_reason, refusal_amount, "
        + "minimum_out, received_quarks"

    static func record(_ db: Database, _ id: IntentID) throws -> Payments.Record? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(recordColumns) FROM payment_intents WHERE id = ?"), arguments: [id.rawValue])
            .map(decodeRecord)
    }

    /// Micro-dollars of the owner's settled sends in the `window` seconds up to `date` (what the
    /// daily limit counts): two index seeks, whatever the owner's history. Each settled send keeps
    /// `sent_running`, the owner's total of settled sends up to it in (time, id) order, so the
    /// window's sum is the running total at `date` less the one at `date - window`.
    static func sentInWindow(_ db: Database, owner: OwnerID, at date: Date, window: TimeInterval) throws -> UInt64 {
        let upper = try runningTotal(db, owner: owner, upTo: date.timeIntervalSince1970)
        let lower = try runningTotal(db, owner: owner, upTo: date.timeIntervalSince1970 - window)
        return UInt64(clamping: upper - lower)
    }

    /// The owner's running total at the last settled send at or before `time` (0 before any).
    static func runningTotal(_ db: Database, owner: OwnerID, upTo time: Double) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT sent_running FROM payment_intents
                    WHERE owner = ? AND outcome = 'settled' AND action IN ('send_payment', 'send_gift_card') AND submitted_at <= ?
                    ORDER BY submitted_at DESC, id DESC LIMIT 1
                    """),
            arguments: [owner.rawValue, time]) ?? 0
    }

    static func insert(_ record: Payments.Record, _ db: Database) throws {
        let columns = IntentColumns(record)
        try db.cachedStatement(
            sql: "INSERT INTO payment_intents (\(recordColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ).execute(
            arguments: [
                columns.id, columns.owner, columns.action, columns.mint, columns.quarks, columns.usdMicros, columns.counterparty,
                columns.submittedAt, columns.outcome, columns.refusalField, columns.refusalReason, columns.refusalAmount,
                columns.minimumOut, columns.receivedQuarks,
            ])
        guard columns.outcome == "settled", let usd = columns.usdMicros else { return }
        // The running total of this send, then of the owner's sends after it in (time, id) order:
        // none, unless a clock went back.
        let previous =
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT sent_running FROM payment_intents
                        WHERE owner = ? AND outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                            AND (submitted_at < ? OR (submitted_at = ? AND id < ?))
                        ORDER BY submitted_at DESC, id DESC LIMIT 1
                        """),
                arguments: [columns.owner, columns.submittedAt, columns.submittedAt, columns.id]) ?? 0
        try db.cachedStatement(sql: "UPDATE payment_intents SET sent_running = ? WHERE id = ?").execute(arguments: [previous + usd, columns.id])
        try db.cachedStatement(
            sql: """
                UPDATE payment_intents SET sent_running = sent_running + ?
                WHERE owner = ? AND outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                    AND (submitted_at > ? OR (submitted_at = ? AND id > ?))
                """
        ).execute(arguments: [usd, columns.owner, columns.submittedAt, columns.submittedAt, columns.id])
    }

    static func decodeRecord(_ row: Row) throws -> Payments.Record {
        let columns = IntentColumns(
            id: row[0], owner: row[1], action: row[2], mint: row[3], quarks: row[4], usdMicros: row[5], counterparty: row[6],
            submittedAt: row[7], outcome: row[8], refusalField: row[9], refusalReason: row[10], refusalAmount: row[11],
            minimumOut: row[12], receivedQuarks: row[13])
        guard let record = columns.record else { throw LedgerStoreError.corruptRow(table: "payment_intents", id: columns.id) }
        return record
    }
}
