public import DecoKit
public import Foundation

/// What the decompression model says about the diver's logged dives: a dive's tissue loading
/// and ceiling, and the tissues a new dive starts with after earlier ones (repetitive dives).
///
/// A logged dive is taken in the water and at the surface pressure its computer recorded (sea
/// water at sea level when it recorded none). The log keeps which gases a dive carried but not
/// when the diver switched: an open-circuit dive is breathed on the gas that reaches its deepest
/// point, and on the richest of the others once the rest of the dive stays within that gas's MOD
/// at pO₂ 1.6 (on the 3 m grid, as the planner switches) — and the analysis says which switches
/// it assumed. A closed-circuit rebreather dive is breathed on the loop: the oxygen partial
/// pressure its computer recorded, the rest diluent. Breathing the first cylinder all the way
/// instead would report a broken ceiling for every well-run decompression dive, and a lethal
/// pO₂ for a log that lists its deco gas first.
public struct DecoHistory: Sendable {
    let dives: DiveRepository
    /// How far back earlier dives still count: after 48 hours even the slowest compartment
    /// (635 min) has given off over 95 % of its excess.
    public static let lookBack: TimeInterval = 48 * 3600
    /// The span whose dives' OTU add up: the pulmonary dose is counted by the day.
    public static let oxygenDoseWindow: TimeInterval = 24 * 3600

    public init(dives: DiveRepository) {
        self.dives = dives
    }

    /// A logged dive with its profile, as the model sees it.
    public struct DiveAnalysis: Hashable, Sendable {
        public var diveID: UUID
        /// The gas breathed from the start.
        public var gas: GasMix
        /// The gas switches the analysis assumed on the ascent, in order.
        public var assumedSwitches: [AssumedSwitch]
        /// On a closed-circuit rebreather, the loop the model breathed (``gas`` is its diluent).
        public var loop: Loop?
        public var factors: GradientFactors
        /// Dives in the 48 hours before it whose tissues it started with.
        public var earlierDives: Int
        public var analysis: ProfileAnalysis
    }

    /// A switch to a deco gas the log does not record, made where the planner would make it.
    public struct AssumedSwitch: Hashable, Sendable {
        public var gas: GasMix
        /// Depth (m) of the first sample breathed on `gas`'s stretch.
        public var depth: Double
        /// Seconds from the start of the dive.
        public var time: Int
    }

    /// The analysis of `dive` under `factors`, starting from the tissues its earlier dives left;
    /// nil when the dive has no profile.
    public func analysis(of dive: Dive, factors: GradientFactors = .standard) async throws(UmiLogError) -> DiveAnalysis? {
        let samples = try await dives.samples(of: dive.id)
        guard samples.count >= 2 else { return nil }
        let (start, earlier) = try await tissues(before: dive, factors: factors, doseSince: dive.startTime - Self.oxygenDoseWindow)
        let model = Self.model(of: dive)
        let breathing = Self.breathing(of: dive)
        let (points, switches) = Self.points(samples, breathing: breathing, model: model)
        let analysis = ProfileAnalysis.analyse(
            points, model: model, factors: factors, startTissues: start.tissues, startExposure: start.oxygen)
        var loop: Loop?
        if breathing.isLoop {
            let pressures = points.compactMap(\.loopOxygenPressure)
            loop = Loop(
                diluent: breathing.gases[0], oxygenPressures: (pressures.min() ?? Self.assumedSetPoint)...(pressures.max() ?? Self.assumedSetPoint),
                recorded: samples.contains { $0.po2Bar.map(Self.isLoopReading) ?? false })
        }
        return DiveAnalysis(
            diveID: dive.id, gas: points.first?.gas ?? .air, assumedSwitches: switches, loop: loop, factors: factors, earlierDives: earlier,
            analysis: analysis)
    }

    /// The tissues and oxygen dose after `dive` (and the dives before it) plus `surfaceInterval`
    /// seconds at the surface: the start of a repetitive dive.
    public func start(after dive: Dive, surfaceInterval: TimeInterval, factors: GradientFactors = .standard) async throws(UmiLogError)
        -> (tissues: TissueState, oxygen: OxygenExposure)
    {
        let next = dive.startTime.addingTimeInterval(TimeInterval(dive.bottomTimeSeconds) + max(0, surfaceInterval))
        let doseSince = next - Self.oxygenDoseWindow
        let (before, _) = try await tissues(before: dive, factors: factors, doseSince: doseSince)
        var after = try await Self.replay(dive, from: before, dives: dives, factors: factors)
        if dive.startTime < doseSince { after.oxygen.otu = 0 }
        after.tissues = after.tissues.afterSurfaceInterval(
            seconds: max(0, surfaceInterval), surfacePressure: PressureModel.seaLevelSaltWater.surfacePressure)
        after.oxygen.surfaceInterval(seconds: max(0, surfaceInterval))
        return after
    }

    /// The tissues `dive` started with: the dives of the 48 hours before it replayed in order,
    /// each after its surface interval; the OTU of those that started before `doseSince` are
    /// left out (OTU are a daily dose).
    private func tissues(before dive: Dive, factors: GradientFactors, doseSince: Date) async throws(UmiLogError)
        -> (state: (tissues: TissueState, oxygen: OxygenExposure), count: Int)
    {
        let surface = PressureModel.seaLevelSaltWater.surfacePressure
        let earlier = try await dives.history(DiveFilter(from: dive.startTime.addingTimeInterval(-Self.lookBack), to: dive.startTime))
            .map(\.dive)
            .filter { $0.id != dive.id && $0.startTime < dive.startTime }
            .sorted { ($0.startTime, $0.id.uuidString) < ($1.startTime, $1.id.uuidString) }
        var state = (tissues: TissueState(saturatedAtSurfacePressure: surface), oxygen: OxygenExposure.none)
        var surfacedAt: Date?
        for previous in earlier {
            if let surfacedAt {
                let interval = max(0, previous.startTime.timeIntervalSince(surfacedAt))
                state.tissues = state.tissues.afterSurfaceInterval(seconds: interval, surfacePressure: surface)
                state.oxygen.surfaceInterval(seconds: interval)
            }
            state = try await Self.replay(previous, from: state, dives: dives, factors: factors)
            if previous.startTime < doseSince { state.oxygen.otu = 0 }
            surfacedAt = previous.startTime.addingTimeInterval(TimeInterval(previous.bottomTimeSeconds))
        }
        if let surfacedAt {
            let interval = max(0, dive.startTime.timeIntervalSince(surfacedAt))
            state.tissues = state.tissues.afterSurfaceInterval(seconds: interval, surfacePressure: surface)
            state.oxygen.surfaceInterval(seconds: interval)
        }
        return (state, earlier.count)
    }

    /// `dive` breathed from `start`: its profile, or without one a square profile at its maximum
    /// depth for its whole time (descent and ascent included: the conservative reading).
    private static func replay(
        _ dive: Dive, from start: (tissues: TissueState, oxygen: OxygenExposure), dives: DiveRepository, factors: GradientFactors
    ) async throws(UmiLogError) -> (tissues: TissueState, oxygen: OxygenExposure) {
        var samples = try await dives.samples(of: dive.id)
        if samples.count < 2 {
            let seconds = max(dive.bottomTimeSeconds, 1)
            samples = [
                DiveSample(timeSeconds: 0, depthMeters: dive.maxDepthMeters),
                DiveSample(timeSeconds: seconds, depthMeters: dive.maxDepthMeters),
                DiveSample(timeSeconds: seconds + 1, depthMeters: 0),
            ]
        }
        let model = model(of: dive)
        let analysis = ProfileAnalysis.analyse(
            points(samples, breathing: breathing(of: dive), model: model).points, model: model, factors: factors,
            startTissues: start.tissues, startExposure: start.oxygen)
        return (analysis.tissuesAtEnd, analysis.oxygen)
    }

    /// The water and surface pressure the dive's computer recorded, else sea water at sea level.
    static func model(of dive: Dive) -> PressureModel {
        let surface = dive.details.surfacePressureBar.flatMap { (0.5...1.1).contains($0) ? $0 : nil }
        let density = dive.details.salinityGramsPerLiter.flatMap { (990...1050).contains($0) ? $0 : nil }
        return PressureModel(
            surfacePressure: surface ?? PressureModel.standardSeaLevelPressure,
            barPerMeter: (density ?? Water.salt.density) * 9.81 / 100_000)
    }

    /// The gases a logged dive is analysed on, richest in oxygen first (never empty); on a
    /// closed-circuit rebreather, its diluent alone, breathed on the loop.
    struct Breathing: Hashable {
        var gases: [GasMix]
        var isLoop = false
    }

    /// How the model took a closed-circuit rebreather's loop.
    public struct Loop: Hashable, Sendable {
        public var diluent: GasMix
        /// The lowest and highest oxygen partial pressure breathed (bar).
        public var oxygenPressures: ClosedRange<Double>
        /// Whether those come from the computer's readings (else ``assumedSetPoint``).
        public var recorded: Bool
    }

    /// The loop's set point when a rebreather dive's log records no oxygen readings: a common
    /// bottom set point.
    public static let assumedSetPoint = 1.3

    /// On open circuit, the mix of every cylinder the diver breathed from — all but those the log
    /// marks diluent or unused, or whose pressures show they were only carried. On a closed
    /// circuit, the diluent (the cylinder marked so, else the first) on the loop. Otherwise
    /// (a semi-closed loop, which the model does not follow; a log without cylinders), the first
    /// cylinder's mix when it has helium, else the dive's gas.
    static func breathing(of dive: Dive) -> Breathing {
        let cylinders = dive.details.cylinders
        func mix(_ cylinder: Cylinder) -> GasMix? {
            try? GasMix(oxygenPercent: cylinder.oxygenPercent, heliumPercent: cylinder.heliumPercent)
        }
        var first = (try? GasMix(oxygenPermille: dive.gas.oxygenPercent * 10)) ?? .air
        if let cylinder = cylinders.first, cylinder.heliumPercent > 0, let gas = mix(cylinder) { first = gas }
        switch dive.details.mode {
        case .openCircuit: break
        case .closedCircuit:
            let diluent = cylinders.first { $0.use == .diluent } ?? cylinders.first
            return Breathing(gases: [diluent.flatMap(mix) ?? first], isLoop: true)
        case .semiClosed, .freedive: return Breathing(gases: [first])
        }
        var gases: [GasMix] = []
        for cylinder in cylinders {
            switch cylinder.use {
            case nil, .openCircuit?, .oxygen?, .travel?: break
            case .diluent?, .notUsed?: continue
            }
            if let start = cylinder.startPressureBar, let end = cylinder.endPressureBar, start - end < 1 { continue }
            guard let gas = mix(cylinder), !gases.contains(gas) else { continue }
            gases.append(gas)
        }
        if gases.isEmpty { gases = [first] }
        // Richest first; of two equal in oxygen, the one with more helium (the deep dive's gas).
        gases.sort { ($0.oxygenPermille, $0.heliumPermille) > ($1.oxygenPermille, $1.heliumPermille) }
        return Breathing(gases: gases)
    }

    /// Whether a rebreather's oxygen reading (bar) is one the loop was breathed at: not the
    /// near-zero of a computer at the surface, not beyond what a sensor reads.
    static func isLoopReading(_ bar: Double) -> Bool { bar > 0.05 && bar <= 3 }

    /// How far a logged depth strays from a stop the diver holds.
    static let stopDepthWander = 0.5

    /// Samples as profile points from the surface at time 0, ending at the surface, with the gas
    /// breathed on each stretch and the switches between them.
    ///
    /// Each stretch is breathed on the richest gas whose switch depth — its MOD at pO₂ 1.6 on the
    /// 3 m grid, as the planner and dive computers switch (O₂ at 6 m, EAN50 at 21 m), plus
    /// ``stopDepthWander`` — covers the rest of the dive from the stretch's start; when none
    /// does, the gas with the deepest MOD. So the dive starts on the gas that reaches its deepest
    /// point and changes gas only once it never goes below the next gas's MOD again.
    static func points(_ samples: [DiveSample], breathing: Breathing, model: PressureModel)
        -> (points: [ProfileAnalysis.Point], switches: [AssumedSwitch])
    {
        let gases = breathing.gases.isEmpty ? [GasMix.air] : breathing.gases
        let sorted = samples.sorted { $0.timeSeconds < $1.timeSeconds }
        var points = sorted.map { ProfileAnalysis.Point(time: $0.timeSeconds, depth: max(0, $0.depthMeters), gas: gases[0]) }
        if breathing.isLoop {
            // Each stretch at the reading of its end (computers repeat a value until it changes);
            // a reading of (nearly) nothing is a computer at the surface, not a loop of diluent.
            let readings = sorted.map { $0.po2Bar.flatMap { Self.isLoopReading($0) ? $0 : nil } }
            var current = readings.compactMap { $0 }.first ?? Self.assumedSetPoint
            for index in points.indices {
                current = readings[index] ?? current
                points[index].loopOxygenPressure = current
            }
        }
        if let last = points.last, last.depth > 0 {
            // A log that stops before the surface: ascend at 9 m/min.
            var surfacing = last
            surfacing.time = last.time + Int((last.depth / 9 * 60).rounded(.up))
            surfacing.depth = 0
            points.append(surfacing)
        }
        guard !points.isEmpty, !breathing.isLoop else { return (points, []) }
        // The deepest the diver still goes from each point on.
        var deepestAhead = points.map(\.depth)
        for index in deepestAhead.indices.reversed().dropFirst() {
            deepestAhead[index] = max(deepestAhead[index], deepestAhead[index + 1])
        }
        let switchDepths = gases.map {
            GasMath.maximumOperatingDepth(of: $0, oxygenLimit: 1.6, model: model, rounding: .computerGrid) + Self.stopDepthWander
        }
        let deepestReaching = switchDepths.indices.max { switchDepths[$0] < switchDepths[$1] } ?? 0
        func gas(downTo depth: Double) -> GasMix {
            gases[switchDepths.indices.first { switchDepths[$0] >= depth } ?? deepestReaching]
        }
        var breathed = gas(downTo: deepestAhead[0])
        points[0].gas = breathed
        var switches: [AssumedSwitch] = []
        for index in points.indices.dropFirst() {
            let next = gas(downTo: deepestAhead[index - 1])
            if next != breathed {
                switches.append(AssumedSwitch(gas: next, depth: points[index - 1].depth, time: points[index - 1].time))
                breathed = next
            }
            points[index].gas = next
        }
        return (points, switches)
    }
}
