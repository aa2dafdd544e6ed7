public import FlipcashCloud
public import FlipcashCore
public import Foundation
import PostgresNIO
import PostgresStorage
public import ServerKit

extension PostgresLedgerStore: PaymentStore {
    /// One transaction per intent. Locks, in the store's one order: the owner (so two sends of one
    /// owner, in any mints, never both pass the daily limit), the intent id, the cash link named,
    /// the transfer ids, then the accounts. Then the same ``Payments`` rules as the SQLite store.
    public func answer(_ intent: PaymentIntent, at date: Date) async throws -> Payments.Answer {
        let card = intent.action.giftCard
        // The time as the row keeps it (seconds since 1970 in a double), so this answer and a
        // later read of the record agree to the last bit.
        let date = Date(timeIntervalSince1970: date.timeIntervalSince1970)
        return try await client.withRetryingTransaction(logger: logger) { (connection: PostgresConnection) async throws -> Payments.Answer in
            // The owner, the intent id, the cash link, the symbol (two launches of one symbol: the
            // second sees the first's row), then the transfer ids. An intent without a cash link
            // knows its transfers already and takes every lock in one round trip; one with a link
            // reads the link first.
            var locks = [["owner:\(intent.owner.rawValue)"], ["intent:\(intent.id.rawValue)"]]
            if let card { locks.append(["gift_card:\(card.rawValue)"]) }
            if let symbol = intent.action.launchSymbol { locks.append(["symbol:\(symbol)"]) }
            var giftCard: Payments.GiftCard?
            if let card {
                try await lock(connection, inOrder: locks)
                locks = []
                giftCard = try await loadGiftCard(connection, card)
            }
            let footprint = Payments.footprint(of: intent, giftCard: giftCard)
            try await lock(connection, inOrder: locks + [footprint.transfers.map { "transfer:\($0.rawValue)" }])
            let records = try await connection.query(
                "SELECT \(unescaped: Self.recordColumns) FROM \(unescaped: intents) WHERE id = \(intent.id.rawValue)", logger: logger
            ).collect().map(Self.decodeRecord)
            let sent = try await sentInWindow(connection, owner: intent.owner, at: date)
            var payments = Payments(
                settings: paymentSettings,
                ledger: try await slice(connection, accounts: footprint.accounts, transfers: footprint.transfers), records: records,
                giftCards: giftCard.map { [$0] } ?? [], currencies: try await loadCurrencies(connection, for: intent),
                sentInWindow: [intent.owner: sent])
            let before = payments
            let answer = payments.answer(intent, at: date)
            try await persist(payments, changedFrom: before, at: date, connection)
            return answer
        }
    }

    public func voidGiftCard(_ card: GiftCardID, by caller: OwnerID, at date: Date) async throws -> Payments.VoidOutcome {
        try await client.withRetryingTransaction(logger: logger) { connection in
            try await lock(connection, ["gift_card:\(card.rawValue)"])
            guard let giftCard = try await loadGiftCard(connection, card) else { return .notFound }
            let footprint = Payments.returnFootprint(of: giftCard)
            try await lock(connection, footprint.transfers.map { "transfer:\($0.rawValue)" })
            var payments = Payments(
                settings: paymentSettings,
                ledger: try await slice(connection, accounts: footprint.accounts, transfers: footprint.transfers), records: [],
                giftCards: [giftCard])
            let before = payments
            let outcome = payments.voidGiftCard(card, by: caller, at: date)
            try await persist(payments, changedFrom: before, at: date, connection)
            return outcome
        }
    }

    public func returnExpiredGiftCards(at date: Date, limit: Int) async throws -> [GiftCardID] {
        try await client.withRetryingTransaction(logger: logger) { connection in
            let rows = try await connection.query(
                """
                SELECT id FROM \(unescaped: giftCards)
                WHERE state = 'open' AND funded_at <= \(date.timeIntervalSince1970 - Payments.giftCardLifetime)
                ORDER BY funded_at, id LIMIT \(max(0, limit))
                """, logger: logger
            ).collect()
            let ids = try rows.map { GiftCardID(try $0.decode(String.self)) }
            try await lock(connection, ids.map { "gift_card:\($0.rawValue)" })
            // Read again under the locks: a void may have settled one meanwhile.
            var expired: [Payments.GiftCard] = []
            for id in ids.sorted() {
                if let giftCard = try await loadGiftCard(connection, id) { expired.append(giftCard) }
            }
            let footprints = expired.map(Payments.returnFootprint(of:))
            try await lock(connection, footprints.flatMap(\.transfers).map { "transfer:\($0.rawValue)" })
            var payments = Payments(
                settings: paymentSettings,
                ledger: try await slice(connection, accounts: footprints.flatMap(\.accounts), transfers: footprints.flatMap(\.transfers)),
                records: [], giftCards: expired)
            let before = payments
            let returned = payments.returnExpiredGiftCards(at: date)
            try await persist(payments, changedFrom: before, at: date, connection)
            return returned
        }
    }

    public func balance(of owner: OwnerID, mint: Mint) async throws -> UInt64 {
        try await account(Payments.userAccount(owner, mint))?.available ?? 0
    }

    public func record(_ id: IntentID) async throws -> Payments.Record? {
        try await client.withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.recordColumns) FROM \(unescaped: intents) WHERE id = \(id.rawValue)", logger: logger
            ).collect().map(Self.decodeRecord).first
        }
    }

    public func history(of owner: OwnerID, before: Payments.HistoryPosition?, limit: Int) async throws -> [Payments.Record] {
        let beforeTime = before?.submittedAt.timeIntervalSince1970 ?? Double.infinity
        let beforeID = before?.id.rawValue ?? ""
        let limit = max(0, limit)
        return try await client.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.recordColumns) FROM \(unescaped: intents)
                WHERE (owner = \(owner.rawValue)
                        OR (counterparty = \(owner.rawValue) AND action = 'send_payment' AND outcome = 'settled'))
                    AND (submitted_at < \(beforeTime) OR (submitted_at = \(beforeTime) AND id COLLATE "C" < \(beforeID)))
                ORDER BY submitted_at DESC, id COLLATE "C" DESC LIMIT \(limit)
                """, logger: logger
            ).collect().map(Self.decodeRecord)
        }
    }

    public func nextTransactionLimit(for owner: OwnerID, at date: Date) async throws -> UInt64 {
        let sent = try await client.withConnection { connection in try await sentInWindow(connection, owner: owner, at: date) }
        return Payments(settings: paymentSettings, ledger: Ledger(), records: [], giftCards: [], sentInWindow: [owner: sent])
            .nextTransactionLimit(for: owner, at: date)
    }

    /// Micro-dollars of the owner's settled sends in the limit's window up to `date`: the running
    /// total at `date` less the one at the window's start, two index seeks in one round trip (as
    /// the SQLite store's `sentInWindow`).
    private func sentInWindow(_ connection: PostgresConnection, owner: OwnerID, at date: Date) async throws -> UInt64 {
        let upper = date.timeIntervalSince1970
        let lower = upper - paymentSettings.limits.window
        let rows = try await connection.query(
            """
            SELECT COALESCE((
                    SELECT sent_running FROM \(unescaped: intents)
                    WHERE owner = \(owner.rawValue) AND outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                        AND submitted_at <= \(upper)
                    ORDER BY submitted_at DESC, id COLLATE "C" DESC LIMIT 1), 0)
                - COALESCE((
                    SELECT sent_running FROM \(unescaped: intents)
                    WHERE owner = \(owner.rawValue) AND outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                        AND submitted_at <= \(lower)
                    ORDER BY submitted_at DESC, id COLLATE "C" DESC LIMIT 1), 0)
            """, logger: logger
        ).collect()
        return UInt64(clamping: try rows.first?.decode(Int64.self) ?? 0)
    }

    /// Inserts a settled send with its running total (its amount plus the owner's previous
    /// settled send's total in (time, id) order) and adds its amount to the owner's later sends
    /// (none, unless a clock went back): one statement. The update reads the snapshot from before
    /// the insert, and the insert's total comes from rows the update does not touch.
    private func insertSettledSend(_ c: IntentColumns, usd: Int64, _ connection: PostgresConnection) async throws {
        try await connection.query(
            """
            WITH later AS (
                UPDATE \(unescaped: intents) SET sent_running = sent_running + \(usd)
                WHERE owner = \(c.owner) AND outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                    AND (submitted_at > \(c.submittedAt) OR (submitted_at = \(c.submittedAt) AND id COLLATE "C" > \(c.id)))
            )
            INSERT INTO \(unescaped: intents) (\(unescaped: Self.recordColumns), sent_running)
            VALUES (\(c.id), \(c.owner), \(c.action), \(c.mint), \(c.quarks), \(c.usdMicros), \(c.counterparty), \(c.submittedAt),
                \(c.outcome), \(c.refusalField), \(c.refusalReason), \(c.refusalAmount), \(c.minimumOut), \(c.receivedQuarks),
                \(usd) + COALESCE((
                    SELECT sent_running FROM \(unescaped: intents)
                    WHERE owner = \(c.owner) AND outcome = 'settled' AND action IN ('send_payment', 'send_gift_card')
                        AND (submitted_at < \(c.submittedAt) OR (submitted_at = \(c.submittedAt) AND id COLLATE "C" < \(c.id)))
                    ORDER BY submitted_at DESC, id COLLATE "C" DESC LIMIT 1), 0))
            """, logger: logger)
    }

    public func launchedCurrencies(limit: Int) async throws -> [Payments.LaunchedCurrency] {
        try await client.withConnection { connection in
            try await connection.query(
                "SELECT \(unescaped: Self.currencyColumns) FROM \(unescaped: currencies) ORDER BY launched_at, mint LIMIT \(max(0, limit))",
                logger: logger
            ).collect().map(Self.decodeCurrency)
        }
    }

    public func launchpadPool(_ mint: Mint) async throws -> LaunchpadPool? {
        try await client.withConnection { connection in
            guard
                let row = try await connection.query(
                    "SELECT \(unescaped: Self.currencyColumns) FROM \(unescaped: currencies) WHERE mint = \(mint.address)", logger: logger
                ).collect().first
            else { return nil }
            var accounts: [LedgerAccount] = []
            for id in [Payments.liquidityAccount(mint), Payments.reserveAccount(mint)] {
                if let account = try await account(connection, id) { accounts.append(account) }
            }
            let ledger = Ledger(accounts: accounts, transfers: [], pinnedFailures: [])
            return LaunchpadPool(launched: try Self.decodeCurrency(row), ledger: ledger)
        }
    }

    public func balances(of owner: OwnerID) async throws -> [TokenAmount] {
        let range = Payments.userAccountRange(owner)
        return try await client.withConnection { connection in
            // A prefix match, which the pattern index serves in any collation (base58 owners hold
            // neither % nor _).
            let rows = try await connection.query(
                "SELECT id, mint, credits - debits FROM \(unescaped: accounts) WHERE id LIKE \(range.lower + "%")", logger: logger
            ).collect()
            return Payments.ordered(
                try rows.compactMap { row in
                    let (id, address, held) = try row.decode((String, String, Int64).self)
                    guard id.hasPrefix(range.lower) else { return nil }
                    guard let mint = try? Mint(address: address), let quarks = UInt64(exactly: held) else {
                        throw LedgerStoreError.corruptRow(table: "ledger_accounts", id: id)
                    }
                    return TokenAmount(quarks: quarks, mint: mint)
                })
        }
    }

    public func giftCard(_ id: GiftCardID) async throws -> Payments.GiftCard? {
        try await client.withConnection { connection in try await loadGiftCard(connection, id) }
    }

    public func register(_ owner: OwnerID, at date: Date) async throws -> OwnerRegistration {
        try await client.withConnection { connection in
            // One statement: the insert wins or the row that won is read back.
            let rows = try await connection.query(
                """
                WITH inserted AS (
                    INSERT INTO \(unescaped: owners) (id, registered_at) VALUES (\(owner.rawValue), \(date.timeIntervalSince1970))
                    ON CONFLICT (id) DO NOTHING RETURNING registered_at
                )
                SELECT registered_at, true FROM inserted
                UNION ALL SELECT registered_at, false FROM \(unescaped: owners) WHERE id = \(owner.rawValue)
                """, logger: logger
            ).collect()
            if let row = rows.first {
                let (registeredAt, isNew) = try row.decode((Double, Bool).self)
                return OwnerRegistration(registeredAt: Date(timeIntervalSince1970: registeredAt), isNew: isNew)
            }
            // A concurrent first registration committed after this statement's snapshot was
            // taken: its row is visible to the next statement.
            guard let registeredAt = try await registration(connection, owner) else {
                throw LedgerStoreError.corruptRow(table: "owners", id: owner.rawValue)
            }
            return OwnerRegistration(registeredAt: registeredAt, isNew: false)
        }
    }

    public func registration(of owner: OwnerID) async throws -> Date? {
        try await client.withConnection { connection in try await registration(connection, owner) }
    }

    private func registration(_ connection: PostgresConnection, _ owner: OwnerID) async throws -> Date? {
        try await connection.query("SELECT registered_at FROM \(unescaped: owners) WHERE id = \(owner.rawValue)", logger: logger)
            .collect().first.map { Date(timeIntervalSince1970: try $0.decode(Double.self)) }
    }

    public func sharedSecret(named name: String, candidate: Data) async throws -> Data {
        try await client.withConnection { connection in
            try await connection.query(
                """
                INSERT INTO \(unescaped: secrets) (name, value) VALUES (\(name), \(ByteBuffer(bytes: candidate)))
                ON CONFLICT (name) DO NOTHING
                """, logger: logger)
            guard
                let row = try await connection.query("SELECT value FROM \(unescaped: secrets) WHERE name = \(name)", logger: logger)
                    .collect().first
            else { throw LedgerStoreError.corruptRow(table: "shared_secrets", id: name) }
            return Data(try row.decode(ByteBuffer.self).readableBytesView)
        }
    }

    public func takeRateToken(key: String, limit: RateLimit, at date: Date) async throws -> RateDecision {
        try await client.withRetryingTransaction(logger: logger) { connection in
            try await connection.query(
                """
                INSERT INTO \(unescaped: buckets) (key, tokens, updated_at) VALUES (\(key), \(Double(limit.burst)), \(date.timeIntervalSince1970))
                ON CONFLICT (key) DO NOTHING
                """, logger: logger)
            let row = try await connection.query(
                "SELECT tokens, updated_at FROM \(unescaped: buckets) WHERE key = \(key) FOR UPDATE", logger: logger
            ).collect().first
            guard let (tokens, updated) = try row?.decode((Double, Double).self) else {
                throw LedgerStoreError.corruptRow(table: "rate_buckets", id: key)
            }
            let (decision, bucket) = TokenBucket(tokens: tokens, updated: Date(timeIntervalSince1970: updated)).taking(limit, at: date)
            try await connection.query(
                """
                UPDATE \(unescaped: buckets) SET tokens = \(bucket.tokens), updated_at = \(bucket.updated.timeIntervalSince1970)
                WHERE key = \(key)
                """, logger: logger)
            return decision
        }
    }

    // MARK: Rows

    private func persist(_ payments: Payments, changedFrom before: Payments, at date: Date, _ connection: PostgresConnection) async throws {
        try await persist(payments.ledger, changedFrom: before.ledger, at: date, connection)
        for (id, record) in payments.records where before.records[id] == nil {
            let c = IntentColumns(record)
            if c.outcome == "settled", let usd = c.usdMicros {
                try await insertSettledSend(c, usd: usd, connection)
            } else {
                try await connection.query(
                    """
                    INSERT INTO \(unescaped: intents) (\(unescaped: Self.recordColumns))
                    VALUES (\(c.id), \(c.owner), \(c.action), \(c.mint), \(c.quarks), \(c.usdMicros), \(c.counterparty), \(c.submittedAt),
                        \(c.outcome), \(c.refusalField), \(c.refusalReason), \(c.refusalAmount), \(c.minimumOut), \(c.receivedQuarks))
                    """, logger: logger)
            }
        }
        for currency in payments.currencies.values where before.currencies[currency.currency.mint] == nil {
            let c = CurrencyColumns(currency)
            try await connection.query(
                """
                INSERT INTO \(unescaped: currencies) (\(unescaped: Self.currencyColumns))
                VALUES (\(c.mint), \(c.symbol), \(c.name), \(c.sellFeeBps), \(c.creator), \(c.launchedAt))
                """, logger: logger)
        }
        for giftCard in payments.giftCards.values where giftCard != before.giftCards[giftCard.id] {
            let c = GiftCardColumns(giftCard)
            try await connection.query(
                """
                INSERT INTO \(unescaped: giftCards) (id, issuer, mint, quarks, funded_at, state, claimed_by, claim_intent)
                VALUES (\(c.id), \(c.issuer), \(c.mint), \(c.quarks), \(c.fundedAt), \(c.state), \(c.claimedBy), \(c.claimIntent))
                ON CONFLICT (id) DO UPDATE SET state = excluded.state, claimed_by = excluded.claimed_by,
                    claim_intent = excluded.claim_intent
                """, logger: logger)
        }
    }

    private func loadGiftCard(_ connection: PostgresConnection, _ id: GiftCardID) async throws -> Payments.GiftCard? {
        let rows = try await connection.query(
            """
            SELECT issuer, mint, quarks, funded_at, state, claimed_by, claim_intent FROM \(unescaped: giftCards)
            WHERE id = \(id.rawValue)
            """, logger: logger
        ).collect()
        guard let row = rows.first else { return nil }
        let (issuer, mint, quarks, fundedAt, state, claimedBy, claimIntent) = try row.decode(
            (String, String, Int64, Double, String, String?, String?).self)
        let columns = GiftCardColumns(
            id: id.rawValue, issuer: issuer, mint: mint, quarks: quarks, fundedAt: fundedAt, state: state, claimedBy: claimedBy,
            claimIntent: claimIntent)
        guard let giftCard = columns.giftCard else { throw LedgerStoreError.corruptRow(table: "gift_cards", id: id.rawValue) }
        return giftCard
    }

    static let currencyColumns = "mint, symbol, name, sell_fee_bps, creator, launched_at"

    /// The launchpad currencies `intent`'s rules need: the one it names, and for a launch any
    /// holding its symbol.
    private func loadCurrencies(_ connection: PostgresConnection, for intent: PaymentIntent) async throws -> [Payments.LaunchedCurrency] {
        guard let mint = intent.action.launchpadMint(intent: intent.id) else { return [] }
        let symbol = intent.action.launchSymbol ?? ""
        return try await connection.query(
            """
            SELECT \(unescaped: Self.currencyColumns) FROM \(unescaped: currencies)
            WHERE mint = \(mint.address) OR symbol = \(symbol)
            """, logger: logger
        ).collect().map(Self.decodeCurrency)
    }

    private static func decodeCurrency(_ row: PostgresRow) throws -> Payments.LaunchedCurrency {
        let (mint, symbol, name, fee, creator, launchedAt) = try row.decode((String, String, String, Int32, String, Double).self)
        let columns = CurrencyColumns(mint: mint, symbol: symbol, name: name, sellFeeBps: Int(fee), creator: creator, launchedAt: launchedAt)
        guard let currency = columns.currency else { throw LedgerStoreError.corruptRow(table: "launchpad_currencies", id: mint) }
        return currency
    }

    static let recordColumns =
        "id, owner, action, mint, quarks, usd_micros, counterparty, submitted_at, outcome, refusal_field, refusal_reason, refusal_amount, "
        + "minimum_out, received_quarks"

    private static func decodeRecord(_ row: PostgresRow) throws -> Payments.Record {
        let cells = try row.decode((String, String, String, String?, Int64?, Int64?, String?, Double, String, String?, String?, Int64?).self)
        // The trade columns, read apart: a tuple decode takes at most 12 here.
        let cellsByIndex = row.makeRandomAccess()
        let columns = IntentColumns(
            id: cells.0, owner: cells.1, action: cells.2, mint: cells.3, quarks: cells.4, usdMicros: cells.5, counterparty: cells.6,
            submittedAt: cells.7, outcome: cells.8, refusalField: cells.9, refusalReason: cells.10, refusalAmount: cells.11,
            minimumOut: try cellsByIndex[12].decode(Int64?.self), receivedQuarks: try cellsByIndex[13].decode(Int64?.self))
        guard let record = columns.record else { throw LedgerStoreError.corruptRow(table: "payment_intents", id: cells.0) }
        return record
    }
}
