import DecoKit
import Testing

/// Subsurface's planner test dives (`tests/testplan.cpp`, Subsurface at f0dfae794, GPL-2.0; only
/// the inputs and asserted results are used here, as facts), reproduced within Subsurface's own
/// pass rule: |Δ runtime| ≤ round(1 % of the expected runtime + 60 s), gas switches at exactly
/// the asserted depths, the minimum gas to the bar.
@Suite("Planner: Subsurface's reference dives")
struct SubsurfaceScenarioTests {
    /// `setupPrefs`: 30 ft/min ascent (152 mm/s), 10 ft/min for the last 6 m (50 mm/s), last stop
    /// at 6 m; 1013 mbar at the surface, salinity 10300 (0.101043 bar per metre); GF 100/100.
    static let model = PressureModel(surfacePressure: 1.013, barPerMeter: 0.101043)
    static func settings(_ grid: StopGrid = .metric, mode: PlanSettings.Mode = .decompression) -> PlanSettings {
        PlanSettings(
            mode: mode, gradientFactors: .bare,
            ascentRates: AscentRates(below75Percent: 9.12, below50Percent: 9.12, stops: 9.12, last6Meters: 3.0),
            stopGrid: grid, lastStopAtSixMeters: true)
    }

    static func passes(_ actual: Int, expected: Int) -> Bool {
        actual == expected || abs(actual - expected) <= Int((0.01 * Double(expected) + 60).rounded())
    }

    /// Tx15/45 in a 36 l cylinder at 232 bar, EAN36 and oxygen as deco gases; 0 → `depth` at
    /// `descentRate`, held until 30:00.
    static func technicalDive(depth: Double, descentRate: Double, grid: StopGrid) throws -> DivePlanRequest {
        let cylinders = [
            PlanCylinder(mix: try GasMix(oxygenPermille: 150, heliumPermille: 450), size: 36, fillPressure: 232),
            PlanCylinder(mix: try .nitrox(36), switchDepth: .maximumOperatingDepth),
            PlanCylinder(mix: .oxygen, switchDepth: .maximumOperatingDepth),
        ]
        let drop = Int(depth * 60 / descentRate)
        return DivePlanRequest(
            segments: [PlanSegment(toDepth: depth, seconds: drop, cylinder: 0), PlanSegment(toDepth: depth, seconds: 1800 - drop, cylinder: 0)],
            cylinders: cylinders, pressureModel: model, settings: settings(grid))
    }

    @Test("testMetric: 79 m for 30 min on Tx15/45 switches at 33 m and 6 m, runs 109 min, minimum gas 148 bar")
    func metric() throws {
        let plan = try DecoPlanner.plan(try Self.technicalDive(depth: 79, descentRate: 23, grid: .metric))
        #expect(plan.gasSwitches.map(\.depth) == [33, 6])
        #expect(plan.gasSwitches.map(\.gas.oxygenPermille) == [360, 1000])
        #expect(Self.passes(plan.runtime, expected: 109 * 60), "runtime \(plan.runtime) s")
        #expect(plan.cylinders[0].minimumGasPressure.map { Int($0.rounded()) } == 148)
    }

    @Test("testImperial: 260 ft switches at 110 ft and 20 ft, runs 111 min − 2 s, minimum gas 155 bar")
    func imperial() throws {
        let feet = StopGrid.metersPerFoot
        let plan = try DecoPlanner.plan(try Self.technicalDive(depth: 260 * feet, descentRate: 75 * feet, grid: .imperial))
        #expect(plan.gasSwitches.map { Int(($0.depth * 1000).rounded()) } == [33528, 6096])
        #expect(Self.passes(plan.runtime, expected: 111 * 60 - 2), "runtime \(plan.runtime) s")
        #expect(plan.cylinders[0].minimumGasPressure.map { Int($0.rounded()) } == 155)
    }

    static func recreationalDive(depth: Double, minutes: Int, factors: GradientFactors = .bare) -> DivePlanRequest {
        var settings = settings(mode: .recreational)
        settings.gradientFactors = factors
        let drop = Int(depth * 60 / 23)
        return DivePlanRequest(
            segments: [
                PlanSegment(toDepth: depth, seconds: drop, cylinder: 0), PlanSegment(toDepth: depth, seconds: minutes * 60 - drop, cylinder: 0),
            ],
            cylinders: [PlanCylinder(mix: .air, size: 24, fillPressure: 232)], pressureModel: model, settings: settings)
    }

    @Test("testRecreationalWithinNDL: 20 m for 20 min on air is a plan, with a 3-minute stop at 5 m")
    func recreationalWithin() throws {
        let plan = try DecoPlanner.plan(Self.recreationalDive(depth: 20, minutes: 20))
        #expect(plan.firstStopDepth == nil)
        let safety = try #require(plan.segments.first { $0.kind == .safetyStop })
        #expect(safety.startDepth == DecoPlanner.safetyStopDepth && safety.seconds == 180)
        #expect(!plan.segments.contains { $0.kind == .stop })
        let limit = try #require(plan.noDecompressionLimit)
        #expect(limit > 20 * 60)
        // The limit is found to the minute: a minute past it is refused.
        #expect(throws: PlanError.self) { try DecoPlanner.plan(Self.recreationalDive(depth: 20, minutes: limit / 60 + 2)) }
    }

    @Test("testRecreationalExceedingNDL: 50 m for 50 min on air is refused, never answered as no-stop")
    func recreationalExceeding() throws {
        #expect {
            try DecoPlanner.plan(Self.recreationalDive(depth: 50, minutes: 50))
        } throws: { error in
            guard case .exceedsNoDecompressionLimit(let depth, let bottom, let limit) = error as? PlanError else { return false }
            return depth == 50 && bottom == 3000 && (limit ?? 0) < 3000
        }
        // With the default 30/75 gradient factors too.
        #expect(throws: PlanError.self) { try DecoPlanner.plan(Self.recreationalDive(depth: 50, minutes: 50, factors: .standard)) }
        #expect(try DecoPlanner.plan(Self.recreationalDive(depth: 20, minutes: 20, factors: .standard)).runtime > 20 * 60)
    }

    @Test("a safety stop is added only from 10 m")
    func safetyStopFromTenMeters() throws {
        let shallow = try DecoPlanner.plan(Self.recreationalDive(depth: 8, minutes: 30))
        #expect(!shallow.segments.contains { $0.kind == .safetyStop })
    }

    @Test("the same plan twice, and after another plan, is the same plan")
    func deterministic() throws {
        let request = try Self.technicalDive(depth: 79, descentRate: 23, grid: .metric)
        let first = try DecoPlanner.plan(request)
        _ = try DecoPlanner.plan(Self.recreationalDive(depth: 20, minutes: 20))
        #expect(try DecoPlanner.plan(request) == first)
    }
}
