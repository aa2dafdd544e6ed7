import Foundation
import Geo

/// Writes a dive log as a CSV table: a header and one row per dive, in SI units, the dates
/// `yyyy-mm-dd`, times `HH:MM:SS`, durations `mm:ss`, quoted by RFC 4180 (CRLF between
/// records). The header names are ones `CSVMapping.propose(for:)` maps by itself, so an export
/// imports back with no manual mapping.
///
/// A CSV row carries one dive's own fields and its site's name and coordinates. Not carried:
/// the dive's `id`, `visibilityRating`, `current`, `mode`, `surfacePressureBar`,
/// `salinityGramsPerLiter`, `diveComputer`, `samples` and `sightings`; of the cylinders only the
/// one whose gas summarises the dive (`LogbookDive.primaryCylinder`, else the first), without `description`, `workingPressureBar` and `use`; the weights as their total
/// (no descriptions); the site's `country` and `notes`, sites no dive uses, and the site key
/// (a CSV import keys sites by name). Tags must not contain `;` or `,` (the separators inside
/// the tags cell), and text that is only spaces reads back as no text.
public enum CSVLogbookWriter {
    /// The exported columns, in order, with their header names.
    static let columns: [(field: CSVField, header: String)] = [
        (.number, "number"), (.date, "date"), (.time, "time"), (.duration, "duration"), (.maxDepth, "max depth"),
        (.meanDepth, "mean depth"), (.waterTemperature, "water temp"), (.airTemperature, "air temp"),
        (.location, "location"), (.latitude, "latitude"), (.longitude, "longitude"), (.buddy, "buddy"),
        (.divemaster, "divemaster"), (.suit, "suit"), (.rating, "rating"), (.visibility, "visibility"),
        (.tags, "tags"), (.notes, "notes"), (.startPressure, "start pressure"), (.endPressure, "end pressure"),
        (.oxygen, "o2"), (.helium, "he"), (.cylinderSize, "cylinder size"), (.weight, "weight"),
    ]

    public static func write(_ logbook: Logbook) -> String {
        var sites: [String: LogbookSite] = [:]
        for site in logbook.sites where sites[site.key] == nil { sites[site.key] = site }
        var output = record(columns.map(\.header))
        for dive in logbook.dives {
            let site = dive.siteKey.flatMap { sites[$0] }
            output += record(columns.map { cell($0.field, of: dive, at: site) })
        }
        return output
    }

    private static func cell(_ field: CSVField, of dive: LogbookDive, at site: LogbookSite?) -> String {
        // The cylinder whose gas summarises the dive, so the gas a diver sees survives the trip.
        let cylinder = LogbookDive.primaryCylinder(dive.cylinders) ?? dive.cylinders.first
        let number = { (value: Double?) in value.map(CSVValueText.number) ?? "" }
        switch field {
        case .number: return dive.number.map(String.init) ?? ""
        case .date: return dive.start.dateText
        case .time: return dive.start.timeText
        case .dateTime: return "\(dive.start.dateText) \(dive.start.timeText)"
        case .duration: return CSVValueText.duration(dive.durationSeconds)
        case .maxDepth: return CSVValueText.number(dive.maxDepthMeters)
        case .meanDepth: return number(dive.meanDepthMeters)
        case .waterTemperature: return number(dive.waterTemperatureCelsius)
        case .airTemperature: return number(dive.airTemperatureCelsius)
        case .location: return site?.name ?? ""
        case .latitude: return number(site?.coordinate?.latitude)
        case .longitude: return number(site?.coordinate?.longitude)
        case .gps:
            guard let coordinate = site?.coordinate else { return "" }
            return "\(CSVValueText.number(coordinate.latitude)) \(CSVValueText.number(coordinate.longitude))"
        case .buddy: return dive.buddy ?? ""
        case .divemaster: return dive.divemaster ?? ""
        case .suit: return dive.suit ?? ""
        case .rating: return dive.rating.map(String.init) ?? ""
        case .visibility: return number(dive.visibilityMeters)
        case .tags: return dive.tags.joined(separator: ";")
        case .notes: return dive.notes ?? ""
        case .startPressure: return number(cylinder?.startPressureBar)
        case .endPressure: return number(cylinder?.endPressureBar)
        case .oxygen: return number(cylinder?.oxygenPercent)
        case .helium: return number(cylinder?.heliumPercent)
        case .cylinderSize: return number(cylinder?.sizeLiters)
        case .weight: return dive.weights.isEmpty ? "" : CSVValueText.number(dive.weights.reduce(0) { $0 + $1.kilograms })
        case .ignore: return ""
        }
    }

    private static func record(_ cells: [String]) -> String {
        cells.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// Quotes a cell holding a comma, quote, CR or LF (RFC 4180), or surrounding spaces, which
    /// a reader drops from unquoted cells; quotes inside are doubled.
    private static func quoted(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        let needsQuotes =
            scalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
            || scalars.first.map { $0 == " " || $0 == "\t" } ?? false
            || scalars.last.map { $0 == " " || $0 == "\t" } ?? false
        guard needsQuotes else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
