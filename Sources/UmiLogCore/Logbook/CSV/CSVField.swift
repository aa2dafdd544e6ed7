/// What a column of a CSV dive log means: the `LogbookDive` (or site) field it fills.
///
/// `rawValue` is the kebab-case name the command line uses (`--map 5=max-depth`); `aliases`
/// are other names it accepts. Values are read in the mapping's units and stored in SI.
public enum CSVField: String, CaseIterable, Codable, Hashable, Sendable {
    case number
    /// A date, optionally with the time after it.
    case date
    /// `HH:MM` or `HH:MM:SS`; overrides a time in the date column. Missing: midnight.
    case time
    /// A date and time in one cell (`2013-10-01 10:34`).
    case dateTime = "date-time"
    case duration
    case maxDepth = "max-depth"
    case meanDepth = "mean-depth"
    case waterTemperature = "water-temp"
    case airTemperature = "air-temp"
    case buddy
    case divemaster
    case suit
    case notes
    /// The site's name: dives with the same name share one `LogbookSite`, keyed by the name.
    case location
    /// Decimal degrees of the site, `-43.342295` or `43.342295 S`.
    case latitude
    case longitude
    /// Latitude and longitude in one cell (`-43.342295 171.545936`), as Subsurface writes GPS.
    case gps
    /// Several tags in one cell, separated by `;` or `,`.
    case tags
    /// 1–5 stars; 0 means unrated.
    case rating
    /// Visibility as a distance (metres or feet), not stars.
    case visibility
    /// Water volume of the (first) cylinder, in litres whatever the units.
    case cylinderSize = "cylinder-size"
    case startPressure = "start-pressure"
    case endPressure = "end-pressure"
    /// Percent oxygen of the cylinder's gas (21 for air).
    case oxygen
    case helium
    /// Total weight carried.
    case weight
    /// A column left out of the import.
    case ignore

    /// Other names the command line accepts for the field.
    public var aliases: [String] {
        switch self {
        case .number: ["nr", "no", "dive-number"]
        case .date: ["day"]
        case .time: ["start-time"]
        case .dateTime: ["datetime", "start"]
        case .duration: ["divetime", "dive-time", "bottom-time"]
        case .maxDepth: ["depth", "maxdepth", "max"]
        case .meanDepth: ["avg-depth", "average-depth", "avgdepth", "meandepth"]
        case .waterTemperature: ["water-temperature", "watertemp", "temperature", "temp"]
        case .airTemperature: ["air-temperature", "airtemp"]
        case .buddy: ["buddies"]
        case .divemaster: ["dive-master", "guide"]
        case .suit: ["exposure-suit"]
        case .notes: ["note", "comments"]
        case .location: ["site", "dive-site"]
        case .latitude: ["lat"]
        case .longitude: ["lon", "lng"]
        case .gps: ["coordinates"]
        case .tags: ["tag"]
        case .rating: ["stars"]
        case .visibility: ["vis"]
        case .cylinderSize: ["cyl-size", "tank-size", "size"]
        case .startPressure: ["pressure-start"]
        case .endPressure: ["pressure-end"]
        case .oxygen: ["o2"]
        case .helium: ["he"]
        case .weight: ["weights"]
        case .ignore: ["skip", "none"]
        }
    }

    /// Reads a field by its `rawValue` or an alias, case-insensitive; spaces and underscores
    /// count as hyphens (`max depth`, `max_depth`).
    public init?(name: String) {
        let key = String(CSVText.trimmed(name).lowercased().map { $0 == " " || $0 == "_" ? "-" : $0 })
        guard let field = Self.allCases.first(where: { $0.rawValue == key || $0.aliases.contains(key) }) else {
            return nil
        }
        self = field
    }

    /// The field as the preview and messages name it ("max depth").
    public var displayName: String {
        switch self {
        case .number: "number"
        case .date: "date"
        case .time: "time"
        case .dateTime: "date and time"
        case .duration: "duration"
        case .maxDepth: "max depth"
        case .meanDepth: "mean depth"
        case .waterTemperature: "water temperature"
        case .airTemperature: "air temperature"
        case .buddy: "buddy"
        case .divemaster: "divemaster"
        case .suit: "suit"
        case .notes: "notes"
        case .location: "location"
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .gps: "GPS"
        case .tags: "tags"
        case .rating: "rating"
        case .visibility: "visibility"
        case .cylinderSize: "cylinder size"
        case .startPressure: "start pressure"
        case .endPressure: "end pressure"
        case .oxygen: "O2"
        case .helium: "He"
        case .weight: "weight"
        case .ignore: "ignored"
        }
    }

    /// Fields without which a row is no dive: a bad or missing value skips the row.
    var isNeededForDive: Bool {
        switch self {
        case .date, .time, .dateTime, .duration, .maxDepth: true
        case .number, .meanDepth, .waterTemperature, .airTemperature, .buddy, .divemaster, .suit, .notes, .location,
            .latitude, .longitude, .gps, .tags, .rating, .visibility, .cylinderSize, .startPressure, .endPressure,
            .oxygen, .helium, .weight, .ignore:
            false
        }
    }
}
