public import Foundation

/// One logged dive. Units are SI: metres, seconds, °C, bar.
///
/// Only the seed's "minimum viable fields" are required — site, start time, depth and time —
/// everything else is optional so a dive can be logged in under 30 seconds.
public struct Dive: Identifiable, Codable, Hashable, Sendable {
    public var id: UUID
    /// `nil` for an imported dive whose log did not say where it was; dives logged in the app
    /// always have a site.
    public var siteID: String?
    public var startTime: Date
    public var maxDepthMeters: Double
    public var averageDepthMeters: Double?
    public var bottomTimeSeconds: Int
    public var waterTemperatureCelsius: Double?
    public var visibilityMeters: Double?
    public var current: CurrentStrength?
    public var gas: BreathingGas
    public var startPressureBar: Double?
    public var endPressureBar: Double?
    public var buddy: String?
    public var notes: String?
    /// Free-form tags the diver adds ("training", "night"), lower-cased.
    public var tags: [String]
    /// 1–5 stars.
    public var rating: Int?
    /// What dive logs carry beyond the wizard's fields (mostly filled by imports).
    public var details: DiveDetails
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = UUID(), siteID: String?, startTime: Date, maxDepthMeters: Double, averageDepthMeters: Double? = nil,
        bottomTimeSeconds: Int, waterTemperatureCelsius: Double? = nil, visibilityMeters: Double? = nil,
        current: CurrentStrength? = nil, gas: BreathingGas = .air, startPressureBar: Double? = nil,
        endPressureBar: Double? = nil, buddy: String? = nil, notes: String? = nil, tags: [String] = [],
        rating: Int? = nil, details: DiveDetails = DiveDetails(), createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.siteID = siteID
        self.startTime = startTime
        self.maxDepthMeters = maxDepthMeters
        self.averageDepthMeters = averageDepthMeters
        self.bottomTimeSeconds = bottomTimeSeconds
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.visibilityMeters = visibilityMeters
        self.current = current
        self.gas = gas
        self.startPressureBar = startPressureBar
        self.endPressureBar = endPressureBar
        self.buddy = buddy
        self.notes = notes
        self.tags = tags
        self.rating = rating
        self.details = details
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}

/// The fields of a dive that dive logs and dive computers record beyond the wizard's: the
/// diver's number, the people, equipment and conditions. All optional.
public struct DiveDetails: Codable, Hashable, Sendable {
    /// The diver's own dive number; several dives may share one.
    public var number: Int?
    public var divemaster: String?
    public var suit: String?
    public var airTemperatureCelsius: Double?
    /// Visibility as 1–5 stars, when rated rather than measured.
    public var visibilityRating: Int?
    public var mode: DiveMode
    public var cylinders: [Cylinder]
    public var weights: [WeightSystem]
    public var surfacePressureBar: Double?
    /// Water density in g/l (1000 fresh, 1030 sea).
    public var salinityGramsPerLiter: Double?
    /// The dive computer that recorded the profile.
    public var diveComputer: String?

    public init(
        number: Int? = nil, divemaster: String? = nil, suit: String? = nil, airTemperatureCelsius: Double? = nil,
        visibilityRating: Int? = nil, mode: DiveMode = .openCircuit, cylinders: [Cylinder] = [],
        weights: [WeightSystem] = [], surfacePressureBar: Double? = nil, salinityGramsPerLiter: Double? = nil,
        diveComputer: String? = nil
    ) {
        self.number = number
        self.divemaster = divemaster
        self.suit = suit
        self.airTemperatureCelsius = airTemperatureCelsius
        self.visibilityRating = visibilityRating
        self.mode = mode
        self.cylinders = cylinders
        self.weights = weights
        self.surfacePressureBar = surfacePressureBar
        self.salinityGramsPerLiter = salinityGramsPerLiter
        self.diveComputer = diveComputer
    }
}

/// The current the diver felt.
public enum CurrentStrength: String, Codable, CaseIterable, Hashable, Sendable {
    case none, light, moderate, strong
}

/// What was in the cylinder: air, or nitrox with its oxygen percentage (22–40 % for
/// recreational enriched air; up to 100 % is accepted for deco gases).
public enum BreathingGas: Hashable, Sendable {
    case air
    case nitrox(oxygenPercent: Int)

    /// Oxygen percentage: 21 for air.
    public var oxygenPercent: Int {
        switch self {
        case .air: 21
        case .nitrox(let percent): percent
        }
    }

    /// "air" or "EAN32".
    public var label: String {
        switch self {
        case .air: "air"
        case .nitrox(let percent): "EAN\(percent)"
        }
    }
}

extension BreathingGas: Codable {
    /// Encoded as its oxygen percentage, so JSON stays flat (`"oxygenPercent": 32`); 21 is air.
    public init(from decoder: any Decoder) throws {
        let percent = try decoder.singleValueContainer().decode(Int.self)
        self = percent == 21 ? .air : .nitrox(oxygenPercent: percent)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(oxygenPercent)
    }
}
