import Foundation

/// How depth turns into pressure: the surface pressure and the weight of the water column.
///
/// Every calculation in this kit takes one explicitly, because the same depth is a different
/// pressure in a mountain lake and in the sea, and because the textbook rule (10 m of water per
/// bar, 1 bar at the surface) and a dive computer's model give different MODs at the margin.
public struct PressureModel: Hashable, Sendable, Codable {
    /// Absolute pressure at the surface, bar.
    public var surfacePressure: Double
    /// Pressure added by each metre of water, bar per metre.
    public var barPerMeter: Double

    public init(surfacePressure: Double, barPerMeter: Double) {
        self.surfacePressure = surfacePressure
        self.barPerMeter = barPerMeter
    }

    /// Standard sea-level pressure, 1.01325 bar.
    public static let standardSeaLevelPressure = 1.01325

    /// A real water column: `water`'s density times standard gravity (9.81 m/s²), over
    /// `surfacePressure` (sea level unless the dive is at altitude).
    public init(water: Water, surfacePressure: Double = PressureModel.standardSeaLevelPressure) {
        self.init(surfacePressure: surfacePressure, barPerMeter: water.density * 9.81 / 100_000)
    }

    /// The dive at `altitude` metres above sea level: surface pressure from the International
    /// Standard Atmosphere's barometric formula, 1013.25 mbar × (1 − 2.25577·10⁻⁵·h)^5.25588.
    public init(water: Water, altitude: Double) {
        let surface = Self.standardSeaLevelPressure * pow(1 - 2.25577e-5 * altitude, 5.25588)
        self.init(water: water, surfacePressure: surface)
    }

    /// The textbook convention: 1 bar at the surface and 10 m of water per bar. Training
    /// material and most tables compute MOD, EAD and END this way.
    public static let textbook = PressureModel(surfacePressure: 1, barPerMeter: 0.1)

    /// Sea water at sea level, the default of dive computers and of Subsurface
    /// (1.01325 bar, 1.030 kg/l: 0.101043 bar per metre).
    public static let seaLevelSaltWater = PressureModel(water: .salt)

    /// Absolute (ambient) pressure at `depth` metres, bar.
    public func ambientPressure(atDepth depth: Double) -> Double {
        surfacePressure + depth * barPerMeter
    }

    /// The depth, metres, at which the ambient pressure is `pressure` bar (negative above the
    /// surface).
    public func depth(atAmbientPressure pressure: Double) -> Double {
        (pressure - surfacePressure) / barPerMeter
    }
}

/// The water a dive is in, by its density.
public enum Water: Hashable, Sendable, Codable {
    /// Sea water, 1.030 kg/l.
    case salt
    /// Fresh water, 1.000 kg/l.
    case fresh
    /// The EN 13319 standard water that many dive computers assume, 1.020 kg/l.
    case en13319

    /// Density in kg/m³.
    public var density: Double {
        switch self {
        case .salt: 1030
        case .fresh: 1000
        case .en13319: 1020
        }
    }
}
