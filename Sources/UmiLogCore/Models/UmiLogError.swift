public import Foundation
public import Validation

/// Everything that can go wrong in UmiLog, each with a message a person can act on.
public enum UmiLogError: LocalizedError, Equatable, Sendable {
    /// A dive field that cannot be accepted as given (the wizard's per-field message).
    case invalidField(FieldIssue<DiveField>)
    case siteNotFound(String)
    case speciesNotFound(String)
    /// A species name that matches several species; the candidates' ids.
    case ambiguousSpecies(String, candidates: [String])
    case diveNotFound(String)
    /// More than one dive id starts with the given prefix.
    case ambiguousDiveID(String, matches: Int)
    /// QuickLog needs something to copy from.
    case nothingToPrefill(siteID: String)
    /// A shipped or supplied data file that cannot be read.
    case unreadableData(file: String, reason: String)
    case storeFailed(reason: String)

    /// `error` itself when it is an `UmiLogError`, else a store failure carrying its message.
    public init(_ error: any Error) {
        self = (error as? UmiLogError) ?? .storeFailed(reason: error.localizedDescription)
    }

    public var errorDescription: String? {
        switch self {
        case .invalidField(let issue):
            issue.message
        case .siteNotFound(let id):
            "site: no dive site \(id). Find one with: umilog sites search NAME"
        case .speciesNotFound(let name):
            "species: no species \(name). Find one with: umilog species search NAME"
        case .ambiguousSpecies(let name, let candidates):
            "species: \(name) matches \(candidates.count) species (\(candidates.prefix(5).joined(separator: ", "))); use an id"
        case .diveNotFound(let id):
            "No dive with id \(id). List dives with: umilog list"
        case .ambiguousDiveID(let prefix, let matches):
            "The id \(prefix) matches \(matches) dives; type more of it."
        case .nothingToPrefill(let siteID):
            "No earlier dive at \(siteID) to copy; give --depth and --time, or use: umilog log"
        case .unreadableData(let file, let reason):
            "Couldn't read \(file): \(reason)"
        case .storeFailed(let reason):
            "The dive log store failed: \(reason)"
        }
    }
}

/// The fields of a dive, named as the CLI names its options.
public enum DiveField: String, Sendable, CaseIterable, Codable {
    case site
    case startTime = "at"
    case maxDepth = "depth"
    case averageDepth = "avg-depth"
    case bottomTime = "time"
    case waterTemperature = "temp"
    case visibility
    case current
    case oxygen = "nitrox"
    case startPressure = "start-pressure"
    case endPressure = "end-pressure"
    case buddy
    case notes
    case tags = "tag"
    case rating
    case sighting
}
