import DAGCBOR
import FlipcashAPI
public import Foundation
import SwiftProtobuf

// Launchpad currencies: launching one, buying it with USDF, selling it back.

extension FlipcashWallet {
    /// The default tolerance of a trade to a price that moved between the quote and the
    /// settlement: 1 % (100 bps) fewer tokens, or less USDF, than quoted.
    public static var defaultSlippageBps: Int { 100 }

    /// Launches a currency named `name` with `symbol`; answers it as the server now describes it.
    /// Its mint is derived from the launch's intent id, saved before it is sent, so a retry
    /// launches nothing twice.
    ///
    /// - Throws: ``LaunchpadCurrencyError`` for a name or symbol the server would refuse; the
    ///   server's refusals (a symbol already taken is `invalid` naming `launch_currency.symbol`).
    public func launch(name: String, symbol: String) async throws -> CurrencyInfo {
        let name = try LaunchpadCurrency.checkedName(name)
        let symbol = try LaunchpadCurrency.checkedSymbol(symbol)
        let id = Self.freshID()
        let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.launchCurrency(
            .with {
                $0.name = name
                $0.symbol = symbol
            })
        try outbox.save(id: id, action: action, at: now())
        _ = try await submit(id: id, action: action)
        try await refreshQuietly()
        return try await client.currency(LaunchpadCurrency.mint(launchedBy: Base58.encode(id)))
    }

    /// Buys `mint` with `usdfQuarks`: quoted at the pool's supply now, settled at the supply when
    /// the server applies it, refused when that gives more than `slippageBps` fewer tokens.
    public func buy(_ mint: Mint, usdfQuarks: UInt64, slippageBps: Int = defaultSlippageBps) async throws -> Trade {
        let supply = try await supply(of: mint)
        let quote = try DiscreteBondingCurve.shared.buyTrade(usdfQuarks: usdfQuarks, supplyQuarks: supply)
        let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.buyCurrency(
            .with {
                $0.mint.address = mint.address
                $0.usdfQuarks = usdfQuarks
                $0.minimumTokenQuarks = Self.lessSlippage(quote.tokenQuarks, slippageBps)
            })
        let receipt = try await send(action)
        return Trade(receipt: receipt, quotedQuarks: quote.tokenQuarks)
    }

    /// Sells `tokenQuarks` of `mint` back to its pool for USDF, less the pool's fee: refused when
    /// the seller would receive more than `slippageBps` less than quoted now.
    public func sell(_ mint: Mint, tokenQuarks: UInt64, slippageBps: Int = defaultSlippageBps) async throws -> Trade {
        let info = try await client.currency(mint)
        guard let supply = info.supplyQuarks else { throw LaunchpadTradeError.notLaunchpad(mint) }
        let quote = try DiscreteBondingCurve.shared.sellTrade(
            tokenQuarks: tokenQuarks, feeBps: info.sellFeeBps ?? LaunchpadCurrency.standardSellFeeBps, supplyQuarks: supply)
        let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.sellCurrency(
            .with {
                $0.mint.address = mint.address
                $0.tokenQuarks = tokenQuarks
                $0.minimumUsdfQuarks = Self.lessSlippage(quote.netUSDFQuarks, slippageBps)
            })
        let receipt = try await send(action)
        return Trade(receipt: receipt, quotedQuarks: quote.netUSDFQuarks)
    }

    private func supply(of mint: Mint) async throws -> UInt64 {
        guard let supply = try await client.currency(mint).supplyQuarks else { throw LaunchpadTradeError.notLaunchpad(mint) }
        return supply
    }

    /// `quarks` less `bps` basis points, rounded down.
    static func lessSlippage(_ quarks: UInt64, _ bps: Int) -> UInt64 {
        let kept = UInt128(DiscreteBondingCurve.maxFeeBps - min(max(bps, 0), DiscreteBondingCurve.maxFeeBps))
        return UInt64(UInt128(quarks) * kept / UInt128(DiscreteBondingCurve.maxFeeBps))
    }
}

/// A settled purchase or sale: the server's receipt (its `received` is what the trade credited)
/// and what the quote before it promised.
public struct Trade: Hashable, Sendable {
    public let receipt: IntentReceipt
    /// Tokens (a purchase) or USDF after the fee (a sale) the quote gave, in quarks.
    public let quotedQuarks: UInt64
}

/// Why a trade could not be asked for.
public enum LaunchpadTradeError: LocalizedError, Hashable, Sendable {
    /// The mint is USDF, or the server reports no pool for it.
    case notLaunchpad(Mint)

    public var errorDescription: String? {
        switch self {
        case .notLaunchpad(let mint): "\(mint) is not a launchpad currency: only those are bought and sold."
        }
    }
}
