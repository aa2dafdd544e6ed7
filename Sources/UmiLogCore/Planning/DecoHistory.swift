public import DecoKit
public import Foundation

/// What the decompression model says about the diver's logged dives: a dive's tissue loading
/// and ceiling, and the tissues a new dive starts with after earlier ones (repetitive dives).
///
/// A logged dive is taken in the water and at the surface pressure its computer recorded (sea
/// water at sea level when it recorded none), breathed on its first gas (its recorded gas
/// changes are not followed).
public struct DecoHistory: Sendable {
    let dives: DiveRepository
    /// How far back earlier dives still count: after 48 hours even the slowest compartment
    /// (635 min) has given off over 95 % of its excess.
    public static let lookBack: TimeInterval = 48 * 3600

    public init(dives: DiveRepository) {
        self.dives = dives
    }

    /// A logged dive with its profile, as the model sees it.
    public struct DiveAnalysis: Hashable, Sendable {
        public var diveID: UUID
        public var gas: GasMix
        public var factors: GradientFactors
        /// Dives in the 48 hours before it whose tissues it started with.
        public var earlierDives: Int
        public var analysis: ProfileAnalysis
    }

    /// The analysis of `dive` under `factors`, starting from the tissues its earlier dives left;
    /// nil when the dive has no profile.
    public func analysis(of dive: Dive, factors: GradientFactors = .standard) async throws(UmiLogError) -> DiveAnalysis? {
        let samples = try await dives.samples(of: dive.id)
        guard samples.count >= 2 else { return nil }
        let (start, earlier) = try await tissues(before: dive, factors: factors)
        let gas = Self.gas(of: dive)
        let analysis = ProfileAnalysis.analyse(
            Self.points(samples, gas: gas), model: Self.model(of: dive), factors: factors, startTissues: start.tissues,
            startExposure: start.oxygen)
        return DiveAnalysis(diveID: dive.id, gas: gas, factors: factors, earlierDives: earlier, analysis: analysis)
    }

    /// The tissues and oxygen dose after `dive` (and the dives before it) plus `surfaceInterval`
    /// seconds at the surface: the start of a repetitive dive.
    public func start(after dive: Dive, surfaceInterval: TimeInterval, factors: GradientFactors = .standard) async throws(UmiLogError)
        -> (tissues: TissueState, oxygen: OxygenExposure)
    {
        let (before, _) = try await tissues(before: dive, factors: factors)
        var after = try await Self.replay(dive, from: before, dives: dives, factors: factors)
        after.tissues = after.tissues.afterSurfaceInterval(
            seconds: max(0, surfaceInterval), surfacePressure: PressureModel.seaLevelSaltWater.surfacePressure)
        after.oxygen.surfaceInterval(seconds: max(0, surfaceInterval))
        return after
    }

    /// The tissues `dive` started with: the dives of the 48 hours before it replayed in order,
    /// each after its surface interval.
    private func tissues(before dive: Dive, factors: GradientFactors) async throws(UmiLogError)
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
        let gas = gas(of: dive)
        var samples = try await dives.samples(of: dive.id)
        if samples.count < 2 {
            let seconds = max(dive.bottomTimeSeconds, 1)
            samples = [
                DiveSample(timeSeconds: 0, depthMeters: dive.maxDepthMeters),
                DiveSample(timeSeconds: seconds, depthMeters: dive.maxDepthMeters),
                DiveSample(timeSeconds: seconds + 1, depthMeters: 0),
            ]
        }
        let analysis = ProfileAnalysis.analyse(
            points(samples, gas: gas), model: model(of: dive), factors: factors, startTissues: start.tissues,
            startExposure: start.oxygen)
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

    /// The gas a logged dive is analysed on: its first cylinder's mix when the log has one with
    /// helium, else the dive's gas.
    static func gas(of dive: Dive) -> GasMix {
        if let first = dive.details.cylinders.first, first.heliumPercent > 0,
            let mix = try? GasMix(oxygenPercent: first.oxygenPercent, heliumPercent: first.heliumPercent)
        {
            return mix
        }
        return (try? GasMix(oxygenPermille: dive.gas.oxygenPercent * 10)) ?? .air
    }

    /// Samples as profile points from the surface at time 0, ending at the surface.
    static func points(_ samples: [DiveSample], gas: GasMix) -> [ProfileAnalysis.Point] {
        var points = samples.sorted { $0.timeSeconds < $1.timeSeconds }.map {
            ProfileAnalysis.Point(time: $0.timeSeconds, depth: max(0, $0.depthMeters), gas: gas)
        }
        if let last = points.last, last.depth > 0 {
            // A log that stops before the surface: ascend at 9 m/min.
            points.append(ProfileAnalysis.Point(time: last.time + Int((last.depth / 9 * 60).rounded(.up)), depth: 0, gas: gas))
        }
        return points
    }
}
