import Foundation

/// Plans a dive with Bühlmann ZH-L16C and gradient factors, the way Subsurface's planner does
/// (`core/planner.cpp`), so that its published test dives reproduce:
///
/// - the planned profile loads the tissues exactly (Haldane for levels, Schreiner for slopes);
/// - the ascent is simulated in 2 s steps, each breathed at the depth it starts from, at the
///   rate for that depth (``AscentRates``);
/// - before leaving each stop depth, a trial ascent to the next one checks, every 2 s, that the
///   unrounded ceiling stays above where the diver is going; if it would not, the diver waits,
///   and the wait is found by a bisection whose candidates end on whole stop-time units of run
///   time (so a runtime table reads in whole minutes, the travel to a stop counted in it);
/// - gas switches happen at the stop levels at or above each deco gas's switch depth and cost
///   ``PlanSettings/gasSwitchSeconds`` (not for oxygen).
///
/// Pure and deterministic: the same request always gives the same plan.
public enum DecoPlanner {
    /// The deepest depth a plan accepts, metres.
    public static let maximumDepth = 300.0
    /// The longest profile (descent and bottom, before the ascent) a plan accepts: 24 hours.
    /// Longer is no dive a decompression table describes, and the answer (days of stops, tens of
    /// thousands of litres) would only hide a typing mistake.
    public static let maximumProfileSeconds = 24 * 3600
    /// Longer than this at one stop and the plan is refused.
    static let longestStop = 48 * 3600
    /// The depth of the recreational safety stop and the dive depth from which it is made.
    public static let safetyStopDepth = 5.0
    public static let safetyStopSeconds = 180
    static let safetyStopFromDepth = 10.0
    /// How far above a pO₂ limit a plan may go before it is refused (deco limit) or warned about,
    /// bar: the stop grid's own rounding puts oxygen at 6 m (1.62 bar at 1.6), and EAN32 at 40 m
    /// (1.62 bar) is the nitrox plan every course teaches.
    public static let oxygenAllowance = 0.02
    /// Simulation step of every ascent, seconds.
    static let step = 2

    /// Plans `request`.
    public static func plan(_ request: DivePlanRequest) throws(PlanError) -> DecoPlan {
        let checked = try CheckedRequest(request)
        var simulation = Simulation(checked)
        try simulation.run()
        return simulation.result()
    }

    /// Where a deco gas given no depth is switched to: its MOD at the deco pO₂ limit, rounded down
    /// to the stop grid with an allowance of a tenth of a step (so oxygen at 1.6 bar, 5.8 m in
    /// sea water, switches at 6 m) — Subsurface's `gas_mod`.
    public static func defaultSwitchDepth(for mix: GasMix, model: PressureModel, settings: PlanSettings) -> Double {
        let rounding = DepthRounding.downToGrid(step: settings.stopGrid.step, allowance: 0.1)
        let depth = GasMath.maximumOperatingDepth(of: mix, oxygenLimit: settings.decoOxygenLimit, model: model, rounding: rounding)
        // To the millimetre, as the stop grid's levels: 110 ft is 33.528 m.
        return max(0, (depth * 1000).rounded() / 1000)
    }
}

/// A request whose values were checked, with what the planner derives from it.
struct CheckedRequest {
    let request: DivePlanRequest
    let model: PressureModel
    let settings: PlanSettings
    /// Switch depth per cylinder, nil for cylinders the ascent never switches to.
    let switchDepths: [Double?]
    let maximumDepth: Double
    let averageDepth: Double

    init(_ request: DivePlanRequest) throws(PlanError) {
        self.request = request
        model = request.pressureModel
        settings = request.settings
        guard !request.cylinders.isEmpty else { throw .noGas }
        guard !request.segments.isEmpty else { throw .noSegments }
        guard model.surfacePressure > 0.3, model.surfacePressure < 1.2, model.barPerMeter > 0.05, model.barPerMeter < 0.2 else {
            throw .invalidSetting(name: "The surface pressure", value: model.surfacePressure)
        }
        let rates = settings.ascentRates
        for (name, rate) in [
            ("descent", settings.descentRate), ("ascent", rates.below75Percent), ("ascent", rates.below50Percent),
            ("ascent", rates.stops), ("last 6 m ascent", rates.last6Meters),
        ] where !(rate > 0 && rate <= 100) {
            throw .invalidRate(name: name, value: rate)
        }
        for (name, value) in [
            ("The bottom SAC", settings.bottomSAC), ("The deco SAC", settings.decoSAC),
            ("The SAC factor", settings.sacFactor), ("The problem-solving time", settings.problemSolvingMinutes),
            ("The reserve", settings.reservePressure),
        ] where !(value >= 0 && value.isFinite) {
            throw .invalidSetting(name: name, value: value)
        }
        for (name, value) in [("The bottom pO₂ limit", settings.bottomOxygenLimit), ("The deco pO₂ limit", settings.decoOxygenLimit)]
        where !(value > 0.16 && value <= 3) {
            throw .invalidSetting(name: name, value: value)
        }
        guard settings.stopTimeUnit > 0, settings.gasSwitchSeconds >= 0 else {
            throw .invalidSetting(name: "The stop time unit", value: Double(settings.stopTimeUnit))
        }

        var time = 0
        var depth = 0.0
        var integral = 0.0
        var deepest = 0.0
        for segment in request.segments {
            guard segment.seconds > 0 else { throw .negativeTime(seconds: segment.seconds) }
            guard segment.toDepth.isFinite, segment.toDepth >= 0, segment.toDepth <= DecoPlanner.maximumDepth else {
                throw .depthOutOfRange(meters: segment.toDepth)
            }
            guard request.cylinders.indices.contains(segment.cylinder) else { throw .noGas }
            integral += (segment.toDepth + depth) / 2 * Double(segment.seconds)
            time += segment.seconds
            depth = segment.toDepth
            deepest = max(deepest, depth)
        }
        guard deepest > 0 else { throw .depthOutOfRange(meters: 0) }
        guard time <= DecoPlanner.maximumProfileSeconds else { throw .profileTooLong(seconds: time) }
        maximumDepth = deepest
        averageDepth = integral / Double(time)

        // Each planned depth must be within its gas's MOD at the deco limit, the hard one (with
        // ``DecoPlanner/oxygenAllowance``); past the bottom limit the plan only warns.
        let hardLimit = settings.decoOxygenLimit
        let surface = model
        let hardMOD = { (mix: GasMix) in
            GasMath.maximumOperatingDepth(of: mix, oxygenLimit: hardLimit + DecoPlanner.oxygenAllowance, model: surface)
        }
        let nominalMOD = { (mix: GasMix) in GasMath.maximumOperatingDepth(of: mix, oxygenLimit: hardLimit, model: surface) }
        for segment in request.segments where segment.toDepth > hardMOD(request.cylinders[segment.cylinder].mix) {
            let mix = request.cylinders[segment.cylinder].mix
            if request.cylinders.allSatisfy({ hardMOD($0.mix) < segment.toDepth }) {
                let deepest = request.cylinders.map { nominalMOD($0.mix) }.max() ?? 0
                throw .depthBeyondEveryMOD(depth: segment.toDepth, deepestMOD: deepest, oxygenLimit: hardLimit)
            }
            throw .bottomGasBeyondMOD(gas: mix.name, depth: segment.toDepth, mod: nominalMOD(mix), oxygenLimit: hardLimit)
        }
        // Deco gases switch no deeper than their MOD at the deco limit.
        var switchDepths: [Double?] = []
        for cylinder in request.cylinders {
            switch cylinder.switchDepth {
            case .never:
                switchDepths.append(nil)
            case .maximumOperatingDepth:
                switchDepths.append(DecoPlanner.defaultSwitchDepth(for: cylinder.mix, model: model, settings: settings))
            case .depth(let depth):
                let mod = GasMath.maximumOperatingDepth(of: cylinder.mix, oxygenLimit: settings.decoOxygenLimit, model: model)
                guard depth.isFinite, depth >= 0 else { throw .depthOutOfRange(meters: depth) }
                // The grid allowance: a switch a tenth of a stop step beyond the MOD is accepted.
                guard depth <= mod + settings.stopGrid.step / 10 + 1e-9 else {
                    throw .switchDepthBeyondMOD(
                        gas: cylinder.mix.name, switchDepth: depth, mod: mod, oxygenLimit: settings.decoOxygenLimit)
                }
                switchDepths.append(depth)
            }
        }
        self.switchDepths = switchDepths
    }
}
