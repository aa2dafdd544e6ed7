/// What the diver wants to do: a profile to follow, the cylinders carried, the water and the
/// settings. The planner adds the ascent.
public struct DivePlanRequest: Hashable, Sendable, Codable {
    /// The planned part of the dive, from the surface at time 0: each segment moves linearly to
    /// its depth over its time (a segment at the same depth is a level).
    public var segments: [PlanSegment]
    /// Index 0 is the bottom gas; cylinders with a switch depth are deco (or travel) gases.
    public var cylinders: [PlanCylinder]
    public var pressureModel: PressureModel
    public var settings: PlanSettings
    /// The diver's tissues at the start (a repetitive dive); nil for a diver saturated at the
    /// surface.
    public var startTissues: TissueState?
    /// Oxygen exposure carried over from earlier dives (already decayed over the interval).
    public var startExposure: OxygenExposure

    public init(
        segments: [PlanSegment], cylinders: [PlanCylinder], pressureModel: PressureModel = .seaLevelSaltWater,
        settings: PlanSettings = PlanSettings(), startTissues: TissueState? = nil, startExposure: OxygenExposure = .none
    ) {
        self.segments = segments
        self.cylinders = cylinders
        self.pressureModel = pressureModel
        self.settings = settings
        self.startTissues = startTissues
        self.startExposure = startExposure
    }

    /// A square profile: descend to `depth` at the settings' descent rate and stay until
    /// `bottomTime` seconds of run time (descent included, as Subsurface and most tables count
    /// bottom time), on cylinder 0.
    public static func square(
        depth: Double, bottomTime: Int, cylinders: [PlanCylinder], pressureModel: PressureModel = .seaLevelSaltWater,
        settings: PlanSettings = PlanSettings(), startTissues: TissueState? = nil, startExposure: OxygenExposure = .none
    ) throws(PlanError) -> DivePlanRequest {
        guard bottomTime > 0 else { throw .negativeTime(seconds: bottomTime) }
        guard bottomTime <= DecoPlanner.maximumProfileSeconds else { throw .profileTooLong(seconds: bottomTime) }
        guard depth > 0, depth <= DecoPlanner.maximumDepth else { throw .depthOutOfRange(meters: depth) }
        guard settings.descentRate > 0, settings.descentRate.isFinite else {
            throw .invalidRate(name: "descent", value: settings.descentRate)
        }
        let descent = Int((depth / settings.descentRate * 60).rounded(.down))
        guard descent <= bottomTime else { throw .bottomTimeShorterThanDescent(bottomSeconds: bottomTime, descentSeconds: descent) }
        var segments = [PlanSegment(toDepth: depth, seconds: max(descent, 1), cylinder: 0)]
        if bottomTime > segments[0].seconds {
            segments.append(PlanSegment(toDepth: depth, seconds: bottomTime - segments[0].seconds, cylinder: 0))
        }
        return DivePlanRequest(
            segments: segments, cylinders: cylinders, pressureModel: pressureModel, settings: settings,
            startTissues: startTissues, startExposure: startExposure)
    }
}

/// One leg of the planned profile.
public struct PlanSegment: Hashable, Sendable, Codable {
    public var toDepth: Double
    public var seconds: Int
    public var cylinder: Int

    public init(toDepth: Double, seconds: Int, cylinder: Int) {
        self.toDepth = toDepth
        self.seconds = seconds
        self.cylinder = cylinder
    }
}

/// A cylinder: its gas, where it is switched to on the ascent, and (for the gas plan) its size
/// and fill.
public struct PlanCylinder: Hashable, Sendable, Codable {
    /// When the ascent switches to a cylinder.
    public enum SwitchDepth: Hashable, Sendable, Codable {
        /// Never by itself: the bottom gas, breathed where the profile says.
        case never
        /// At its MOD for the deco pO₂ limit, rounded down to the stop grid
        /// (``DecoPlanner/defaultSwitchDepth(for:model:settings:)``).
        case maximumOperatingDepth
        /// From this depth, metres.
        case depth(Double)
    }

    public var mix: GasMix
    public var switchDepth: SwitchDepth
    /// Water volume, litres.
    public var size: Double?
    /// Fill pressure, bar.
    public var fillPressure: Double?

    public init(mix: GasMix, switchDepth: SwitchDepth = .never, size: Double? = nil, fillPressure: Double? = nil) {
        self.mix = mix
        self.switchDepth = switchDepth
        self.size = size
        self.fillPressure = fillPressure
    }
}
