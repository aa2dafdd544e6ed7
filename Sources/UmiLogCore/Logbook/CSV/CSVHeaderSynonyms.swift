/// The column names, in English, that a proposal maps without asking: the words spreadsheets
/// use, Subsurface's manual-CSV headers (`#Nr`, `maxdepth`, `avgdepth`, `divetime`, …) and
/// every header `CSVLogbookWriter` writes, so an export imports back with no manual mapping.
enum CSVHeaderSynonyms {
    /// The field a header names, `nil` when it names none. Case, spaces, punctuation and a
    /// unit in brackets (`Max Depth (m)`, `water_temp [°C]`, `O2 %`) do not matter.
    static func field(forHeader header: String) -> CSVField? {
        let key = normalized(header)
        if key.isEmpty { return CSVText.trimmed(header).hasPrefix("#") ? .number : nil }
        return table[key]
    }

    /// Whether a header names an imperial unit (`Depth (ft)`, `Temp °F`, `psi`, `lbs`).
    static func namesImperialUnit(_ header: String) -> Bool {
        let words = header.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "°" })
        return words.contains { ["ft", "feet", "°f", "f", "psi", "lb", "lbs", "fahrenheit"].contains($0) }
            && !words.contains { ["m", "°c", "c", "bar", "kg"].contains($0) }
    }

    /// Lower-case letters and digits only, without bracketed units and `°C`/`°F`/`%` marks.
    private static func normalized(_ header: String) -> String {
        var depth = 0
        var kept = ""
        for character in header.lowercased() {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            default:
                if depth == 0, character.isLetter || character.isNumber || character == "°" { kept.append(character) }
            }
        }
        for unit in ["°c", "°f"] where kept.hasSuffix(unit) { kept.removeLast(unit.count) }
        kept.removeAll { $0 == "°" }
        return kept
    }

    private static let table: [String: CSVField] = {
        var table: [String: CSVField] = [:]
        let names: [(CSVField, [String])] = [
            (.number, ["nr", "no", "number", "dive", "divenr", "diveno", "divenumber", "num"]),
            (.date, ["date", "divedate", "day"]),
            (.time, ["time", "starttime", "entrytime", "divestarttime", "timein"]),
            (.dateTime, ["datetime", "start", "startdate", "divestart", "entry", "startdatetime"]),
            (.duration, ["duration", "divetime", "bottomtime", "runtime", "totaltime", "diveduration", "divetimemin", "durationmin"]),
            (.maxDepth, ["maxdepth", "depth", "maximumdepth", "max", "deepest", "maxdepthm"]),
            (.meanDepth, ["avgdepth", "meandepth", "averagedepth", "avg", "mean"]),
            (.waterTemperature, ["watertemp", "watertemperature", "temperature", "temp", "mintemp", "bottomtemp", "bottomtemperature", "wtemp"]),
            (.airTemperature, ["airtemp", "airtemperature", "atemp"]),
            (.buddy, ["buddy", "buddies", "divebuddy", "partner", "divepartner"]),
            (.divemaster, ["divemaster", "guide", "diveguide", "instructor", "dm"]),
            (.suit, ["suit", "exposuresuit", "wetsuit", "exposure"]),
            (.notes, ["notes", "note", "comments", "comment", "remarks", "description"]),
            (.location, ["location", "site", "divesite", "sitename", "place", "spot", "locationname"]),
            (.latitude, ["lat", "latitude"]),
            (.longitude, ["lon", "lng", "long", "longitude"]),
            (.gps, ["gps", "coordinates", "position", "gpscoordinates"]),
            (.tags, ["tags", "tag", "labels"]),
            (.rating, ["rating", "stars"]),
            (.visibility, ["visibility", "vis", "viz"]),
            (.cylinderSize, ["cylindersize", "cylsize", "tanksize", "cylinder", "tank", "cylindervolume"]),
            (.startPressure, ["startpressure", "pressurestart", "cylinderstartpressure", "startbar", "pressurein"]),
            (.endPressure, ["endpressure", "pressureend", "cylinderendpressure", "endbar", "pressureout"]),
            (.oxygen, ["o2", "oxygen", "fo2", "o2percent", "nitrox"]),
            (.helium, ["he", "helium", "fhe", "hepercent"]),
            (.weight, ["weight", "weights", "lead", "ballast"]),
        ]
        for (field, synonyms) in names {
            for synonym in synonyms { table[synonym] = field }
        }
        return table
    }()
}
