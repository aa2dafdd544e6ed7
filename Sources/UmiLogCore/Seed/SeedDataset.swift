public import Foundation

/// The data UmiLog ships (see `Resources/ATTRIBUTION.md`): real dive sites, marine species and
/// a few sample dives. Decoding validates every record (coordinates, taxonomy tags, enums), so
/// a broken file is reported by name instead of seeding half a dataset.
public struct SeedDataset: Sendable {
    /// Bump when the shipped files change, so existing stores take the new rows.
    public static let version = 1

    public var sites: [DiveSite]
    public var species: [Species]
    public var sampleDives: [LoggedDive]

    public init(sites: [DiveSite], species: [Species], sampleDives: [LoggedDive]) {
        self.sites = sites
        self.species = species
        self.sampleDives = sampleDives
    }

    /// The dataset in the package's resources.
    public static func bundled() throws(UmiLogError) -> SeedDataset {
        try SeedDataset(
            sites: decode([DiveSite].self, resource: "sites"),
            species: decode([Species].self, resource: "species"),
            sampleDives: decode([SeedDive].self, resource: "sample-dives").map(\.logged)
        )
    }

    /// Decodes one JSON file of the dataset.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(UmiLogError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .unreadableData(file: file, reason: Self.describe(error))
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, resource: String) throws(UmiLogError) -> T {
        guard let url = Bundle.module.url(forResource: resource, withExtension: "json") else {
            throw .unreadableData(file: "\(resource).json", reason: "it is missing from the package resources")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableData(file: url.path, reason: error.localizedDescription)
        }
        return try decode(type, from: data, file: "\(resource).json")
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "\(path.isEmpty ? "" : "at \(path): ")\(context.debugDescription)"
        default:
            return error.localizedDescription
        }
    }
}

/// A sample dive as the resource file writes it: the dive's fields with its sightings inline.
struct SeedDive: Decodable {
    let id: UUID
    let siteID: String
    let startTime: Date
    let maxDepthMeters: Double
    let averageDepthMeters: Double?
    let bottomTimeSeconds: Int
    let waterTemperatureCelsius: Double?
    let visibilityMeters: Double?
    let current: CurrentStrength?
    let gas: BreathingGas
    let startPressureBar: Double?
    let endPressureBar: Double?
    let buddy: String?
    let notes: String?
    let tags: [String]
    let rating: Int?
    let sightings: [SeedSighting]

    struct SeedSighting: Decodable {
        let id: UUID
        let speciesID: String
        let count: Int
        let note: String?
    }

    var logged: LoggedDive {
        let loggedAt = startTime.addingTimeInterval(TimeInterval(bottomTimeSeconds))
        let dive = Dive(
            id: id, siteID: siteID, startTime: startTime, maxDepthMeters: maxDepthMeters,
            averageDepthMeters: averageDepthMeters, bottomTimeSeconds: bottomTimeSeconds,
            waterTemperatureCelsius: waterTemperatureCelsius, visibilityMeters: visibilityMeters, current: current,
            gas: gas, startPressureBar: startPressureBar, endPressureBar: endPressureBar, buddy: buddy, notes: notes,
            tags: tags, rating: rating, createdAt: loggedAt
        )
        let sightings = sightings.map { Sighting(id: $0.id, diveID: id, speciesID: $0.speciesID, count: $0.count, note: $0.note) }
        return LoggedDive(dive: dive, sightings: sightings)
    }
}
