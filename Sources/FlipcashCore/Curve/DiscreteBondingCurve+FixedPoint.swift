/// The curve's arithmetic on exact 10⁻¹⁸ integers. Products of a token amount and a price are
/// kept exact in 10⁻³⁶ units (`CurveWideInteger`) until the single final rounding, and that
/// rounding always favours the pool: a cost is rounded up, tokens received and value paid out
/// are rounded down. Rounding the other way, even by 10⁻¹⁸, lets a trader buy and sell back for
/// more than they paid, which repeated often enough drains the reserve.
extension DiscreteBondingCurve {
    private static let unit = Fixed18.unitsPerWhole
    /// 21,000,000 tokens in 10⁻¹⁸ units: no supply, and no trade's resulting supply, is above it.
    static let maxSupplyUnits = UInt128(maxSupply) * Fixed18.unitsPerWhole

    /// `spotPrice(supply:)` without `Decimal`.
    public func spotPrice(supply: Fixed18) -> Fixed18? {
        guard supply.units <= Self.maxSupplyUnits else { return nil }
        return Fixed18(units: tables.price[step(of: supply.units)])
    }

    /// `tokensToValue(supply:tokens:)` without `Decimal`: the cost, rounded up.
    public func tokensToValue(supply: Fixed18, tokens: Fixed18) -> Fixed18? {
        guard let exact = exactCost(supply: supply.units, tokens: tokens.units),
            let units = exact.dividedRoundingUp(by: Self.unit)
        else { return nil }
        return Fixed18(units: units)
    }

    /// `valueToTokens(supply:value:)` without `Decimal`: the quote the benchmark measures.
    public func valueToTokens(supply: Fixed18, value: Fixed18) -> Fixed18? {
        tokensRoundedDown(supply: supply.units, value: value.units).map(Fixed18.init(units:))
    }

    /// The tokens, in 10⁻¹⁸ units rounded down, that `value` (10⁻¹⁸ USD) buys from `supply`: the
    /// partial first step at its price, whole steps from the cumulative table, a partial last
    /// step at its price. A zero value buys 0. Nil when the supply is at or past the curve's end,
    /// or when the value is more than every token left costs (the purchase would pass 21,000,000;
    /// exactly that cost buys exactly the tokens left).
    func tokensRoundedDown(supply: UInt128, value: UInt128) -> UInt128? {
        if value == 0 { return 0 }
        guard supply < Self.maxSupplyUnits else { return nil }
        let start = step(of: supply)
        let price = tables.price
        let cumulative = tables.cumulative

        // Tokens left in the first (partial) step, and their cost.
        let firstStepTokens = UInt128(start + 1) * Self.stepUnits - supply
        let firstStepCost = CurveWideInteger.product(firstStepTokens, price[start])
        let value = CurveWideInteger.product(value, Self.unit)
        if value < firstStepCost {
            return value.dividedRoundingDown(by: price[start])
        }
        // Whole steps: the last step e whose cumulative value fits in what is left.
        guard let remaining = value.subtracting(firstStepCost),
            let remainingFloor = remaining.dividedRoundingDown(by: Self.unit)
        else { return nil }
        let base = cumulative[start + 1]
        let (target, overflow) = base.addingReportingOverflow(remainingFloor)
        let end = tables.lastStep(
            cumulativeAtMost: overflow ? .max : target, from: start + 1, through: tables.lastStep)
        // The rest buys a fraction of step `end` at its price; step 210,000 starts at the
        // curve's end, so nothing may be left over for it.
        let spentOnWholeSteps = CurveWideInteger.product(cumulative[end] - base, Self.unit)
        guard let rest = remaining.subtracting(spentOnWholeSteps) else { return nil }
        if end == tables.lastStep, !rest.isZero { return nil }
        guard let lastStepTokens = rest.dividedRoundingDown(by: price[end]) else { return nil }
        let wholeStepTokens = UInt128(end - start - 1) * Self.stepUnits
        return firstStepTokens + wholeStepTokens + lastStepTokens  // ≤ 21,000,000 tokens: no overflow
    }

    /// The exact cost, in 10⁻³⁶ USD, of `tokens` starting at `supply` (both in 10⁻¹⁸ tokens); nil
    /// when the purchase would end past the curve's 21,000,000 tokens.
    func exactCost(supply: UInt128, tokens: UInt128) -> CurveWideInteger? {
        let (end, overflow) = supply.addingReportingOverflow(tokens)
        guard !overflow, end <= Self.maxSupplyUnits else { return nil }
        if tokens == 0 { return .zero }
        let startStep = step(of: supply)
        let endStep = step(of: end)
        let price = tables.price
        if startStep == endStep {
            return CurveWideInteger.product(tokens, price[startStep])
        }
        let firstStepTokens = UInt128(startStep + 1) * Self.stepUnits - supply
        let lastStepTokens = end - UInt128(endStep) * Self.stepUnits
        let wholeSteps = tables.cumulative[endStep] - tables.cumulative[startStep + 1]
        return CurveWideInteger.product(firstStepTokens, price[startStep])
            .adding(CurveWideInteger.product(wholeSteps, Self.unit))?
            .adding(CurveWideInteger.product(lastStepTokens, price[endStep]))
    }

    /// The supply, in 10⁻¹⁸ tokens, at which the reserve equals `value` (10⁻³⁶ USD), interpolated
    /// within its step and capped at the step's end ("precise supply").
    func preciseSupply(atValue value: CurveWideInteger) -> UInt128? {
        if value.isZero { return 0 }
        guard let floor = value.dividedRoundingDown(by: Self.unit) else { return nil }
        let step = tables.lastStep(cumulativeAtMost: floor, from: 0, through: tables.lastStep)
        let stepStart = UInt128(step) * Self.stepUnits
        guard let rest = value.subtracting(CurveWideInteger.product(tables.cumulative[step], Self.unit)),
            !rest.isZero
        else { return stepStart }
        guard let tokens = rest.dividedRoundingHalfEven(by: tables.price[step]) else { return nil }
        return stepStart + min(tokens, Self.stepUnits)
    }

    /// ⌊supply/100⌋ for a supply in 10⁻¹⁸ tokens, clamped to one past the last step so that any
    /// supply beyond the table maps to an index the callers reject.
    func step(of supply: UInt128) -> Int {
        Int(truncatingIfNeeded: min(supply / Self.stepUnits, UInt128(tables.lastStep + 1)))
    }
}
