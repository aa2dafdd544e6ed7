import DAGCBOR
public import FlipcashAPI
import FlipcashCore
import Foundation
public import GRPCCore
import SwiftProtobuf

/// The Transaction service: intents settled once under their client-chosen ids, their metadata,
/// the owner's limits and history, and voiding a cash link.
public struct TransactionService: Flipcash_V1_Transaction.SimpleServiceProtocol {
    let context: ServiceContext
    let rates: any RateSource

    /// The most intents one history page holds, and how many when the request names no limit.
    public static let maximumHistoryPage = 100
    public static let defaultHistoryPage = 50

    public func submitIntent(request: Flipcash_V1_SubmitIntentRequest, context rpc: ServerContext) async throws
        -> Flipcash_V1_SubmitIntentResponse
    {
        try await context.answer("SubmitIntent") {
            let owner = try await context.registeredOwner(of: request)
            try await context.takeRateToken("intent:\(owner.rawValue)", \.intents, field: "auth.owner")
            let intent = try context.reader.intent(from: request, owner: owner)
            let answer = try await context.store.answer(intent, at: context.now)
            switch answer.outcome {
            case .settled:
                let settled = try await metadata(
                    of: Payments.Record(intent: intent, submittedAt: answer.submittedAt, outcome: .settled, received: answer.received))
                return .with { $0.settled = settled }
            case .refused(let refusal):
                throw ServiceRefusal(refusal, of: intent)
            }
        }
    }

    public func getIntentMetadata(request: Flipcash_V1_GetIntentMetadataRequest, context rpc: ServerContext) async throws
        -> Flipcash_V1_GetIntentMetadataResponse
    {
        try await context.answer("GetIntentMetadata") {
            let owner = try await context.registeredOwner(of: request)
            let id = try IntentReader.intentID(request.id, isSet: request.hasID, field: "id")
            // Someone else's intent is answered exactly as one that does not exist.
            guard let record = try await context.store.record(id), Self.isVisible(record, to: owner) else {
                throw RPCError(code: .notFound, message: "No intent of yours has this id.")
            }
            var metadata = try await metadata(of: record)
            if record.intent.owner != owner, metadata.hasRefusal {
                // The payee learns that a payment to them was refused, never why: the reason
                // (a balance, a limit) is the payer's.
                metadata.refusal = .with {
                    $0.code = .denied
                    $0.message = "The payment to you was refused: nothing moved."
                }
            }
            return .with { $0.metadata = metadata }
        }
    }

    public func getLimits(request: Flipcash_V1_GetLimitsRequest, context rpc: ServerContext) async throws -> Flipcash_V1_GetLimitsResponse {
        try await context.answer("GetLimits") {
            let owner = try await context.registeredOwner(of: request)
            let now = context.now
            let next = try await context.store.nextTransactionLimit(for: owner, at: now)
            let limits = context.store.paymentSettings.limits
            let snapshot = try await rates.latestRates()
            var table: [String: Flipcash_V1_GetLimitsResponse.CurrencyLimit] = [:]
            for (code, rate) in snapshot.rates {
                table[code.rawValue] = .with {
                    $0.perTransaction = Self.native(limits.perTransactionUSDMicros, rate: rate)
                    $0.perDay = Self.native(limits.dailyUSDMicros, rate: rate)
                    $0.nextTransaction = Self.native(next, rate: rate)
                }
            }
            return .with {
                $0.limits.byCurrency = table
                $0.limits.asOf = Google_Protobuf_Timestamp(date: now)
            }
        }
    }

    public func voidGiftCard(request: Flipcash_V1_VoidGiftCardRequest, context rpc: ServerContext) async throws
        -> Flipcash_V1_VoidGiftCardResponse
    {
        try await context.answer("VoidGiftCard") {
            let owner = try await context.registeredOwner(of: request)
            try await context.takeRateToken("intent:\(owner.rawValue)", \.intents, field: "auth.owner")
            let card = GiftCardID(try IntentReader.owner(request.giftCard, isSet: request.hasGiftCard, field: "gift_card").rawValue)
            switch try await context.store.voidGiftCard(card, by: owner, at: context.now) {
            case .returned(let now):
                return .with { $0.voided.returnedNow = now }
            case .claimedByIssuer, .claimedByOther:
                throw ServiceRefusal(.giftCardSettled, field: "gift_card", "This cash link was claimed: there is nothing to cancel.")
            case .denied, .notFound:
                // Whether someone else's link exists is not the caller's business.
                throw ServiceRefusal(.invalid, field: "gift_card", "gift_card is not a cash link you sent.")
            }
        }
    }

    public func getHistory(request: Flipcash_V1_GetHistoryRequest, context rpc: ServerContext) async throws -> Flipcash_V1_GetHistoryResponse {
        try await context.answer("GetHistory") {
            let owner = try await context.registeredOwner(of: request)
            guard request.limit <= Self.maximumHistoryPage else {
                throw ServiceRefusal.invalid("limit", "is more than \(Self.maximumHistoryPage)")
            }
            let limit = request.limit == 0 ? Self.defaultHistoryPage : Int(request.limit)
            var position: Payments.HistoryPosition?
            if request.hasBefore {
                let id = try IntentReader.intentID(request.before, isSet: true, field: "before")
                guard let record = try await context.store.record(id), Self.isVisible(record, to: owner) else {
                    throw ServiceRefusal.invalid("before", "is not an intent in your history")
                }
                position = Payments.HistoryPosition(record)
            }
            var intents: [Flipcash_V1_IntentMetadata] = []
            for record in try await context.store.history(of: owner, before: position, limit: limit) {
                intents.append(try await metadata(of: record))
            }
            return .with { $0.history.intents = intents }
        }
    }

    // MARK: Answers

    /// Whether `owner` may read `record`: it is theirs, or it paid them, or it tried to (a
    /// grabber waiting for a bill's payment learns at once that it was refused).
    static func isVisible(_ record: Payments.Record, to owner: OwnerID) -> Bool {
        if record.intent.owner == owner { return true }
        if case .sendPayment(let destination, _, _) = record.intent.action { return destination == owner }
        return false
    }

    /// The contract's view of `record`: what it asked, how it ended, and (for a cash link) what
    /// became of the link since.
    func metadata(of record: Payments.Record) async throws -> Flipcash_V1_IntentMetadata {
        var metadata = Flipcash_V1_IntentMetadata()
        metadata.id.value = try Base58.decode(record.intent.id.rawValue)
        metadata.owner.value = try Base58.decode(record.intent.owner.rawValue)
        metadata.settledAt = Google_Protobuf_Timestamp(date: record.submittedAt)
        switch record.intent.action {
        case .openAccount(let mint):
            metadata.kind = .openAccount
            metadata.amount = .init(.zero(mint))
        case .faucet(let amount):
            metadata.kind = .faucet
            metadata.amount = .init(amount)
        case .deposit(let amount):
            metadata.kind = .deposit
            metadata.amount = .init(amount)
        case .sendPayment(let destination, let amount, _):
            metadata.kind = .sendPayment
            metadata.amount = .init(amount)
            metadata.destinationOwner.value = try Base58.decode(destination.rawValue)
        case .sendGiftCard(let card, let amount, _):
            metadata.kind = .sendGiftCard
            metadata.amount = .init(amount)
            metadata.giftCard.value = try Base58.decode(card.rawValue)
            if record.outcome == .settled, let giftCard = try await context.store.giftCard(card) {
                metadata.giftCardState = Self.state(giftCard.state)
                metadata.giftCardExpiresAt = Google_Protobuf_Timestamp(date: giftCard.expiresAt)
            }
        case .claimGiftCard(let card):
            metadata.kind = .claimGiftCard
            metadata.giftCard.value = try Base58.decode(card.rawValue)
            if let giftCard = try await context.store.giftCard(card) {
                metadata.amount = .init(giftCard.amount)
            }
        case .launchCurrency:
            metadata.kind = .launchCurrency
        case .buyCurrency(_, let usdf, _):
            metadata.kind = .buyCurrency
            metadata.amount = .init(TokenAmount(quarks: usdf, mint: .usdf))
        case .sellCurrency(let mint, let tokens, _):
            metadata.kind = .sellCurrency
            metadata.amount = .init(TokenAmount(quarks: tokens, mint: mint))
        }
        if let received = record.received {
            metadata.received = .init(received)
        }
        switch record.outcome {
        case .settled:
            metadata.state = .settled
        case .refused(let refusal):
            metadata.state = .refused
            metadata.refusal = ServiceRefusal(refusal, of: record.intent).proto
        }
        return metadata
    }

    static func state(_ state: Payments.GiftCard.State) -> Flipcash_V1_IntentMetadata.GiftCardState {
        switch state {
        case .open: .giftCardOpen
        case .claimed: .giftCardClaimed
        case .voided: .giftCardVoided
        case .returned: .giftCardReturned
        }
    }

    /// `usdMicros` in the currency of `rate`, rounded down to its smallest unit (what may be sent
    /// is never overstated).
    static func native(_ usdMicros: UInt64, rate: Rate) -> Double {
        let amount = Decimal(usdMicros) / 1_000_000 * rate.fx
        return NSDecimalNumber(decimal: DecimalRounding.down.round(amount, scale: rate.currency.fractionDigits)).doubleValue
    }
}
