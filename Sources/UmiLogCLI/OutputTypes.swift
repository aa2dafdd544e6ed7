import CommandLineKit
import DecoKit
import Foundation
import Geo
import UmiLogCore

/// A site as `--json` prints it (SI units, the unit in the key).
struct SiteOutput: Encodable {
    let id: String
    let name: String
    let latitude: Double?
    let longitude: Double?
    let region: String
    let area: String?
    let country: String
    let maxDepthMeters: Double?
    let typicalDepthMeters: Double?
    let tags: [String]
    let entry: String
    let difficulty: String
    let description: String
    let source: String
    let license: String
    let status: String?
    let distanceMeters: Double?

    init(_ site: DiveSite, status: SiteStatus? = nil, distanceMeters: Double? = nil) {
        id = site.id
        name = site.name
        latitude = site.coordinate?.latitude
        longitude = site.coordinate?.longitude
        region = site.region
        area = site.area
        country = site.country
        maxDepthMeters = site.maxDepthMeters
        typicalDepthMeters = site.typicalDepthMeters
        tags = site.tags.map(\.rawValue)
        entry = site.entry.rawValue
        difficulty = site.difficulty.rawValue
        description = site.description
        source = site.source
        license = site.license
        self.status = status?.rawValue
        self.distanceMeters = distanceMeters
    }
}

/// A species as `--json` prints it.
struct SpeciesOutput: Encodable {
    let id: String
    let commonName: String
    let scientificName: String
    let category: String
    let regions: [String]
    let sightings: Int?

    init(_ species: Species, sightings: Int? = nil) {
        id = species.id
        commonName = species.commonName
        scientificName = species.scientificName
        category = species.category.rawValue
        regions = species.regions
        self.sightings = sightings
    }
}

/// A dive as `--json` prints it, with its site's name and its sightings' species names.
struct DiveOutput: Encodable {
    struct SightingOutput: Encodable {
        let id: String
        let speciesID: String
        let commonName: String?
        let scientificName: String?
        let count: Int
        let note: String?
    }

    let id: String
    let siteID: String?
    let siteName: String?
    let startTime: Date
    /// The wall-clock start where the dive was (`2014-04-02T10:00:00`), as dive logs record it.
    let localStartTime: String
    let number: Int?
    let maxDepthMeters: Double
    let averageDepthMeters: Double?
    let bottomTimeSeconds: Int
    let waterTemperatureCelsius: Double?
    let visibilityMeters: Double?
    let current: String?
    let gas: String
    let oxygenPercent: Int
    let startPressureBar: Double?
    let endPressureBar: Double?
    let buddy: String?
    let notes: String?
    let tags: [String]
    let rating: Int?
    let divemaster: String?
    let suit: String?
    let airTemperatureCelsius: Double?
    let visibilityRating: Int?
    let mode: String
    let cylinders: [Cylinder]
    let weights: [WeightSystem]
    let surfacePressureBar: Double?
    let salinityGramsPerLiter: Double?
    let diveComputer: String?
    let sightings: [SightingOutput]
    let createdAt: Date
    let updatedAt: Date
    /// The decompression model's view of the dive (`show` only, for a dive with a profile).
    let deco: DecoOutput?

    /// `umilog show --json`'s `deco`: SI units, times in seconds from the start of the dive.
    struct DecoOutput: Encodable {
        struct Violation: Encodable {
            let startSeconds: Int
            let endSeconds: Int
            let deepestMissMeters: Double
            let ceilingMeters: Double
        }

        struct Loop: Encodable {
            let diluent: String
            let minimumOxygenPressureBar: Double
            let maximumOxygenPressureBar: Double
            /// Whether the pressures are the computer's readings (else an assumed set point).
            let recorded: Bool
        }

        struct AssumedSwitch: Encodable {
            let gas: String
            let depthMeters: Double
            let timeSeconds: Int
        }

        let model: String
        let gradientFactors: String
        let gas: String
        /// Switches to deco gases the analysis assumed (the log records none).
        let assumedSwitches: [AssumedSwitch]
        /// A closed-circuit rebreather's loop, as the model breathed it (`gas` is its diluent).
        let loop: Loop?
        let earlierDives: Int
        let deepestCeilingMeters: Double
        let brokeCeiling: Bool
        let violations: [Violation]
        let leadingCompartment: Int
        let surfaceLoadingPercent: [Double]
        let cnsPercent: Double
        let otu: Double

        init(_ deco: DecoHistory.DiveAnalysis) {
            let analysis = deco.analysis
            model = "Bühlmann ZH-L16C"
            gradientFactors = deco.factors.description
            gas = deco.gas.name
            assumedSwitches = deco.assumedSwitches.map {
                AssumedSwitch(gas: $0.gas.name, depthMeters: $0.depth, timeSeconds: $0.time)
            }
            loop = deco.loop.map {
                Loop(
                    diluent: $0.diluent.name, minimumOxygenPressureBar: $0.oxygenPressures.lowerBound,
                    maximumOxygenPressureBar: $0.oxygenPressures.upperBound, recorded: $0.recorded)
            }
            earlierDives = deco.earlierDives
            deepestCeilingMeters = analysis.deepestCeiling
            brokeCeiling = analysis.brokeCeiling
            violations = analysis.violations.map {
                Violation(startSeconds: $0.start, endSeconds: $0.end, deepestMissMeters: $0.deepestMiss, ceilingMeters: $0.ceiling)
            }
            leadingCompartment = analysis.leadingCompartment
            surfaceLoadingPercent = analysis.surfaceLoading
            cnsPercent = analysis.oxygen.cnsPercent
            otu = analysis.oxygen.otu
        }
    }

    init(
        _ logged: LoggedDive, site: DiveSite?, species: [String: Species], timeZone: TimeZone,
        deco: DecoHistory.DiveAnalysis? = nil
    ) {
        self.deco = deco.map(DecoOutput.init)
        let dive = logged.dive
        let details = dive.details
        id = dive.id.uuidString.lowercased()
        siteID = dive.siteID
        siteName = site?.name
        startTime = dive.startTime
        localStartTime = LocalDateTime(dive.startTime, in: timeZone).description
        number = details.number
        divemaster = details.divemaster
        suit = details.suit
        airTemperatureCelsius = details.airTemperatureCelsius
        visibilityRating = details.visibilityRating
        mode = details.mode.rawValue
        cylinders = details.cylinders
        weights = details.weights
        surfacePressureBar = details.surfacePressureBar
        salinityGramsPerLiter = details.salinityGramsPerLiter
        diveComputer = details.diveComputer
        maxDepthMeters = dive.maxDepthMeters
        averageDepthMeters = dive.averageDepthMeters
        bottomTimeSeconds = dive.bottomTimeSeconds
        waterTemperatureCelsius = dive.waterTemperatureCelsius
        visibilityMeters = dive.visibilityMeters
        current = dive.current?.rawValue
        gas = dive.gas.label
        oxygenPercent = dive.gas.oxygenPercent
        startPressureBar = dive.startPressureBar
        endPressureBar = dive.endPressureBar
        buddy = dive.buddy
        notes = dive.notes
        tags = dive.tags
        rating = dive.rating
        sightings = logged.sightings.map {
            SightingOutput(
                id: $0.id.uuidString.lowercased(), speciesID: $0.speciesID, commonName: species[$0.speciesID]?.commonName,
                scientificName: species[$0.speciesID]?.scientificName, count: $0.count, note: $0.note
            )
        }
        createdAt = dive.createdAt
        updatedAt = dive.updatedAt
    }
}

/// Shared text formatting of the human-readable output.
enum Output {
    /// Local wall-clock minutes, as the diver logged them.
    static func dateTime(_ date: Date) -> String {
        TextFormat.dateTime(date, style: .localMinutes)
    }

    /// "45 min" or "1 h 05 min".
    static func duration(_ seconds: Int) -> String {
        let minutes = (seconds + 30) / 60
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
    }

    static func distance(_ meters: Double, units: UnitSystem) -> String {
        switch units {
        case .metric: meters < 1_000 ? "\(Int(meters.rounded())) m" : String(format: "%.1f km", meters / 1_000)
        case .imperial: String(format: "%.1f mi", meters / 1_609.344)
        }
    }

    /// The species of every sighting, by id, for printing names.
    static func speciesByID(_ dives: [LoggedDive], services: UmiLogServices) async throws -> [String: Species] {
        var result: [String: Species] = [:]
        for id in Set(dives.flatMap { $0.sightings.map(\.speciesID) }) {
            result[id] = try await services.species.fetch(id: id)
        }
        return result
    }

    /// The site's name for a table cell: its id when it is gone, "—" for a dive without a site.
    static func siteName(_ id: String?, _ sites: [String: DiveSite]) -> String {
        guard let id else { return "—" }
        return sites[id]?.name ?? id
    }

    /// The sites of the dives, by id.
    static func sitesByID(_ dives: [LoggedDive], services: UmiLogServices) async throws -> [String: DiveSite] {
        var result: [String: DiveSite] = [:]
        for id in Set(dives.compactMap(\.dive.siteID)) {
            result[id] = try await services.sites.fetch(id: id)
        }
        return result
    }
}
