public import Foundation

/// The Flipcash launchpad currencies' bonding curve, in the discrete form the on-chain program,
/// the server and the apps share: the price is constant within each step of 100 tokens and
/// read from a table, so every party computes the same amounts.
///
/// The curve is the exponential whose spot price is $0.01 at supply 0 and $1,000,000 at the
/// maximum supply of 21,000,000 tokens: R′(S) = a·c·e^{cS} with c = ln(10⁸)/21,000,000 and
/// a = 0.01/c. Supply is counted in whole tokens (fractions allowed), values in USD(F).
///
/// Arithmetic: the tables and every intermediate value are exact integers (10⁻¹⁸ and 10⁻³⁶
/// units); each answer is rounded once at 18 decimal places (the table precision), in the
/// pool's favour (a cost up; tokens bought, value paid out and a market cap down), and becomes
/// a `Decimal` only at the boundary. No answer describes a supply outside 0…21,000,000 tokens. `Decimal` inputs with more than 18
/// decimal places are first rounded half to even to 18. NaN, negative and out-of-range inputs
/// give nil, never a crash. The `Fixed18` overloads skip the `Decimal` conversions.
public struct DiscreteBondingCurve: Sendable {
    /// The curve everyone shares; its tables are built on first use.
    public static let shared = DiscreteBondingCurve()

    /// Tokens per price step.
    public static let stepSize = 100
    /// Maximum supply in whole tokens.
    public static let maxSupply = 21_000_000
    /// Entries in each table: steps 0 … 210,000.
    public static let tableSize = 210_001
    /// Decimal places of the table values.
    public static let tablePrecision = 18
    /// Quarks in one launchpad token (10 decimals).
    public static let quarksPerToken: UInt64 = 10_000_000_000
    /// Quarks in one USDF (6 decimals).
    public static let usdfQuarksPerDollar: UInt64 = 1_000_000
    /// A fee of 100 % in basis points; fees outside 0…10,000 give nil.
    public static let maxFeeBps = 10_000

    let tables: CurveTables

    public init() {
        tables = .shared
    }

    // MARK: - Decimal API

    /// The price of one token at `supply`: PRICE[⌊supply/100⌋]. Nil when the supply is negative,
    /// NaN or above the maximum supply.
    public func spotPrice(supply: Decimal) -> Decimal? {
        guard let supply = Fixed18(supply) else { return nil }
        return spotPrice(supply: supply)?.decimal
    }

    /// The cost in USD of buying `tokens` tokens starting at `supply` (fractions allowed): the
    /// partial first step at its price, whole steps from the cumulative table, the partial last
    /// step at its price, rounded up. Zero tokens cost 0; nil when the purchase would end past
    /// the curve's 21,000,000 tokens or an input is negative or NaN.
    public func tokensToValue(supply: Decimal, tokens: Decimal) -> Decimal? {
        guard let supply = Fixed18(supply), let tokens = Fixed18(tokens) else { return nil }
        return tokensToValue(supply: supply, tokens: tokens)?.decimal
    }

    /// The tokens that `value` USD buys starting at `supply` (fractions allowed), rounded down;
    /// the inverse of `tokensToValue`. A zero value buys 0 tokens; nil when the supply is at or
    /// past the curve's end (21,000,000), when the value is more than every token left costs (the
    /// purchase would pass the end; ``quoteBuy(usdfQuarks:feeBps:supplyQuarks:)`` fills to the
    /// end instead), or when an input is negative or NaN.
    public func valueToTokens(supply: Decimal, value: Decimal) -> Decimal? {
        guard let supply = Fixed18(supply), let value = Fixed18(value) else { return nil }
        return valueToTokens(supply: supply, value: value)?.decimal
    }

    /// The supply at the step boundary the reserve `tvlQuarks` (USDF quarks) has reached:
    /// 100·i for the largest i with CUMULATIVE[i] ≤ tvl. A whole number of tokens.
    public func supplyFromTVL(tvlQuarks: UInt64) -> Decimal {
        let tvl = UInt128(tvlQuarks) * Self.usdfQuarkUnits
        let step = tables.lastStep(cumulativeAtMost: tvl, from: 0, through: tables.lastStep)
        return Decimal(step * Self.stepSize)
    }

    /// The tokens in circulation, fraction of a token included, times their spot price, rounded
    /// down to 18 places; nil above the maximum supply.
    public func marketCap(supplyQuarks: UInt64) -> Decimal? {
        let supply = UInt128(supplyQuarks) * Self.tokenQuarkUnits
        guard supply <= Self.maxSupplyUnits,
            let cap = CurveWideInteger.product(supply, tables.price[step(of: supply)])
                .dividedRoundingDown(by: Fixed18.unitsPerWhole)
        else { return nil }
        return Fixed18(units: cap).decimal
    }

    /// PRICE[step] in USD, for step 0…210,000 (supply 100·step), or nil.
    public func price(atStep step: Int) -> Fixed18? {
        guard tables.price.indices.contains(step) else { return nil }
        return Fixed18(units: tables.price[step])
    }

    /// CUMULATIVE[step] in USD (the cost of the first 100·step tokens), or nil.
    public func cumulativeValue(atStep step: Int) -> Fixed18? {
        guard tables.cumulative.indices.contains(step) else { return nil }
        return Fixed18(units: tables.cumulative[step])
    }

    // MARK: - Units

    /// 10⁻¹⁸ units in one USDF quark (10⁻⁶) and in one token quark (10⁻¹⁰).
    static let usdfQuarkUnits: UInt128 = 1_000_000_000_000
    static let tokenQuarkUnits: UInt128 = 100_000_000
    /// 100 tokens in 10⁻¹⁸ units.
    static let stepUnits = UInt128(stepSize) * Fixed18.unitsPerWhole
}
