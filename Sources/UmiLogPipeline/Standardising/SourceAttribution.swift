/// The credit line each licence asks for, per source: what the app's About screen and the
/// dataset's `attribution.json` show (seed, "Licensing & Attribution").
enum SourceAttribution {
    /// How a source is credited; sources not listed are credited by their name.
    static let credits: [String: String] = [
        "wikidata": "Wikidata",
        "osm": "© OpenStreetMap contributors",
        "openstreetmap": "© OpenStreetMap contributors",
        "wikivoyage": "Wikivoyage contributors",
        "obis": "OBIS (Ocean Biodiversity Information System)",
        "noaa": "NOAA",
        "padi": "PADI",
    ]

    /// "© OpenStreetMap contributors (ODbL 1.0)", "Wikidata (CC0 1.0)".
    static func text(source: String, licence: Licence) -> String {
        "\(credits[source.lowercased()] ?? source) (\(licence.displayName))"
    }

    /// Where the licence text lives, for the open licences.
    static func url(for licence: Licence) -> String? {
        switch licence {
        case .cc0: "https://creativecommons.org/publicdomain/zero/1.0/"
        case .ccBy(let version): "https://creativecommons.org/licenses/by/\(version)/"
        case .odbl: "https://opendatacommons.org/licenses/odbl/1-0/"
        case .ccBySA(let version): "https://creativecommons.org/licenses/by-sa/\(version)/"
        case .restricted, .unknown: nil
        }
    }
}
