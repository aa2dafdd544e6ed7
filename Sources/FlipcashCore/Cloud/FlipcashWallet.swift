public import Crypto
import DAGCBOR
import FlipcashAPI
public import Foundation
public import GRPCCore
import SwiftProtobuf

/// A person's Flipcash wallet against the cloud: their account (a key derived from the 12-word
/// recovery phrase), the intents they send — each saved in the ``IntentOutbox`` before its first
/// attempt, so a retry is always the same intent under the same id — and the local cache of
/// balances and history, refreshed after every transaction (the seed's `updatePostTransaction`).
///
/// Retried intents never show an error for something that went through: a second tap, a lost
/// reply or a link opened twice answers the first result again.
public struct FlipcashWallet<Transport: ClientTransport>: Sendable {
    public let client: FlipcashClient<Transport>
    /// Where intents wait, saved, until the server answers them.
    public let outbox: IntentOutbox
    let cache: FlipcashCache
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - client: the signed connection, for the account's key.
    ///   - outbox: where intents are saved before they are sent.
    ///   - cache: the owner's local cache.
    public init(client: FlipcashClient<Transport>, outbox: IntentOutbox, cache: FlipcashCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.outbox = outbox
        self.cache = cache
        self.now = now
    }

    /// The account's key from a recovery phrase: the cash-link derivation (BIP-39 seed, SLIP-0010
    /// along m/44'/501'/0'/0').
    public static func accountKey(_ mnemonic: Mnemonic) -> Curve25519.Signing.PrivateKey {
        do {
            return try SLIP10Key.derive(seed: mnemonic.seed(), path: .solanaAccount).signingKey
        } catch {
            // The fixed path is hardened at every step, the only thing SLIP-0010 can refuse.
            preconditionFailure("the fixed all-hardened account path was refused: \(error)")
        }
    }

    // MARK: Account

    /// Registers the account's key and opens its USDF account (both idempotent: calling again
    /// changes nothing); `true` when the key was new to the server.
    @discardableResult
    public func register() async throws -> Bool {
        let isNew = try await client.register()
        // One id per owner and mint, so opening is the same intent every time.
        let id = Self.derivedID("open-account", Mint.usdf.address, client.owner)
        let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.openAccount(.with { $0.mint.address = Mint.usdf.address })
        try outbox.save(id: id, action: action, at: now())
        _ = try await submit(id: id, action: action)
        return isNew
    }

    /// Fetches balances and the newest history page and keeps them in the cache.
    @discardableResult
    public func refresh() async throws -> WalletSnapshot {
        let balances = try await client.balances()
        let history = try await client.history(limit: TransactionServiceLimits.historyPage)
        let date = now()
        try cache.replaceBalances(balances, at: date)
        try cache.record(history.compactMap { ActivityItem($0, viewer: client.owner) })
        return WalletSnapshot(balances: balances, history: history)
    }

    // MARK: Intents

    /// Development only: credits `amount` USDF from the server's faucet.
    public func faucet(_ amount: TokenAmount) async throws -> IntentReceipt {
        try await send(
            .faucet(
                .with {
                    $0.amount.mint.address = amount.mint.address
                    $0.amount.quarks = amount.quarks
                }))
    }

    /// Makes a new cash link holding `amount` (priced at the server's signed rate), saved with its
    /// intent before it is sent.
    ///
    /// - Throws: ``AmountError`` for an amount no person can send (see
    ///   ``FiatAmount/validatedForSending()``: 5.005 USD is refused, not rounded), before anything
    ///   is asked of the server.
    public func sendLink(_ amount: FiatAmount, link: CashLink = .new()) async throws -> SentLink {
        let amount = try amount.validatedForSending()
        let rates = try await client.exchangeRates([amount.currency])
        let (data, exchanged) = try rates.exchangeData(for: amount)
        let keys = link.deriveKeyPair()
        let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.sendGiftCard(
            .with {
                $0.giftCard.value = keys.publicKey
                $0.exchangeData = data
            })
        let receipt = try await send(action, link: link)
        return SentLink(link: link, amount: exchanged, receipt: receipt)
    }

    /// Claims a cash link's whole balance. The intent id is derived from the link and this owner,
    /// so opening the same link again answers the first claim, never an error.
    public func claim(_ link: CashLink) async throws -> IntentReceipt {
        let keys = link.deriveKeyPair()
        let id = Self.derivedID("claim", Base58.encode(keys.publicKey), client.owner)
        let signature = try keys.privateKey.signature(for: id)
        let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.claimGiftCard(
            .with {
                $0.giftCard.value = keys.publicKey
                $0.giftCardSignature.value = signature
            })
        try outbox.save(id: id, action: action, at: now())
        let receipt = try await submit(id: id, action: action)
        try await refreshQuietly()
        return receipt
    }

    /// Cancels a cash link this owner sent and nobody claimed; `true` when this call returned the
    /// money, `false` when it was back already.
    public func void(_ link: CashLink) async throws -> Bool {
        let returned = try await client.voidGiftCard(link.deriveKeyPair().publicKey)
        try await refreshQuietly()
        return returned
    }

    /// Sends again every intent saved but not answered (after a crash or a lost reply).
    public func retryPending() async throws -> [IntentReceipt] {
        var receipts: [IntentReceipt] = []
        for entry in try outbox.pending() {
            receipts.append(try await submit(id: entry.id, action: entry.action))
        }
        if !receipts.isEmpty { try await refreshQuietly() }
        return receipts
    }

    /// Saves a new intent under a fresh id, sends it, and refreshes the cache.
    func send(_ action: Flipcash_V1_SubmitIntentRequest.OneOf_Action, link: CashLink? = nil) async throws -> IntentReceipt {
        let id = Self.freshID()
        try outbox.save(id: id, action: action, link: link, at: now())
        let receipt = try await submit(id: id, action: action)
        try await refreshQuietly()
        return receipt
    }

    /// Sends the intent `id`, already saved in the outbox; records a settled or refused answer
    /// there (an unanswered one stays pending, for ``retryPending()``).
    func submit(id: Data, action: Flipcash_V1_SubmitIntentRequest.OneOf_Action) async throws -> IntentReceipt {
        do {
            let receipt = try await client.submit(id: id, action: action)
            try outbox.finish(id, as: .settled)
            return receipt
        } catch FlipcashClientError.refused(let refusal) {
            // A refusal is the intent's answer for good, except a rate limit or a request the
            // server could not authenticate (a clock off by minutes): those may pass later.
            if refusal.code != .rateLimited, refusal.code != .unauthenticated { try outbox.finish(id, as: .refused) }
            throw FlipcashClientError.refused(refusal)
        }
    }

    /// The balances as the last refresh left them in the cache (every transaction refreshes it).
    public func cachedBalances() throws -> [TokenAmount] {
        try cache.balances()
    }

    /// Refreshes the cache after a transaction; a failure there does not undo the transaction's
    /// success, so it is not reported (the next refresh catches up).
    func refreshQuietly() async throws {
        _ = try? await refresh()
    }

    /// A 32-byte id derived from `parts`: the same intent always gets the same id.
    /// A new intent id: 32 random bytes.
    static func freshID() -> Data {
        var id = Data(count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in id.indices { id[index] = generator.next() }
        return id
    }

    static func derivedID(_ parts: String...) -> Data {
        Data(SHA256.hash(data: Data(("flipcash.intent.v1\u{0}" + parts.joined(separator: "\u{0}")).utf8)))
    }
}

/// How many history items a refresh fetches.
enum TransactionServiceLimits {
    static let historyPage = 50
}

/// Balances and the newest history, as a refresh found them.
public struct WalletSnapshot: Hashable, Sendable {
    public let balances: [TokenAmount]
    public let history: [IntentReceipt]
}

/// A cash link that was funded: the URL to share, what it holds, and the server's receipt.
public struct SentLink: Hashable, Sendable {
    public let link: CashLink
    public let amount: ExchangedFiat
    public let receipt: IntentReceipt
}

extension ActivityItem {
    /// The history entry `receipt` is for `viewer` (base58 owner key); nil for an account opening.
    init?(_ receipt: IntentReceipt, viewer: String) {
        // A sale is shown as the USDF it brought in; a purchase as the USDF it took.
        let shown = receipt.kind == .sellCurrency ? receipt.received : receipt.amount
        guard let amount = shown, amount.quarks > 0 else { return nil }
        let kind: Kind
        switch receipt.kind {
        case .openAccount, .launchCurrency: return nil
        case .buyCurrency: kind = .bought
        case .sellCurrency: kind = .sold
        case .faucet, .deposit: kind = .deposited
        case .sendPayment: kind = receipt.owner == viewer ? .sent : .received
        case .sendGiftCard: kind = .cashLinkSent
        case .claimGiftCard: kind = .cashLinkReceived
        }
        let state: State = receipt.isSettled ? .completed : .failed
        let exchanged = ExchangedFiat.compute(onChainAmount: amount, rate: .oneToOne, supplyQuarks: nil)
        self.init(id: Base58.encode(receipt.id), kind: kind, state: state, amount: exchanged, createdAt: receipt.settledAt)
    }
}
