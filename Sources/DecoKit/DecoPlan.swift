/// A planned dive: the runtime table, its totals, the oxygen dose, the gas plan and what the
/// diver should be warned about. Everything in SI units (metres, seconds, bar, litres).
public struct DecoPlan: Hashable, Sendable, Codable {
    public var segments: [Segment]
    public var gasSwitches: [GasSwitch]
    /// Time from leaving the surface to surfacing, seconds.
    public var runtime: Int
    /// Run time at which the ascent starts (the end of the planned profile), seconds.
    public var bottomTime: Int
    /// The first (deepest) decompression stop, metres; nil for a no-stop dive.
    public var firstStopDepth: Double?
    /// Recreational mode: the run time up to which this depth could have been stayed at with a
    /// direct ascent still possible (the no-decompression limit), seconds.
    public var noDecompressionLimit: Int?
    public var maximumDepth: Double
    public var averageDepth: Double
    public var oxygen: OxygenExposure
    public var cylinders: [CylinderUse]
    public var warnings: [PlanWarning]
    /// The tissues on surfacing, for a following dive.
    public var tissuesAtSurface: TissueState

    /// One row of the runtime table.
    public struct Segment: Hashable, Sendable, Codable {
        public enum Kind: String, Hashable, Sendable, Codable {
            case descent, level, ascent, stop, safetyStop
        }

        public var kind: Kind
        public var startDepth: Double
        public var endDepth: Double
        public var seconds: Int
        /// Run time at the end of the segment.
        public var runtime: Int
        public var cylinder: Int
        public var gas: GasMix
    }

    /// Where and when the plan changes cylinder.
    public struct GasSwitch: Hashable, Sendable, Codable {
        public var depth: Double
        public var runtime: Int
        public var cylinder: Int
        public var gas: GasMix
    }

    /// The total time of decompression stops, seconds.
    public var stopTime: Int {
        segments.filter { $0.kind == .stop }.reduce(0) { $0 + $1.seconds }
    }
}

/// How much of a cylinder the plan breathes.
public struct CylinderUse: Hashable, Sendable, Codable {
    public var cylinder: Int
    public var gas: GasMix
    /// Litres at 1 atm, the whole plan and the part after the bottom phase.
    public var litersUsed: Double
    public var decoLitersUsed: Double
    public var fillPressure: Double?
    /// Pressure left at the end, bar (when size and fill are known).
    public var endPressure: Double?
    /// Minimum gas for the last bottom gas: what must be in the cylinder at the end of the bottom
    /// phase to solve a problem and ascend with a buddy, bar and litres.
    public var minimumGasPressure: Double?
    public var minimumGasLiters: Double?
}

/// Something the diver should know about a plan that is still a plan.
public enum PlanWarning: Hashable, Sendable, Codable {
    /// A cylinder ends below the reserve.
    case belowReserve(cylinder: Int, endPressure: Double, reserve: Double)
    /// A cylinder does not hold the gas the plan breathes from it.
    case outOfGas(cylinder: Int, litersShort: Double)
    /// The bottom gas holds less than the minimum gas at the end of the bottom phase.
    case belowMinimumGas(cylinder: Int, pressureAtEndOfBottom: Double, minimumGas: Double)
    case oxygenAboveLimit(depth: Double, runtime: Int, partialPressure: Double, limit: Double)
    case hypoxic(depth: Double, runtime: Int, partialPressure: Double)
    case narcoticDepthAboveLimit(depth: Double, runtime: Int, equivalentNarcoticDepth: Double, limit: Double)
    case densityAboveLimit(depth: Double, runtime: Int, density: Double, limit: Double)
    case cnsHigh(percent: Double)
    case otuHigh(units: Double)

    /// A sentence for the diver, depths in metres.
    public var message: String {
        message(depth: { "\(Self.oneDecimal($0)) m" }, pressure: { "\(Int($0.rounded())) bar" })
    }

    /// A sentence for the diver, depths and cylinder pressures written by `depth` and
    /// `pressure` (feet and psi for an imperial reader).
    public func message(depth: (Double) -> String, pressure: (Double) -> String) -> String {
        switch self {
        case .belowReserve(let cylinder, let end, let reserve):
            "Cylinder \(cylinder + 1) ends at \(pressure(end)), below the \(pressure(reserve)) reserve."
        case .outOfGas(let cylinder, let short):
            "Cylinder \(cylinder + 1) runs out: the plan needs \(Int(short.rounded())) l more than it holds."
        case .belowMinimumGas(let cylinder, let left, let minimum):
            "Cylinder \(cylinder + 1) holds \(pressure(left)) at the end of the bottom phase, less than the minimum gas of \(pressure(minimum))."
        case .oxygenAboveLimit(let at, _, let pressure, let limit):
            "pO₂ \(Self.twoDecimals(pressure)) bar at \(depth(at)) is above the \(Self.twoDecimals(limit)) bar limit."
        case .hypoxic(let at, _, let pressure):
            "pO₂ \(Self.twoDecimals(pressure)) bar at \(depth(at)) is hypoxic (below 0.16 bar)."
        case .narcoticDepthAboveLimit(let at, _, let end, let limit):
            "END \(depth(end)) at \(depth(at)) is deeper than the \(depth(limit)) limit."
        case .densityAboveLimit(let at, _, let density, let limit):
            "Gas density \(Self.twoDecimals(density)) g/l at \(depth(at)) is above \(Self.twoDecimals(limit)) g/l."
        case .cnsHigh(let percent):
            "CNS oxygen toxicity reaches \(Int(percent.rounded())) %."
        case .otuHigh(let units):
            "The oxygen dose is \(Int(units.rounded())) OTU, above the 300 OTU a single dive should stay under."
        }
    }

    static func oneDecimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    }

    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
