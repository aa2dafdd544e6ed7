public import Foundation
public import Geo

/// A dive log as a file carries it: the sites it names and its dives, in SI units, with
/// wall-clock start times. Every reader (Subsurface XML, UDDF, CSV, JSON) produces one and
/// every writer consumes one; `LogbookImporter` maps it onto the store and `LogbookExporter`
/// builds it from the store, so a format only has to know its own syntax.
public struct Logbook: Codable, Hashable, Sendable {
    public var sites: [LogbookSite]
    public var dives: [LogbookDive]

    public init(sites: [LogbookSite] = [], dives: [LogbookDive] = []) {
        self.sites = sites
        self.dives = dives
    }
}

/// A dive site as a log file names it.
public struct LogbookSite: Codable, Hashable, Sendable {
    /// The file's own reference for the site (Subsurface's uuid, UDDF's `id`, or our site id on
    /// export), which dives point at through `LogbookDive.siteKey`.
    public var key: String
    public var name: String
    public var coordinate: Coordinate?
    public var country: String?
    public var notes: String?

    public init(key: String, name: String, coordinate: Coordinate? = nil, country: String? = nil, notes: String? = nil) {
        self.key = key
        self.name = name
        self.coordinate = coordinate
        self.country = country
        self.notes = notes
    }
}

extension LogbookSite {
    /// Whether `coordinate` is exactly 0° N 0° E, which Diving Log, MacDive and other programs
    /// write for a site they have no fix for. Nobody dives there (it is open ocean 5 km deep in
    /// the Gulf of Guinea), so the pair means "no position", never a place.
    public static func isNoFix(_ coordinate: Coordinate) -> Bool {
        coordinate.latitude == 0 && coordinate.longitude == 0
    }

    /// Drops a 0, 0 position (see ``isNoFix(_:)``) and says so; `nil` when the site had none.
    /// The importer applies it to every format's sites, so no reader has to remember it.
    mutating func removeNoFixPosition() -> LogbookIssue? {
        guard let coordinate, Self.isNoFix(coordinate) else { return nil }
        self.coordinate = nil
        let record = name.isEmpty ? "site \(key)" : "site \(name)"
        return LogbookIssue(
            record: record, message: "position 0, 0 is how some programs write \"no fix\"; the site has no position",
            outcome: .valueDropped
        )
    }
}

/// A species seen on a dive, as our own JSON export carries it (the dive-log formats have no
/// place for sightings).
public struct LogbookSighting: Codable, Hashable, Sendable {
    public var speciesID: String
    public var count: Int
    public var note: String?

    public init(speciesID: String, count: Int = 1, note: String? = nil) {
        self.speciesID = speciesID
        self.count = count
        self.note = note
    }
}

/// One dive as a log file carries it.
///
/// Depth and duration are the dive computer's header values — what divers and Subsurface show —
/// which can differ from the samples (a computer's max depth is often deeper than its last
/// sampled point; the duration leaves out surface intervals).
public struct LogbookDive: Codable, Hashable, Sendable {
    /// Our dive id, when the file was written by UmiLog (a round trip keeps it).
    public var id: UUID?
    /// The diver's own dive number; several dives may share one.
    public var number: Int?
    public var start: LocalDateTime
    public var durationSeconds: Int
    public var maxDepthMeters: Double
    public var meanDepthMeters: Double?
    /// `LogbookSite.key` of the site, if the file says where the dive was.
    public var siteKey: String?
    public var airTemperatureCelsius: Double?
    /// The water temperature the diver logs: the lowest the computer saw.
    public var waterTemperatureCelsius: Double?
    public var visibilityMeters: Double?
    /// Visibility as 1–5 stars (Subsurface's scale), when the log rates rather than measures it.
    public var visibilityRating: Int?
    /// 1–5 stars.
    public var rating: Int?
    public var current: CurrentStrength?
    public var buddy: String?
    public var divemaster: String?
    public var suit: String?
    public var notes: String?
    public var tags: [String]
    public var cylinders: [Cylinder]
    public var weights: [WeightSystem]
    public var mode: DiveMode
    public var surfacePressureBar: Double?
    /// Water density in g/l (1000 fresh, 1030 sea).
    public var salinityGramsPerLiter: Double?
    /// "Heinrichs Weikamp OSTC 3".
    public var diveComputer: String?
    public var samples: [DiveSample]
    public var sightings: [LogbookSighting]

    public init(
        id: UUID? = nil, number: Int? = nil, start: LocalDateTime, durationSeconds: Int, maxDepthMeters: Double,
        meanDepthMeters: Double? = nil, siteKey: String? = nil, airTemperatureCelsius: Double? = nil,
        waterTemperatureCelsius: Double? = nil, visibilityMeters: Double? = nil, visibilityRating: Int? = nil,
        rating: Int? = nil, current: CurrentStrength? = nil, buddy: String? = nil, divemaster: String? = nil,
        suit: String? = nil, notes: String? = nil, tags: [String] = [], cylinders: [Cylinder] = [],
        weights: [WeightSystem] = [], mode: DiveMode = .openCircuit, surfacePressureBar: Double? = nil,
        salinityGramsPerLiter: Double? = nil, diveComputer: String? = nil, samples: [DiveSample] = [],
        sightings: [LogbookSighting] = []
    ) {
        self.id = id
        self.number = number
        self.start = start
        self.durationSeconds = durationSeconds
        self.maxDepthMeters = maxDepthMeters
        self.meanDepthMeters = meanDepthMeters
        self.siteKey = siteKey
        self.airTemperatureCelsius = airTemperatureCelsius
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.visibilityMeters = visibilityMeters
        self.visibilityRating = visibilityRating
        self.rating = rating
        self.current = current
        self.buddy = buddy
        self.divemaster = divemaster
        self.suit = suit
        self.notes = notes
        self.tags = tags
        self.cylinders = cylinders
        self.weights = weights
        self.mode = mode
        self.surfacePressureBar = surfacePressureBar
        self.salinityGramsPerLiter = salinityGramsPerLiter
        self.diveComputer = diveComputer
        self.samples = samples
        self.sightings = sightings
    }
}
