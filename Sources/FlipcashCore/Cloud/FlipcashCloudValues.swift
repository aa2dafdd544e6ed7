import Crypto
import DAGCBOR
public import FlipcashAPI
public import Foundation
import SwiftProtobuf

/// An intent as the server reports it: what it asked, whether it settled, and, for a cash link,
/// what became of the link since.
public struct IntentReceipt: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case openAccount, sendPayment, sendGiftCard, claimGiftCard, faucet, deposit, launchCurrency, buyCurrency, sellCurrency
    }

    public enum GiftCardState: String, Hashable, Sendable {
        case open, claimed, voided, returned
    }

    /// The intent's 32-byte id.
    public let id: Data
    /// Who submitted it (base58 key).
    public let owner: String
    public let kind: Kind
    public let isSettled: Bool
    public let settledAt: Date
    public let amount: TokenAmount?
    /// What a trade credited the owner (tokens bought, USDF after a sale's fee), or the mint a
    /// launch created (no quarks).
    public let received: TokenAmount?
    /// The owner it paid, for a payment (base58 key).
    public let destinationOwner: String?
    /// The cash link it funded or claimed (base58 key).
    public let giftCard: String?
    public let giftCardState: GiftCardState?
    public let giftCardExpiresAt: Date?
    /// Why it was refused, for a refused intent.
    public let refusal: FlipcashRefusal?

    init(_ metadata: Flipcash_V1_IntentMetadata) throws {
        guard metadata.id.value.count == 32, metadata.owner.value.count == 32 else {
            throw FlipcashClientError.malformedResponse("an intent's id or owner")
        }
        id = metadata.id.value
        owner = Base58.encode(metadata.owner.value)
        switch metadata.kind {
        case .openAccount: kind = .openAccount
        case .sendPayment: kind = .sendPayment
        case .sendGiftCard: kind = .sendGiftCard
        case .claimGiftCard: kind = .claimGiftCard
        case .faucet: kind = .faucet
        case .deposit: kind = .deposit
        case .launchCurrency: kind = .launchCurrency
        case .buyCurrency: kind = .buyCurrency
        case .sellCurrency: kind = .sellCurrency
        case .unknown, .UNRECOGNIZED: throw FlipcashClientError.malformedResponse("an intent's kind")
        }
        isSettled = metadata.state == .settled
        settledAt = metadata.settledAt.date
        amount =
            metadata.hasAmount
            ? (try? Mint(address: metadata.amount.mint.address)).map { TokenAmount(quarks: metadata.amount.quarks, mint: $0) } : nil
        received =
            metadata.hasReceived
            ? (try? Mint(address: metadata.received.mint.address)).map { TokenAmount(quarks: metadata.received.quarks, mint: $0) } : nil
        switch metadata.counterparty {
        case .destinationOwner(let key):
            destinationOwner = Base58.encode(key.value)
            giftCard = nil
        case .giftCard(let key):
            destinationOwner = nil
            giftCard = Base58.encode(key.value)
        case .none:
            destinationOwner = nil
            giftCard = nil
        }
        giftCardState =
            switch metadata.giftCardState {
            case .giftCardOpen: .open
            case .giftCardClaimed: .claimed
            case .giftCardVoided: .voided
            case .giftCardReturned: .returned
            case .unknown, .UNRECOGNIZED: nil
            }
        giftCardExpiresAt = metadata.hasGiftCardExpiresAt ? metadata.giftCardExpiresAt.date : nil
        refusal = metadata.hasRefusal ? FlipcashRefusal(metadata.refusal) : nil
    }
}

/// The server's signed exchange rates, each checked against the rate key the server names, so a
/// send is priced only with a rate the server will accept back.
public struct SignedRates: Sendable {
    /// The key that signs the rates.
    public let rateKey: Data
    public let serverTime: Date
    let signed: [CurrencyCode: Flipcash_V1_SignedExchangeRate]
    /// Launchpad currencies' signed reserve states, by mint.
    let reserves: [Mint: Flipcash_V1_SignedReserveState]

    init(_ response: Flipcash_V1_GetExchangeRatesResponse) throws {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: response.rateKey.value) else {
            throw FlipcashClientError.malformedResponse("the rate key")
        }
        var signed = [CurrencyCode: Flipcash_V1_SignedExchangeRate]()
        for rate in response.rates {
            guard let code = try? CurrencyCode(parsing: rate.rate.currency), let input = try? rate.rate.signingInput(),
                key.isValidSignature(rate.signature.value, for: input)
            else { throw FlipcashClientError.malformedResponse("a signed rate") }
            signed[code] = rate
        }
        var reserves = [Mint: Flipcash_V1_SignedReserveState]()
        for reserve in response.reserves {
            guard let mint = try? Mint(address: reserve.state.mint.address), !mint.isUSDF, let input = try? reserve.state.signingInput(),
                key.isValidSignature(reserve.signature.value, for: input)
            else { throw FlipcashClientError.malformedResponse("a signed reserve state") }
            reserves[mint] = reserve
        }
        rateKey = key.rawRepresentation
        serverTime = response.serverTime.date
        self.signed = signed
        self.reserves = reserves
    }

    /// The launchpad currencies whose signed reserve states came with these rates.
    public var reserveMints: [Mint] { reserves.keys.sorted { $0.address < $1.address } }

    /// When the server stated `mint`'s supply (what its signature dates), if it gave one.
    public func reserveObservedAt(_ mint: Mint) -> Date? {
        reserves[mint].map { $0.state.timestamp.date }
    }

    /// The supply of a launchpad currency as its signed reserve state gives it, if the server
    /// gave one.
    public func supplyQuarks(of mint: Mint) -> UInt64? {
        reserves[mint]?.state.supplyQuarks
    }

    /// The currencies priced.
    public var currencies: [CurrencyCode] { signed.keys.sorted() }

    /// When the server observed the rate for `currency` (what its signature dates), if it gave one.
    public func observedAt(_ currency: CurrencyCode) -> Date? {
        signed[currency].map { $0.rate.timestamp.date }
    }

    /// When the oldest of these rates was observed; nil for no rates.
    public var oldestObservation: Date? {
        (signed.values.map(\.rate.timestamp.date) + reserves.values.map(\.state.timestamp.date)).min()
    }

    /// Whether these rates are too old to price a send at `date`: the oldest is
    /// ``maximumAge`` old or more (the server accepts 15 minutes; the client stops 2 earlier), or
    /// there are none.
    public func isStale(at date: Date) -> Bool {
        guard let oldest = oldestObservation else { return true }
        return date.timeIntervalSince(oldest) >= Self.maximumAge
    }

    /// The oldest rate a client prices a send with: 13 minutes (the server accepts 15).
    public static let maximumAge: TimeInterval = 13 * 60

    /// The rate for `currency`, if the server gave one.
    public func rate(_ currency: CurrencyCode) -> Rate? {
        guard let signed = signed[currency] else { return nil }
        return try? Rate(fx: Decimal(signed.rate.nativePerUsdf), currency: currency)
    }

    /// The exchange data of a send of `amount` (in its currency) in USDF: the quarks at the signed
    /// rate, the native amount, and the signed rate itself.
    ///
    /// - Throws: ``FlipcashClientError/refused(_:)`` naming `currency` when the server has no
    ///   rate for it; `AmountError` for an amount that is not a positive number.
    ///
    /// For a launchpad `mint`, the quarks are what sells for `amount` at the supply of the signed
    /// reserve state, which travels in the exchange data (pinned: the same proof prices and
    /// proves). With `tokenBalanceQuarks`, they are capped at what the sender holds (and the
    /// native amount follows); without, an amount beyond what the whole supply sells for is
    /// refused, so the exchange data is never worth less than `amount`.
    public func exchangeData(for amount: FiatAmount, mint: Mint = .usdf, tokenBalanceQuarks: UInt64? = nil) throws
        -> (data: Flipcash_V1_ExchangeData, exchanged: ExchangedFiat)
    {
        guard let signed = signed[amount.currency], let rate = rate(amount.currency) else {
            throw FlipcashClientError.refused(
                FlipcashRefusal(code: .invalid, field: "currency", message: "The server has no exchange rate for \(amount.currency.code)."))
        }
        let exchanged: ExchangedFiat
        var reserve: Flipcash_V1_SignedReserveState?
        if mint.isUSDF {
            exchanged = try ExchangedFiat(nativeAmount: amount, rate: rate)
        } else {
            guard let proof = reserves[mint] else {
                throw FlipcashClientError.refused(
                    FlipcashRefusal(code: .invalid, field: "mint", message: "The server gave no reserve state for \(mint.address)."))
            }
            guard
                let computed = try ExchangedFiat.compute(
                    fromEntered: amount, rate: rate, mint: mint, supplyQuarks: proof.state.supplyQuarks,
                    tokenBalanceQuarks: tokenBalanceQuarks),
                computed.onChainAmount.quarks > 0
            else {
                throw FlipcashClientError.refused(
                    FlipcashRefusal(
                        code: .invalid, field: "amount", message: "\(amount.value) \(amount.currency.code) buys no tokens of this currency."))
            }
            // Without a balance cap the amount is kept as entered, unless it passes the curve's
            // whole value (then the quarks were clamped to the supply and worth less).
            guard tokenBalanceQuarks != nil || computed.nativeAmount.value == amount.value else {
                throw FlipcashClientError.refused(
                    FlipcashRefusal(
                        code: .invalid, field: "amount",
                        message: "\(amount.value) \(amount.currency.code) is more than all of this currency's tokens are worth."))
            }
            exchanged = computed
            reserve = proof
        }
        var data = Flipcash_V1_ExchangeData()
        if let reserve { data.reserve = reserve }
        data.amount = .with {
            $0.mint.address = exchanged.onChainAmount.mint.address
            $0.quarks = exchanged.onChainAmount.quarks
        }
        data.nativeAmount = NSDecimalNumber(decimal: exchanged.nativeAmount.value).doubleValue
        data.rate = signed
        return (data, exchanged)
    }
}

/// What the owner may send, per currency, as the server computed it at `asOf`.
public struct SendLimitTable: Hashable, Sendable {
    public let asOf: Date
    public let byCurrency: [CurrencyCode: SendLimits]

    init(_ limits: Flipcash_V1_GetLimitsResponse.Limits) {
        var table = [CurrencyCode: SendLimits]()
        for (code, limit) in limits.byCurrency {
            guard let currency = try? CurrencyCode(parsing: code) else { continue }
            func amount(_ value: Double) -> FiatAmount {
                FiatAmount(value: Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? 0, currency: currency)
            }
            table[currency] = try? SendLimits(
                nextTransaction: amount(limit.nextTransaction), maxPerTransaction: amount(limit.perTransaction),
                maxPerDay: amount(limit.perDay))
        }
        asOf = limits.asOf.date
        byCurrency = table
    }
}

/// A mint as the server describes it; for a launchpad currency, its pool at that moment.
public struct CurrencyInfo: Hashable, Sendable {
    public let mint: Mint
    public let name: String
    public let symbol: String
    public let decimals: Int
    /// The tokens the curve has sold (quarks); nil for USDF.
    public let supplyQuarks: UInt64?
    /// The USDF the pool holds (quarks); nil for USDF.
    public let reserveUSDFQuarks: UInt64?
    public let sellFeeBps: Int?
    /// Who launched it (base58 key) and when; nil for USDF.
    public let creator: String?
    public let launchedAt: Date?

    init(_ info: Flipcash_V1_MintInfo) throws {
        guard let mint = try? Mint(address: info.mint.address) else { throw FlipcashClientError.malformedResponse("a mint's address") }
        self.mint = mint
        name = info.name
        symbol = info.symbol
        decimals = Int(info.decimals)
        if info.hasLaunchpad {
            supplyQuarks = info.launchpad.supplyQuarks
            reserveUSDFQuarks = info.launchpad.reserveUsdfQuarks
            sellFeeBps = Int(info.launchpad.sellFeeBps)
            creator = Base58.encode(info.launchpad.creator.value)
            launchedAt = info.launchpad.launchedAt.date
        } else {
            (supplyQuarks, reserveUSDFQuarks, sellFeeBps, creator, launchedAt) = (nil, nil, nil, nil, nil)
        }
    }

    /// The price of one token now, in USD, at the curve's step for the supply; nil for USDF.
    public var spotPriceUSD: Decimal? {
        guard let supplyQuarks else { return nil }
        return DiscreteBondingCurve.shared.spotPrice(supply: Decimal(supplyQuarks) / Decimal(DiscreteBondingCurve.quarksPerToken))
    }
}
