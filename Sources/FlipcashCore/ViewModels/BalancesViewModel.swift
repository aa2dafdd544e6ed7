import Foundation
public import Logging
public import Observation

/// The balance screen and the history list, read from the local cache: each balance shown in
/// the person's currency, and the activity newest first.
@MainActor
@Observable
public final class BalancesViewModel {
    /// One row of the balance list.
    public struct Row: Identifiable, Hashable, Sendable {
        public let amount: ExchangedFiat
        public var id: String { amount.mint.address }
        /// "$12.34" in the person's currency.
        public let display: String
    }

    /// One row of the history.
    public struct HistoryRow: Identifiable, Hashable, Sendable {
        public let item: ActivityItem
        public var id: String { item.id }
        public let display: String
    }

    public private(set) var rows: [Row] = []
    public private(set) var history: [HistoryRow] = []
    /// The sum of the balances in the person's currency.
    public private(set) var total: FiatAmount
    /// Set when the cache could not be read; the rows keep their last values.
    public private(set) var failure: String?

    @ObservationIgnored private let cache: FlipcashCache
    @ObservationIgnored private let formatter: FiatFormatter
    @ObservationIgnored private let logger: Logger

    public init(
        cache: FlipcashCache, currency: CurrencyCode = .usd, formatter: FiatFormatter = .current, logger: Logger
    ) {
        self.cache = cache
        self.formatter = formatter
        self.logger = logger
        total = .zero(currency)
    }

    /// Reloads balances and history in `currency`. Launchpad balances are valued by selling them
    /// on the curve at `supplies[mint]` (no fee), as the app shows them; a mint without a known
    /// supply is valued at zero rather than guessed.
    public func reload(in currency: CurrencyCode, supplies: [Mint: UInt64] = [:], historyLimit: Int = 50) {
        do {
            let rate = try cache.rate(for: currency) ?? .oneToOne
            var rows: [Row] = []
            var total = FiatAmount.zero(rate.currency)
            for balance in try cache.balances() {
                let amount = ExchangedFiat.compute(onChainAmount: balance, rate: rate, supplyQuarks: supplies[balance.mint])
                rows.append(Row(amount: amount, display: formatter.string(for: amount.nativeAmount)))
                total = try total.adding(amount.nativeAmount)
            }
            self.rows = rows
            self.total = total
            history = try cache.history(limit: historyLimit).map { item in
                HistoryRow(item: item, display: formatter.string(for: item.amount.nativeAmount))
            }
            failure = nil
        } catch {
            failure = error.localizedDescription
            logger.warning("balances not reloaded", metadata: ["error": "\(error)"])
        }
    }
}
