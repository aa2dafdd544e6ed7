import XMLKit

/// Writes a `Logbook` as Subsurface XML version 3, in the layout of Subsurface's own
/// `core/save-xml.cpp`: single-quoted attributes, no XML declaration, `<divesites>` with 8-hex-digit
/// uuids, one `<divecomputer>` per dive with delta-encoded `<sample>`s, metric unit suffixes.
///
/// `SubsurfaceXMLReader` reads the output back to the same `Logbook`, with these exceptions:
/// - **Not carried** (Subsurface XML has no place for them): `LogbookDive.visibilityMeters`
///   (only the 1–5 star `visibilityRating` exists), `current` (Subsurface's `current` is a 0–5
///   rating, not our strength scale), and `sightings`.
/// - **Carried in an extension**: `LogbookDive.id` is written as a `umilog-id='UUID'` attribute
///   on `<dive>`; Subsurface ignores attributes it does not know, and our reader takes it back.
/// - **Site keys become Subsurface uuids**: a key that is already 8 hex digits is kept (in lower
///   case); any other key is replaced by a stable id hashed from it, and the dives' `siteKey`s
///   follow. A dive whose `siteKey` names no site of the log is written without a site.
/// - **Temperatures** go in the computer's `<temperature air water>`: Subsurface writes
///   `<divetemperature>` only when the diver's values differ from the computer's, which a
///   `LogbookDive` (one value of each) cannot express. The reader takes either.
/// - **Normalised on the way**: empty strings and ratings of 0 are "not set" (`nil`); buddy,
///   divemaster, suit, cylinder and weight descriptions and tags are trimmed, as Subsurface
///   trims them (notes are kept exactly); pressures and salinity of 0 mean "not recorded".
/// - **Samples**: values written only when they change cannot say that a value *stopped* being
///   reported, so a sample value that goes back to `nil` reads back as the previous value; tank
///   pressure is written on every sample and is not affected. Samples at negative times are left out.
/// - Text characters XML 1.0 cannot hold at all (control characters other than tab, line feed
///   and carriage return) do not survive any XML format.
public enum SubsurfaceXMLWriter {
    /// The attribute on `<dive>` that carries `LogbookDive.id`.
    static let idAttribute = "umilog-id"

    /// The log as a Subsurface XML document.
    public static func write(_ logbook: Logbook) -> String {
        var xml = XMLWriter(declaration: false, indent: "  ", quote: "'")
        xml.open("divelog", [("program", "subsurface"), ("version", String(SubsurfaceXMLReader.supportedVersion))])
        let ids = SubsurfaceSiteID.assign(logbook.sites.map(\.key))
        var idForKey: [String: String] = [:]
        xml.open("divesites")
        for (site, id) in zip(logbook.sites, ids) {
            if idForKey[site.key] == nil { idForKey[site.key] = id }
            writeSite(site, id: id, into: &xml)
        }
        xml.close()
        xml.open("dives")
        for dive in logbook.dives {
            SubsurfaceDiveWriter.write(dive, siteID: dive.siteKey.flatMap { idForKey[$0] }, into: &xml)
        }
        xml.close()
        xml.close()
        return xml.output
    }

    private static func writeSite(_ site: LogbookSite, id: String, into xml: inout XMLWriter) {
        var attributes = [("uuid", id), ("name", site.name)]
        if let coordinate = site.coordinate { attributes.append(("gps", SubsurfaceFormat.coordinate(coordinate))) }
        let notes = site.notes.flatMap { $0.isEmpty ? nil : $0 }
        let country = site.country.flatMap { $0.isEmpty ? nil : $0 }
        guard notes != nil || country != nil else {
            xml.element("site", attributes)
            return
        }
        xml.open("site", attributes)
        if let notes { xml.element("notes", text: notes) }
        if let country {
            xml.element("geo", [("cat", SubsurfaceSiteBook.countryCategory), ("origin", manualOrigin), ("value", country)])
        }
        xml.close()
    }

    /// Subsurface's taxonomy origin "entered by hand" (`GEOMANUAL`).
    private static let manualOrigin = "2"
}
