import DecoKit
import TestSupport
import Testing

/// Properties every plan must have, over random dives: the diver never goes above the ceiling
/// the model computes along the plan's own profile; more conservative gradient factors and a
/// longer bottom time never give a shorter dive.
@Suite("Planner: properties over random dives")
struct PlannerPropertyTests {
    struct Dive {
        var depth: Double
        var minutes: Int
        var cylinders: [PlanCylinder]
        var factors: GradientFactors
        var lastStopAtSix: Bool
    }

    /// A random square dive: 12–90 m, 5–40 min, a bottom gas breathable there (air, nitrox or
    /// trimix with an END near 30 m) and up to two deco gases.
    static func randomDive(_ random: inout SplitMix64) throws -> Dive {
        let depth = Double(Int.random(in: 12...90, using: &random))
        let model = PressureModel.seaLevelSaltWater
        let bottom: GasMix =
            depth <= 40
            ? try GasMix(oxygenPermille: Int.random(in: 210...min(400, Int(1.4 / model.ambientPressure(atDepth: depth) * 1000)), using: &random))
            : try GasMath.bestMix(forDepth: depth, oxygenLimit: 1.3, narcoticLimit: 30, oxygenIsNarcotic: true, model: model)
        var cylinders = [PlanCylinder(mix: bottom)]
        if Bool.random(using: &random) { cylinders.append(PlanCylinder(mix: try .nitrox(50), switchDepth: .maximumOperatingDepth)) }
        if Bool.random(using: &random) { cylinders.append(PlanCylinder(mix: .oxygen, switchDepth: .maximumOperatingDepth)) }
        let high = Int.random(in: 70...100, using: &random)
        let low = Int.random(in: 10...high, using: &random)
        return Dive(
            depth: depth, minutes: Int.random(in: 5...40, using: &random), cylinders: cylinders,
            factors: try GradientFactors(low: low, high: high), lastStopAtSix: Bool.random(using: &random))
    }

    static func plan(_ dive: Dive, factors: GradientFactors? = nil, minutes: Int? = nil) throws -> DecoPlan {
        let settings = PlanSettings(gradientFactors: factors ?? dive.factors, lastStopAtSixMeters: dive.lastStopAtSix)
        return try DecoPlanner.plan(
            try .square(depth: dive.depth, bottomTime: (minutes ?? dive.minutes) * 60, cylinders: dive.cylinders, settings: settings))
    }

    @Test("along every plan the diver stays below the ceiling", arguments: [1 as UInt64, 2, 3])
    func ceilingHolds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let dive = try Self.randomDive(&random)
            let plan = try Self.plan(dive)
            let analysis = ProfileAnalysis.analyse(plan.profilePoints, model: .seaLevelSaltWater, factors: dive.factors)
            #expect(analysis.violations.isEmpty, "\(dive.depth) m \(dive.minutes) min GF \(dive.factors): \(analysis.violations)")
            #expect(plan.segments.last?.endDepth == 0)
            #expect(plan.runtime == plan.segments.last?.runtime)
        }
    }

    @Test("more conservative gradient factors never shorten a plan", arguments: [4 as UInt64, 5])
    func conservatismNeverShortens(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<30 {
            let dive = try Self.randomDive(&random)
            let base = try Self.plan(dive)
            let lowerHigh = try GradientFactors(
                low: min(dive.factors.low, dive.factors.high - 5 > 0 ? dive.factors.high - 5 : 1), high: max(1, dive.factors.high - 5))
            let lowerLow = try GradientFactors(low: max(1, dive.factors.low - 10), high: dive.factors.high)
            for factors in [lowerHigh, lowerLow] {
                let stricter = try Self.plan(dive, factors: factors)
                #expect(
                    stricter.runtime >= base.runtime,
                    "\(dive.depth) m \(dive.minutes) min: GF \(dive.factors) \(base.runtime) s, GF \(factors) \(stricter.runtime) s")
            }
        }
    }

    @Test("a longer bottom time never shortens a plan", arguments: [6 as UInt64, 7])
    func longerNeverShortens(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<30 {
            let dive = try Self.randomDive(&random)
            let base = try Self.plan(dive)
            let longer = try Self.plan(dive, minutes: dive.minutes + Int.random(in: 1...10, using: &random))
            #expect(longer.runtime > base.runtime, "\(dive.depth) m: \(dive.minutes) min \(base.runtime) s")
            #expect(longer.runtime - longer.bottomTime >= base.runtime - base.bottomTime - 60, "\(dive.depth) m: ascent shrank")
        }
    }
}
