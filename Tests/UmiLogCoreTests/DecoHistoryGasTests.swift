import DecoKit
import Foundation
import Testing

@testable import UmiLogCore

/// Which gases the model breathes along a logged dive: the log keeps a dive's cylinders but not
/// when the diver switched, so deco gases are taken where the planner would switch to them.
@Suite("Deco history: the gases of a logged dive")
struct DecoHistoryGasTests {
    static let model = PressureModel.seaLevelSaltWater

    static func dive(gas: BreathingGas = .air, mode: DiveMode = .openCircuit, cylinders: [Cylinder]) -> Dive {
        Dive(
            siteID: nil, startTime: Date(timeIntervalSince1970: 1_700_000_000), maxDepthMeters: 40, bottomTimeSeconds: 3600,
            gas: gas, details: DiveDetails(mode: mode, cylinders: cylinders), createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// The profile a diver who followed `plan` leaves in the log: a sample at the end of every
    /// segment.
    static func samples(following plan: DecoPlan) -> [DiveSample] {
        [DiveSample(timeSeconds: 0, depthMeters: 0)]
            + plan.segments.map { DiveSample(timeSeconds: $0.runtime, depthMeters: $0.endDepth) }
    }

    @Test("a deco dive dived as planned on air, EAN50 and O₂ breaks no ceiling: switches at 21 m and 6 m")
    func plannedDecoDiveKeepsItsCeiling() throws {
        let ean50 = try GasMix.nitrox(50)
        let request = try DivePlanRequest.square(
            depth: 40, bottomTime: 30 * 60,
            cylinders: [
                PlanCylinder(mix: .air, size: 24, fillPressure: 232), PlanCylinder(mix: ean50, switchDepth: .maximumOperatingDepth),
                PlanCylinder(mix: .oxygen, switchDepth: .maximumOperatingDepth),
            ],
            pressureModel: Self.model)
        let plan = try DecoPlanner.plan(request)
        #expect(plan.gasSwitches.map(\.depth) == [21, 6])
        let dive = Self.dive(cylinders: [
            Cylinder(sizeLiters: 24), Cylinder(sizeLiters: 11, oxygenPercent: 50), Cylinder(sizeLiters: 7, oxygenPercent: 100),
        ])
        let samples = Self.samples(following: plan)

        let breathing = DecoHistory.breathing(of: dive)
        #expect(breathing == DecoHistory.Breathing(gases: [.oxygen, ean50, .air]))
        let (points, switches) = DecoHistory.points(samples, breathing: breathing, model: Self.model)
        #expect(switches.map(\.gas) == [ean50, .oxygen])
        #expect(switches.map(\.depth) == [21, 6])
        #expect(switches.map(\.time) == plan.gasSwitches.map(\.runtime))
        let analysis = ProfileAnalysis.analyse(points, model: Self.model, factors: .standard)
        #expect(analysis.violations.isEmpty, "\(analysis.violations)")

        // The same profile breathed on air all the way up is what the analysis used to report.
        let airOnly = DecoHistory.points(samples, breathing: DecoHistory.Breathing(gases: [.air]), model: Self.model)
        #expect(airOnly.switches.isEmpty)
        #expect(!ProfileAnalysis.analyse(airOnly.points, model: Self.model, factors: .standard).violations.isEmpty)
    }

    @Test("a gas is taken only once the rest of the dive stays within its MOD")
    func noSwitchBeforeTheLastDeepPart() throws {
        let ean50 = try GasMix.nitrox(50)
        let samples = [(0, 0.0), (120, 30), (600, 30), (700, 18), (1200, 18), (1300, 30), (1600, 30), (1800, 21), (2000, 6), (2400, 6), (2500, 0)]
            .map { DiveSample(timeSeconds: $0.0, depthMeters: $0.1) }
        let breathing = DecoHistory.Breathing(gases: [.oxygen, ean50, .air])
        let (points, switches) = DecoHistory.points(samples, breathing: breathing, model: Self.model)
        #expect(switches.map(\.gas) == [ean50, .oxygen])
        #expect(switches.map(\.time) == [1800, 2000])
        #expect(points.filter { $0.time <= 1800 }.allSatisfy { $0.gas == .air })
        #expect(points.last?.gas == .oxygen)
    }

    @Test("the gases: every open-circuit cylinder breathed from, richest first; one on a rebreather")
    func whichCylindersAreBreathed() throws {
        let cylinders = [
            Cylinder(oxygenPercent: 50),  // listed first, as some logs do
            Cylinder(sizeLiters: 24, oxygenPercent: 21, heliumPercent: 35),
            Cylinder(oxygenPercent: 100, use: .oxygen),
            Cylinder(oxygenPercent: 50),  // the same mix twice
            Cylinder(oxygenPercent: 36, use: .travel),
            Cylinder(oxygenPercent: 80, use: .notUsed),
            Cylinder(oxygenPercent: 32, startPressureBar: 200, endPressureBar: 200.5),  // carried, not breathed
            Cylinder(oxygenPercent: 40, use: .diluent),
            Cylinder(oxygenPercent: 21),
        ]
        let breathing = DecoHistory.breathing(of: Self.dive(cylinders: cylinders))
        let trimix = try GasMix(oxygenPermille: 210, heliumPermille: 350)
        #expect(breathing.gases == [.oxygen, try .nitrox(50), try .nitrox(36), trimix, .air])

        // The dive starts on the gas that reaches its deepest point, the trimix (more helium
        // than air at the same MOD), however the log orders its cylinders.
        let samples = [(0, 0.0), (180, 60), (1500, 60), (1800, 30), (2400, 9), (3000, 3), (3300, 0)]
            .map { DiveSample(timeSeconds: $0.0, depthMeters: $0.1) }
        let (points, switches) = DecoHistory.points(samples, breathing: breathing, model: Self.model)
        #expect(points[1].gas == trimix)
        #expect(switches.map(\.gas) == [try .nitrox(36), try .nitrox(50), .oxygen])

        let rebreather = DecoHistory.breathing(of: Self.dive(mode: .closedCircuit, cylinders: cylinders))
        #expect(rebreather == DecoHistory.Breathing(gases: [try GasMix(oxygenPermille: 400, heliumPermille: 0)], isLoop: true))
        let single = DecoHistory.breathing(of: Self.dive(gas: .nitrox(oxygenPercent: 32), cylinders: [Cylinder(oxygenPercent: 32)]))
        #expect(single == DecoHistory.Breathing(gases: [try .nitrox(32)]))
        let none = DecoHistory.breathing(of: Self.dive(gas: .nitrox(oxygenPercent: 28), cylinders: []))
        #expect(none == DecoHistory.Breathing(gases: [try .nitrox(28)]))
    }

    @Test("deeper than every gas's MOD, the dive is breathed on the gas that reaches deepest")
    func deeperThanEveryMOD() throws {
        let samples = [(0, 0.0), (240, 75), (600, 75), (1000, 30), (1500, 0)].map { DiveSample(timeSeconds: $0.0, depthMeters: $0.1) }
        let breathing = DecoHistory.Breathing(gases: [try .nitrox(32), .air])
        let (points, switches) = DecoHistory.points(samples, breathing: breathing, model: Self.model)
        #expect(points[1].gas == .air)
        #expect(switches.map(\.gas) == [try .nitrox(32)])
        #expect(switches.map(\.time) == [1000])
    }

    @Test("a rebreather dive is breathed on its loop: the recorded pO₂, carried forward, or 1.3 bar assumed")
    func rebreatherLoop() throws {
        let diluent = try GasMix(oxygenPermille: 160, heliumPermille: 450)
        let dive = Self.dive(
            mode: .closedCircuit,
            cylinders: [Cylinder(oxygenPercent: 100, use: .oxygen), Cylinder(oxygenPercent: 16, heliumPercent: 45, use: .diluent)])
        let breathing = DecoHistory.breathing(of: dive)
        #expect(breathing == DecoHistory.Breathing(gases: [diluent], isLoop: true))

        let readings: [Double?] = [nil, 0.7, nil, 1.2, 0.0, nil]
        let samples = zip([(0, 0.0), (60, 10), (180, 30), (1500, 30), (2400, 6), (2700, 0)], readings).map {
            DiveSample(timeSeconds: $0.0.0, depthMeters: $0.0.1, po2Bar: $0.1)
        }
        let (points, switches) = DecoHistory.points(samples, breathing: breathing, model: Self.model)
        #expect(switches.isEmpty)
        #expect(points.map(\.gas).allSatisfy { $0 == diluent })
        // Before the first reading, the first reading; a reading of 0 is a computer at the surface.
        #expect(points.map(\.loopOxygenPressure) == [0.7, 0.7, 0.7, 1.2, 1.2, 1.2])

        let unrecorded = DecoHistory.points(
            samples.map { DiveSample(timeSeconds: $0.timeSeconds, depthMeters: $0.depthMeters) }, breathing: breathing, model: Self.model)
        #expect(unrecorded.points.allSatisfy { $0.loopOxygenPressure == DecoHistory.assumedSetPoint })
    }
}
