import Foundation

/// How a maximum operating depth is rounded for a person to use.
public enum DepthRounding: Hashable, Sendable, Codable {
    /// The depth as computed, to the last bit.
    case exact
    /// Down to a multiple of `step` metres, after adding `allowance` steps:
    /// `floor(depth / step + allowance) · step`.
    ///
    /// The allowance keeps a MOD that falls a hair short of a stop (20.98 m) on that stop instead
    /// of one step shallower; a tenth of a step is what Subsurface uses.
    case downToGrid(step: Double, allowance: Double)

    /// The dive-computer convention (Subsurface's): down to the 3 m stop grid with a +0.1 step
    /// allowance, so O₂ at 1.6 bar in sea water at 1013 mbar (5.809 m) is 6 m, EAN50 at 1.6 is
    /// 21 m and EAN36 at 1.6 is 33 m.
    public static let computerGrid = DepthRounding.downToGrid(step: 3, allowance: 0.1)

    /// `depth` rounded by this rule. A step of zero or less, or a depth that is not finite, is
    /// returned as it is: there is no grid to round to.
    public func apply(to depth: Double) -> Double {
        switch self {
        case .exact:
            return depth
        case .downToGrid(let step, let allowance):
            guard step > 0, depth.isFinite else { return depth }
            return (depth / step + allowance).rounded(.down) * step
        }
    }
}

/// Gas maths for dive planning: partial pressures, MOD, best mix, EAD, END, density and the
/// minimum depth of a hypoxic mix.
///
/// Every function takes the ``PressureModel`` explicitly: the textbook convention (1 bar at the
/// surface, 10 m per bar) and a dive computer's (1013 mbar, sea water) differ by a metre or more
/// at depth, and a diver comparing a table with a computer must know which one a number is in.
/// Depths are metres, pressures bar, fractions those of ``GasMix``.
public enum GasMath {
    /// Nitrogen's share of air as the equivalent-depth formulas use it. Air is 21 % O₂ and 79 %
    /// N₂ in every table (the atmosphere's argon is counted as nitrogen).
    public static let airNitrogenFraction = 0.79

    /// Gas densities at 0 °C and 1.01325 bar, g/l. ``density(of:atDepth:model:)`` uses them as
    /// they are: a diver's gas is warmer than 0 °C, so its real density is a few per cent lower,
    /// and the published limits below were derived for the same convention.
    public static let oxygenDensity = 1.429
    public static let nitrogenDensity = 1.2506
    public static let heliumDensity = 0.1786

    /// Gas density above which the work of breathing rises steeply: stay below it
    /// (Anthony & Mitchell 2016), g/l.
    public static let recommendedDensityLimit = 5.2
    /// Gas density never to exceed (Anthony & Mitchell 2016), g/l.
    public static let maximumDensityLimit = 6.2

    // Floating-point guard for the whole-percent rounding of best mixes: 1.4 / 4 bar is
    // 0.34999999999999998, which must still be 35 %.
    private static let roundingSlack = 1e-9

    // MARK: Partial pressures

    /// Oxygen partial pressure of `mix` at `depth`, bar.
    public static func partialPressure(ofOxygenIn mix: GasMix, atDepth depth: Double, model: PressureModel) -> Double {
        mix.oxygenFraction * model.ambientPressure(atDepth: depth)
    }

    /// Nitrogen partial pressure of `mix` at `depth`, bar.
    public static func partialPressure(ofNitrogenIn mix: GasMix, atDepth depth: Double, model: PressureModel) -> Double {
        mix.nitrogenFraction * model.ambientPressure(atDepth: depth)
    }

    /// Helium partial pressure of `mix` at `depth`, bar.
    public static func partialPressure(ofHeliumIn mix: GasMix, atDepth depth: Double, model: PressureModel) -> Double {
        mix.heliumFraction * model.ambientPressure(atDepth: depth)
    }

    // MARK: Operating depths

    /// The deepest depth at which `mix`'s oxygen partial pressure is at most `oxygenLimit` bar.
    ///
    /// The exact value is `(oxygenLimit / fO₂ − surface) / barPerMeter`. With
    /// ``DepthRounding/computerGrid`` it follows dive computers and Subsurface: rounded **down** to
    /// the 3 m stop grid with a +0.1 grid-step allowance, `floor(depth / 3 + 0.1) · 3`, so O₂ at
    /// 1.6 in sea water at 1013 mbar (5.809 m) is 6 m, EAN50 at 1.6 is 21 m and EAN36 at 1.6 is
    /// 33 m. Rounding down keeps the gas within its limit (bar the allowance's fraction of a
    /// metre); rounding to the nearest stop would put it deeper than its MOD.
    ///
    /// The result is negative when `oxygenLimit` is already exceeded at the surface.
    public static func maximumOperatingDepth(
        of mix: GasMix, oxygenLimit: Double, model: PressureModel, rounding: DepthRounding = .exact
    ) -> Double {
        rounding.apply(to: model.depth(atAmbientPressure: oxygenLimit / mix.oxygenFraction))
    }

    /// The shallowest depth at which a hypoxic `mix` gives at least `oxygenMinimum` bar of
    /// oxygen; 0 when the mix can be breathed at the surface.
    public static func minimumOperatingDepth(of mix: GasMix, oxygenMinimum: Double = 0.16, model: PressureModel) -> Double {
        max(0, model.depth(atAmbientPressure: oxygenMinimum / mix.oxygenFraction))
    }

    // MARK: Best mix

    /// The richest mix for `depth` within `oxygenLimit`, with enough helium that its END is at
    /// most `narcoticLimit` metres.
    ///
    /// - Oxygen is `oxygenLimit / P`, rounded **down** to a whole percent (a fill can then only
    ///   err lean) and never above 100 %.
    /// - Helium makes the END at most `narcoticLimit`, rounded **up** to a whole percent, never
    ///   negative; none when `narcoticLimit` is nil. With oxygen narcotic (the conservative
    ///   convention), fHe = 1 − P_end / P; with only nitrogen narcotic,
    ///   fHe = 1 − fO₂ − 0.79 · P_end / P, with fO₂ the rounded oxygen. When even that much
    ///   helium would not fit beside the oxygen, the rest of the mix is helium (heliox) and the END
    ///   is as shallow as it can be.
    ///
    /// - Throws: ``GasMixError`` when `oxygenLimit / P` is below 1 %: no mix can be given.
    public static func bestMix(
        forDepth depth: Double, oxygenLimit: Double, narcoticLimit: Double? = 30, oxygenIsNarcotic: Bool = true,
        model: PressureModel
    ) throws(GasMixError) -> GasMix {
        let pressure = model.ambientPressure(atDepth: depth)
        guard pressure > 0, oxygenLimit.isFinite else { throw .notANumber }
        let oxygenPercent = min(100, Int((oxygenLimit / pressure * 100 + roundingSlack).rounded(.down)))
        guard let narcoticLimit else { return try GasMix(oxygenPermille: oxygenPercent * 10) }
        let endPressure = model.ambientPressure(atDepth: narcoticLimit)
        let heliumFraction =
            oxygenIsNarcotic
            ? 1 - endPressure / pressure
            : 1 - Double(oxygenPercent) / 100 - airNitrogenFraction * endPressure / pressure
        let heliumPercent = max(0, Int((heliumFraction * 100 - roundingSlack).rounded(.up)))
        return try GasMix(oxygenPermille: oxygenPercent * 10, heliumPermille: min(heliumPercent, 100 - oxygenPercent) * 10)
    }

    // MARK: Equivalent depths

    /// The equivalent air depth: the depth at which air has the nitrogen partial pressure `mix`
    /// has at `depth`, `P · fN₂ / 0.79` turned back into a depth (textbook:
    /// `(D + 10)(1 − FO₂) / 0.79 − 10` for nitrox). Air tables read at the EAD give nitrox its
    /// decompression credit. 0 when the mix has less nitrogen than air at the surface.
    public static func equivalentAirDepth(of mix: GasMix, atDepth depth: Double, model: PressureModel) -> Double {
        let pressure = model.ambientPressure(atDepth: depth) * mix.nitrogenFraction / airNitrogenFraction
        return max(0, model.depth(atAmbientPressure: pressure))
    }

    /// The equivalent narcotic depth: the depth at which air is as narcotic as `mix` at `depth`.
    ///
    /// - `oxygenIsNarcotic` true (the usual assumption, and the conservative one): oxygen counts
    ///   like nitrogen and only helium is not narcotic, so the END is where air's O₂ + N₂ matches,
    ///   `P · (1 − fHe)` → depth. Tx18/45 at 60 m (textbook) is 28.5 m.
    /// - `oxygenIsNarcotic` false: only nitrogen counts, so the END is the EAD,
    ///   `P · fN₂ / 0.79` → depth. Tx18/45 at 60 m is 22.78 m.
    ///
    /// 0 when the mix is less narcotic than air at the surface.
    public static func equivalentNarcoticDepth(
        of mix: GasMix, atDepth depth: Double, oxygenIsNarcotic: Bool = true, model: PressureModel
    ) -> Double {
        guard oxygenIsNarcotic else { return equivalentAirDepth(of: mix, atDepth: depth, model: model) }
        let pressure = model.ambientPressure(atDepth: depth) * (1 - mix.heliumFraction)
        return max(0, model.depth(atAmbientPressure: pressure))
    }

    // MARK: Density

    /// The density of `mix` at `depth`, g/l: `Σ fᵢ · ρᵢ · P / 1.01325`, an ideal gas at 0 °C
    /// (the densities above). Compare it with ``recommendedDensityLimit`` and
    /// ``maximumDensityLimit``: a dense gas, not a narcotic one, is what makes deep air and
    /// deep nitrox dangerous to breathe hard.
    public static func density(of mix: GasMix, atDepth depth: Double, model: PressureModel) -> Double {
        let surfaceDensity =
            mix.oxygenFraction * oxygenDensity + mix.nitrogenFraction * nitrogenDensity + mix.heliumFraction * heliumDensity
        return surfaceDensity * model.ambientPressure(atDepth: depth) / PressureModel.standardSeaLevelPressure
    }
}
