import Foundation

/// The inert-gas pressure in each of the sixteen ZH-L16C compartments, bar.
///
/// A value type: the planner copies it to try an ascent and throws the copy away, which is how
/// Subsurface's planner caches and restores its deco state.
public struct TissueState: Hashable, Sendable, Codable {
    public var nitrogen: SIMD16<Double>
    public var helium: SIMD16<Double>

    public init(nitrogen: SIMD16<Double>, helium: SIMD16<Double>) {
        self.nitrogen = nitrogen
        self.helium = helium
    }

    /// A diver who has breathed air at `surfacePressure` long enough to be saturated: every
    /// compartment at (surface − water vapour) × 79 % nitrogen, no helium.
    public init(saturatedAtSurfacePressure surfacePressure: Double) {
        let nitrogen = (surfacePressure - BuhlmannZHL16C.waterVapourPressure) * GasMix.air.nitrogenFraction
        self.init(nitrogen: SIMD16(repeating: nitrogen), helium: SIMD16(repeating: 0))
    }

    /// Total inert-gas pressure per compartment.
    public var inertGas: SIMD16<Double> { nitrogen + helium }

    /// Breathes `gas` for `seconds` at a constant ambient pressure (Haldane's equation, exact).
    public mutating func breathe(_ gas: GasMix, atAmbientPressure ambient: Double, seconds: Double) {
        guard seconds > 0 else { return }
        let alveolar = ambient - BuhlmannZHL16C.waterVapourPressure
        let factors = Self.factors(seconds: seconds)
        nitrogen += (SIMD16(repeating: alveolar * gas.nitrogenFraction) - nitrogen) * factors.nitrogen
        helium += (SIMD16(repeating: alveolar * gas.heliumFraction) - helium) * factors.helium
    }

    /// Breathes `gas` for `seconds` while the ambient pressure changes linearly from `start` to
    /// `end` (Schreiner's equation, exact for a constant rate of descent or ascent).
    public mutating func breathe(_ gas: GasMix, fromAmbientPressure start: Double, to end: Double, seconds: Double) {
        guard seconds > 0 else { return }
        guard start != end else { return breathe(gas, atAmbientPressure: start, seconds: seconds) }
        let alveolarStart = start - BuhlmannZHL16C.waterVapourPressure
        let rate = (end - start) / seconds
        nitrogen = Self.schreiner(
            tissue: nitrogen, inspired: alveolarStart * gas.nitrogenFraction, rate: rate * gas.nitrogenFraction,
            seconds: seconds, rates: BuhlmannZHL16C.nitrogenRates)
        helium = Self.schreiner(
            tissue: helium, inspired: alveolarStart * gas.heliumFraction, rate: rate * gas.heliumFraction,
            seconds: seconds, rates: BuhlmannZHL16C.heliumRates)
    }

    /// Breathes a closed-circuit rebreather's loop for `seconds` while the ambient pressure
    /// changes linearly from `start` to `end`: oxygen held at `oxygenPressure` bar (at most the
    /// ambient pressure: pure oxygen), the rest `diluent`'s nitrogen and helium in its own ratio.
    ///
    /// The inspired inert pressure, `(ambient − water vapour − pO₂) · share`, is linear in the
    /// ambient pressure while the set point holds, so Schreiner's equation stays exact; where the
    /// set point cannot be held (shallower than it), the stretch's two ends are joined linearly.
    public mutating func breatheLoop(
        diluent: GasMix, oxygenPressure: Double, fromAmbientPressure start: Double, to end: Double, seconds: Double
    ) {
        guard seconds > 0, oxygenPressure.isFinite else { return }
        let inert = diluent.nitrogenFraction + diluent.heliumFraction
        let nitrogenShare = inert > 0 ? diluent.nitrogenFraction / inert : 0
        let heliumShare = inert > 0 ? diluent.heliumFraction / inert : 0
        func inspiredInert(_ ambient: Double) -> Double {
            max(0, ambient - BuhlmannZHL16C.waterVapourPressure - min(max(0, oxygenPressure), ambient))
        }
        let from = inspiredInert(start)
        let rate = (inspiredInert(end) - from) / seconds
        nitrogen = Self.schreiner(
            tissue: nitrogen, inspired: from * nitrogenShare, rate: rate * nitrogenShare, seconds: seconds,
            rates: BuhlmannZHL16C.nitrogenRates)
        helium = Self.schreiner(
            tissue: helium, inspired: from * heliumShare, rate: rate * heliumShare, seconds: seconds, rates: BuhlmannZHL16C.heliumRates)
    }

    private static func schreiner(
        tissue: SIMD16<Double>, inspired: Double, rate: Double, seconds: Double, rates: SIMD16<Double>
    ) -> SIMD16<Double> {
        let decay = exponential(-rates * seconds)
        let inspiredVector = SIMD16(repeating: inspired)
        let rateVector = SIMD16(repeating: rate)
        return inspiredVector + rateVector * (SIMD16(repeating: seconds) - 1 / rates)
            - (inspiredVector - tissue - rateVector / rates) * decay
    }

    /// 1 − e^(−k·t) for each compartment: the share of the gradient taken up in `seconds`.
    /// The planner's 1 s and 2 s steps are computed once.
    static func factors(seconds: Double) -> (nitrogen: SIMD16<Double>, helium: SIMD16<Double>) {
        if seconds == 2 { return twoSecondFactors }
        return uncachedFactors(seconds: seconds)
    }

    private static let twoSecondFactors = uncachedFactors(seconds: 2)

    private static func uncachedFactors(seconds: Double) -> (nitrogen: SIMD16<Double>, helium: SIMD16<Double>) {
        let one = SIMD16<Double>(repeating: 1)
        return (
            one - exponential(-BuhlmannZHL16C.nitrogenRates * seconds),
            one - exponential(-BuhlmannZHL16C.heliumRates * seconds)
        )
    }

    private static func exponential(_ values: SIMD16<Double>) -> SIMD16<Double> {
        var result = values
        for lane in result.indices { result[lane] = exp(values[lane]) }
        return result
    }
}
