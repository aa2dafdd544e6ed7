/// Gradient factors: how much of Bühlmann's M-value the plan allows, low at the first stop and
/// high at the surface (Baker). 100/100 is the bare model; 30/75 is Subsurface's default.
public struct GradientFactors: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Percent, 1–100.
    public let low: Int
    public let high: Int

    /// Both in 1–100 %, and low at most high.
    public init(low: Int, high: Int) throws(PlanError) {
        guard (1...100).contains(low), (1...100).contains(high) else { throw .gradientFactorsOutOfRange(low: low, high: high) }
        guard low <= high else { throw .gradientFactorLowAboveHigh(low: low, high: high) }
        self.low = low
        self.high = high
    }

    /// Reads `30/75`.
    public init(parsing text: String) throws(PlanError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let low = Int(parts[0]), let high = Int(parts[1])
        else { throw .unreadableGradientFactors(text) }
        try self.init(low: low, high: high)
    }

    /// Subsurface's default.
    public static let standard = GradientFactors(checkedLow: 30, high: 75)
    /// The bare Bühlmann model.
    public static let bare = GradientFactors(checkedLow: 100, high: 100)

    /// For the constants above, which are valid by inspection.
    private init(checkedLow low: Int, high: Int) {
        self.low = low
        self.high = high
    }

    public var description: String { "\(low)/\(high)" }

    var lowFraction: Double { Double(low) / 100 }
    var highFraction: Double { Double(high) / 100 }
}

/// The tissues and the depth GF low applies at: everything the ceiling depends on.
///
/// The GF-low anchor starts 1 bar below the surface (about 10 m) and is pushed down to the
/// deepest GF-low ceiling seen, as in Subsurface (`tissue_tolerance_calc`), so that the
/// gradient factor rises linearly from GF low at the first stop to GF high at the surface.
public struct DecoState: Hashable, Sendable, Codable {
    public var tissues: TissueState
    /// Absolute pressure at which GF low applies, bar.
    public var lowAnchorPressure: Double

    public init(tissues: TissueState, surfacePressure: Double) {
        self.tissues = tissues
        lowAnchorPressure = surfacePressure + 1
    }

    /// The lowest ambient pressure the tissues tolerate under `factors`, bar absolute (below
    /// the surface pressure when no stop is needed). Updates the GF-low anchor first.
    public mutating func toleratedAmbientPressure(_ factors: GradientFactors, surfacePressure surface: Double) -> Double {
        let nitrogen = tissues.nitrogen
        let helium = tissues.helium
        let total = nitrogen + helium
        let a = (BuhlmannZHL16C.nitrogenA * nitrogen + BuhlmannZHL16C.heliumA * helium) / total
        let b = (BuhlmannZHL16C.nitrogenB * nitrogen + BuhlmannZHL16C.heliumB * helium) / total
        let low = factors.lowFraction
        let high = factors.highFraction
        // The ceiling of each compartment at GF low: P_t = P + GF·(P/b + a − P), solved for P.
        let lowCeilings = (b * total - low * a * b) / ((1 - b) * low + b)
        lowAnchorPressure = max(lowAnchorPressure, lowCeilings.max())
        let anchor = lowAnchorPressure
        // The tolerated tissue pressure is linear in ambient pressure between GF high at the
        // surface and GF low at the anchor; solve that line for each compartment's pressure.
        let allowedAtSurface = surface + high * (surface / b + a - surface)
        let allowedAtAnchor = anchor + low * (anchor / b + a - anchor)
        let slope = allowedAtAnchor - allowedAtSurface
        let tolerated = surface + (total - allowedAtSurface) * (anchor - surface) / slope
        // A compartment whose line does not rise (possible only with odd factors) sets no limit.
        let counted = tolerated.replacing(with: 0, where: slope .<= 0)
        return max(0, counted.max())
    }

    /// The depth of the ceiling, metres (0 when none), unrounded.
    public mutating func ceiling(_ factors: GradientFactors, model: PressureModel) -> Double {
        max(0, model.depth(atAmbientPressure: toleratedAmbientPressure(factors, surfacePressure: model.surfacePressure)))
    }
}
