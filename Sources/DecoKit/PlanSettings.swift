/// How a plan is made: the model's conservatism, the diver's rates and gas habits, and the
/// limits warnings are raised against. Defaults are Subsurface's (`core/pref.cpp`).
public struct PlanSettings: Hashable, Sendable, Codable {
    public enum Mode: String, Hashable, Sendable, Codable, CaseIterable {
        /// Decompression stops as the model requires them.
        case decompression
        /// No-stop diving: a plan that would need a stop is refused; a 3-minute safety stop is
        /// added at 5 m when the dive reaches 10 m.
        case recreational
    }

    public var mode: Mode
    public var gradientFactors: GradientFactors
    /// Descent rate, metres per minute.
    public var descentRate: Double
    public var ascentRates: AscentRates
    /// The stop depths a plan may use.
    public var stopGrid: StopGrid
    /// The last stop: 3 m (10 ft) or 6 m (20 ft).
    public var lastStopAtSixMeters: Bool
    /// Stops end on a whole multiple of this many seconds of run time (the travel to a stop counts
    /// in its first unit), so a runtime table reads in whole minutes.
    public var stopTimeUnit: Int
    /// Time spent at a gas switch before ascending on, seconds (not for a switch to oxygen).
    public var gasSwitchSeconds: Int
    /// Surface air consumption, litres per minute at 1 atm.
    public var bottomSAC: Double
    public var decoSAC: Double
    /// Pressure a cylinder should still hold at the end, bar.
    public var reservePressure: Double
    /// Minimum gas: `sacFactor` × SAC for `problemSolvingMinutes` at the deepest point, then the
    /// ascent at `sacFactor` × deco SAC (a stressed diver sharing gas).
    public var sacFactor: Double
    public var problemSolvingMinutes: Double
    /// pO₂ limits, bar: the bottom phase, and deco gases (which also sets their switch depth).
    public var bottomOxygenLimit: Double
    public var decoOxygenLimit: Double
    /// The narcotic depth limit for warnings, metres, and whether O₂ counts as narcotic.
    public var narcoticDepthLimit: Double
    public var oxygenIsNarcotic: Bool
    /// Gas density warning limit, g/l.
    public var densityLimit: Double
    public var cnsModel: CNSModel

    public init(
        mode: Mode = .decompression, gradientFactors: GradientFactors = .standard, descentRate: Double = 18,
        ascentRates: AscentRates = .standard, stopGrid: StopGrid = .metric, lastStopAtSixMeters: Bool = false,
        stopTimeUnit: Int = 60, gasSwitchSeconds: Int = 60, bottomSAC: Double = 20, decoSAC: Double = 17,
        reservePressure: Double = 40, sacFactor: Double = 4, problemSolvingMinutes: Double = 4,
        bottomOxygenLimit: Double = 1.4, decoOxygenLimit: Double = 1.6, narcoticDepthLimit: Double = 30,
        oxygenIsNarcotic: Bool = true, densityLimit: Double = 5.2, cnsModel: CNSModel = .noaaTable
    ) {
        self.mode = mode
        self.gradientFactors = gradientFactors
        self.descentRate = descentRate
        self.ascentRates = ascentRates
        self.stopGrid = stopGrid
        self.lastStopAtSixMeters = lastStopAtSixMeters
        self.stopTimeUnit = stopTimeUnit
        self.gasSwitchSeconds = gasSwitchSeconds
        self.bottomSAC = bottomSAC
        self.decoSAC = decoSAC
        self.reservePressure = reservePressure
        self.sacFactor = sacFactor
        self.problemSolvingMinutes = problemSolvingMinutes
        self.bottomOxygenLimit = bottomOxygenLimit
        self.decoOxygenLimit = decoOxygenLimit
        self.narcoticDepthLimit = narcoticDepthLimit
        self.oxygenIsNarcotic = oxygenIsNarcotic
        self.densityLimit = densityLimit
        self.cnsModel = cnsModel
    }
}

/// Ascent rates in metres per minute by depth, as a fraction of the dive's average depth (the
/// GUE-style rule Subsurface uses): deeper than 75 % of it, deeper than 50 %, between stops
/// below 6 m, and the last 6 m.
public struct AscentRates: Hashable, Sendable, Codable {
    public var below75Percent: Double
    public var below50Percent: Double
    public var stops: Double
    public var last6Meters: Double

    public init(below75Percent: Double, below50Percent: Double, stops: Double, last6Meters: Double) {
        self.below75Percent = below75Percent
        self.below50Percent = below50Percent
        self.stops = stops
        self.last6Meters = last6Meters
    }

    /// 9 m/min everywhere, Subsurface's default.
    public static let standard = AscentRates(below75Percent: 9, below50Percent: 9, stops: 9, last6Meters: 9)

    /// The rate at `depth` on a dive whose average depth is `averageDepth`, metres per minute.
    public func rate(atDepth depth: Double, averageDepth: Double) -> Double {
        if depth * 4 > averageDepth * 3 { return below75Percent }
        if depth * 2 > averageDepth { return below50Percent }
        return depth > 6 ? stops : last6Meters
    }
}

/// The depths stops are made at: every 3 m (10 ft) to 90 m (300 ft), then every 10 m, then every
/// 20 m, as Subsurface's planner.
public enum StopGrid: String, Hashable, Sendable, Codable, CaseIterable {
    case metric
    case imperial

    /// Metres per foot's inverse: 1 ft = 0.3048 m.
    public static let metersPerFoot = 0.3048

    /// The grid step near the surface, metres.
    public var step: Double {
        switch self {
        case .metric: 3
        case .imperial: 10 * Self.metersPerFoot
        }
    }

    /// Every stop depth from the surface down to `maximum`, metres, ascending, 0 first.
    func levels(upTo maximum: Double) -> [Double] {
        // In the grid's own unit: a fine step near the surface, coarser ones deeper.
        let bands: [(start: Double, step: Double, end: Double)] =
            switch self {
            case .metric: [(0, 3, 90), (90, 10, 200), (200, 20, .infinity)]
            case .imperial: [(0, 10, 300), (300, 100.0 / 3, 2000.0 / 3), (2000.0 / 3, 200.0 / 3, .infinity)]
            }
        let unit = self == .metric ? 1 : Self.metersPerFoot
        var levels: [Double] = [0]
        for band in bands {
            var index = 1.0
            while true {
                let depth = (band.start + index * band.step).rounded()
                guard depth <= band.end + 0.5, depth * unit <= maximum + 1e-9 else { break }
                // To the millimetre: 20 ft is 6.096 m, not 6.096000000000001.
                levels.append((depth * unit * 1000).rounded() / 1000)
                index += 1
            }
        }
        return levels
    }
}
