public import FlipcashCore
public import Foundation
import GRDB
import SQLiteStorage

extension SQLiteLedgerStore: PaymentStore {
    /// The payment rules' settings for this store's operations.
    public struct PaymentSettings: Sendable {
        public var limits: PaymentLimits
        public var faucetEnabled: Bool

        public init(limits: PaymentLimits = .standard, faucetEnabled: Bool = false) {
            self.limits = limits
            self.faucetEnabled = faucetEnabled
        }
    }

    public func submit(_ intent: PaymentIntent, at date: Date) async throws -> IntentOutcome {
        let settings = paymentSettings
        return try await writer.immediateWrite { db in
            let card: GiftCardID? =
                switch intent.action {
                case .sendGiftCard(let card, _, _), .claimGiftCard(let card): card
                case .openAccount, .sendPayment, .faucet: nil
                }
            let giftCard = try card.flatMap { try Self.giftCard(db, $0) }
            let footprint = Payments.footprint(of: intent, giftCard: giftCard)
            let ledger = try Self.slice(db, accounts: footprint.accounts, transfers: footprint.transfers)
            var records = try Self.record(db, intent.id).map { [$0] } ?? []
            records += try Self.records(db, owner: intent.owner, since: date.addingTimeInterval(-settings.limits.window))
            var payments = Payments(
                limits: settings.limits, faucetEnabled: settings.faucetEnabled, ledger: ledger, records: records,
                giftCards: giftCard.map { [$0] } ?? [])
            let before = payments
            let outcome = payments.submit(intent, at: date)
            try Self.persist(payments, changedFrom: before, at: date, db)
            return outcome
        }
    }

    public func voidGiftCard(_ card: GiftCardID, by caller: OwnerID, at date: Date) async throws -> Payments.VoidOutcome {
        let settings = paymentSettings
        return try await writer.immediateWrite { db in
            guard let giftCard = try Self.giftCard(db, card) else { return .notFound }
            let footprint = Payments.returnFootprint(of: giftCard)
            var payments = Payments(
                limits: settings.limits, faucetEnabled: settings.faucetEnabled,
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
                db, sql: "SELECT id FROM gift_cards WHERE state = 'open' AND funded_at <= ? ORDER BY funded_at, id LIMIT ?",
                arguments: [date.timeIntervalSince1970 - Payments.giftCardLifetime, max(0, limit)])
            let giftCards = try expired.compactMap { try Self.giftCard(db, GiftCardID($0)) }
            let footprints = giftCards.map(Payments.returnFootprint(of:))
            var payments = Payments(
                limits: settings.limits, faucetEnabled: settings.faucetEnabled,
                ledger: try Self.slice(db, accounts: footprints.flatMap(\.accounts), transfers: footprints.flatMap(\.transfers)),
                records: [], giftCards: giftCards)
            let before = payments
            let returned = payments.returnExpiredGiftCards(at: date)
            try Self.persist(payments, changedFrom: before, at: date, db)
            return returned
        }
    }

    public func balance(of owner: OwnerID, mint: Mint) async throws -> UInt64 {
        try await account(Payments.userAccount(owner, mint))?.available ?? 0
    }

    // MARK: Rows

    /// Writes what an operation changed: the ledger's part, the new intent record, the cash links.
    static func persist(_ payments: Payments, changedFrom before: Payments, at date: Date, _ db: Database) throws {
        try persist(payments.ledger, changedFrom: before.ledger, at: date, db)
        for (id, record) in payments.records where before.records[id] == nil {
            try insert(record, db)
        }
        for giftCard in payments.giftCards.values where giftCard != before.giftCards[giftCard.id] {
            let (state, claimedBy, claimIntent): (String, String?, String?) =
                switch giftCard.state {
                case .open: ("open", nil, nil)
                case .claimed(let owner, let intent): ("claimed", owner.rawValue, intent.rawValue)
                case .voided: ("voided", nil, nil)
                case .returned: ("returned", nil, nil)
                }
            try db.execute(
                sql: """
                    INSERT INTO gift_cards (id, issuer, mint, quarks, funded_at, state, claimed_by, claim_intent)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET state = excluded.state, claimed_by = excluded.claimed_by,
                        claim_intent = excluded.claim_intent
                    """,
                arguments: [
                    giftCard.id.rawValue, giftCard.issuer.rawValue, giftCard.amount.mint.address, Int64(giftCard.amount.quarks),
                    giftCard.fundedAt.timeIntervalSince1970, state, claimedBy, claimIntent,
                ])
        }
    }

    static func giftCard(_ db: Database, _ id: GiftCardID) throws -> Payments.GiftCard? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT issuer, mint, quarks, funded_at, state, claimed_by, claim_intent FROM gift_cards WHERE id = ?",
                arguments: [id.rawValue])
        else { return nil }
        let corrupt = LedgerStoreError.corruptRow(table: "gift_cards", id: id.rawValue)
        guard let mint = try? Mint(address: row[1]), let quarks = UInt64(exactly: row[2] as Int64) else { throw corrupt }
        let state: Payments.GiftCard.State
        switch row[4] as String {
        case "open": state = .open
        case "voided": state = .voided
        case "returned": state = .returned
        case "claimed":
            guard let owner = row[5] as String?, let intent = row[6] as String? else { throw corrupt }
            state = .claimed(by: OwnerID(owner), intent: IntentID(intent))
        default: throw corrupt
        }
        return Payments.GiftCard(
            id: id, issuer: OwnerID(row[0]), amount: TokenAmount(quarks: quarks, mint: mint),
            fundedAt: Date(timeIntervalSince1970: row[3]), state: state)
    }

    static let recordColumns =
        "id, owner, action, mint, quarks, usd_micros, counterparty, submitted_at, outcome, refusal_field, refusal_reason, refusal_amount"

    static func record(_ db: Database, _ id: IntentID) throws -> Payments.Record? {
        try Row.fetchOne(db, sql: "SELECT \(recordColumns) FROM payment_intents WHERE id = ?", arguments: [id.rawValue])
            .map(decodeRecord)
    }

    /// The owner's intents submitted after `since` (what the daily limit counts).
    static func records(_ db: Database, owner: OwnerID, since: Date) throws -> [Payments.Record] {
        try Row.fetchAll(
            db, sql: "SELECT \(recordColumns) FROM payment_intents WHERE owner = ? AND submitted_at > ?",
            arguments: [owner.rawValue, since.timeIntervalSince1970]
        ).map(decodeRecord)
    }

    static func insert(_ record: Payments.Record, _ db: Database) throws {
        let intent = record.intent
        let (action, mint, quarks, usd, counterparty): (String, Mint?, UInt64?, UInt64?, String?) =
            switch intent.action {
            case .openAccount(let mint): ("open_account", mint, nil, nil, nil)
            case .faucet(let amount): ("faucet", amount.mint, amount.quarks, nil, nil)
            case .sendPayment(let destination, let amount, let usd): ("send_payment", amount.mint, amount.quarks, usd, destination.rawValue)
            case .sendGiftCard(let card, let amount, let usd): ("send_gift_card", amount.mint, amount.quarks, usd, card.rawValue)
            case .claimGiftCard(let card): ("claim_gift_card", nil, nil, nil, card.rawValue)
            }
        let (outcome, field, reason, amount) = RefusalColumns.encode(record.outcome)
        try db.execute(
            sql: "INSERT INTO payment_intents (\(recordColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                intent.id.rawValue, intent.owner.rawValue, action, mint?.address, quarks.map { Int64(bitPattern: $0) },
                usd.map { Int64(bitPattern: $0) }, counterparty, record.submittedAt.timeIntervalSince1970, outcome, field, reason,
                amount.map { Int64(bitPattern: $0) },
            ])
    }

    static func decodeRecord(_ row: Row) throws -> Payments.Record {
        let id: String = row[0]
        let corrupt = LedgerStoreError.corruptRow(table: "payment_intents", id: id)
        let mint = try (row[3] as String?).map { address in
            guard let mint = try? Mint(address: address) else { throw corrupt }
            return mint
        }
        let quarks = (row[4] as Int64?).map { UInt64(bitPattern: $0) }
        let usd = (row[5] as Int64?).map { UInt64(bitPattern: $0) }
        let counterparty = row[6] as String?
        let action: IntentAction
        switch row[2] as String {
        case "open_account":
            guard let mint else { throw corrupt }
            action = .openAccount(mint)
        case "faucet":
            guard let mint, let quarks else { throw corrupt }
            action = .faucet(TokenAmount(quarks: quarks, mint: mint))
        case "send_payment":
            guard let mint, let quarks, let usd, let counterparty else { throw corrupt }
            action = .sendPayment(destination: OwnerID(counterparty), amount: TokenAmount(quarks: quarks, mint: mint), usdMicros: usd)
        case "send_gift_card":
            guard let mint, let quarks, let usd, let counterparty else { throw corrupt }
            action = .sendGiftCard(GiftCardID(counterparty), amount: TokenAmount(quarks: quarks, mint: mint), usdMicros: usd)
        case "claim_gift_card":
            guard let counterparty else { throw corrupt }
            action = .claimGiftCard(GiftCardID(counterparty))
        default: throw corrupt
        }
        guard
            let outcome = RefusalColumns.decode(
                outcome: row[8], field: row[9], reason: row[10], amount: (row[11] as Int64?).map { UInt64(bitPattern: $0) })
        else { throw corrupt }
        return Payments.Record(
            intent: PaymentIntent(id: IntentID(id), owner: OwnerID(row[1]), action: action),
            submittedAt: Date(timeIntervalSince1970: row[7]), outcome: outcome)
    }
}

/// How an intent's outcome is kept in a store's columns (`outcome`, `refusal_field`,
/// `refusal_reason`, `refusal_amount`), the same in every store.
enum RefusalColumns {
    static func encode(_ outcome: IntentOutcome) -> (String, String?, String?, UInt64?) {
        switch outcome {
        case .settled: ("settled", nil, nil, nil)
        case .refused(let refusal):
            switch refusal {
            case .conflict(let field): ("conflict", field, nil, nil)
            case .invalid(let field, let reason): ("invalid", field, reason, nil)
            case .accountNotOpen(let mint): ("account_not_open", mint.address, nil, nil)
            case .insufficientFunds(let available): ("insufficient_funds", nil, nil, available)
            case .limitExceeded(let remaining): ("limit_exceeded", nil, nil, remaining)
            case .giftCardSettled: ("gift_card_settled", nil, nil, nil)
            case .giftCardExpired: ("gift_card_expired", nil, nil, nil)
            case .faucetClosed: ("faucet_closed", nil, nil, nil)
            }
        }
    }

    static func decode(outcome: String, field: String?, reason: String?, amount: UInt64?) -> IntentOutcome? {
        switch outcome {
        case "settled": return .settled
        case "conflict": return field.map { .refused(.conflict(field: $0)) }
        case "invalid":
            guard let field, let reason else { return nil }
            return .refused(.invalid(field: field, reason: reason))
        case "account_not_open": return field.flatMap { try? Mint(address: $0) }.map { .refused(.accountNotOpen($0)) }
        case "insufficient_funds": return amount.map { .refused(.insufficientFunds(available: $0)) }
        case "limit_exceeded": return amount.map { .refused(.limitExceeded(remainingUSDMicros: $0)) }
        case "gift_card_settled": return .refused(.giftCardSettled)
        case "gift_card_expired": return .refused(.giftCardExpired)
        case "faucet_closed": return .refused(.faucetClosed)
        default: return nil
        }
    }
}
