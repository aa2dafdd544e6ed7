import Geo
import XMLKit

/// Writes a log as UDDF 3.2.2 (`<uddf xmlns="http://www.streit.cc/uddf/3.2/" version="3.2.2">`),
/// following uddf_3.2.2.xsd's element order and never writing an element empty where the schema
/// forbids it (Subsurface's empty `<rating>` and `<visibility>` made its files invalid).
///
/// The version declared is the one the file follows: it uses 3.2.2's `pulserate` and content
/// models, which gave hundreds of schema errors against 3.2.0 and 3.2.1, the version it used to
/// declare. Readers of 3.2.0 (Subsurface) key on the 3.2 namespace, which is the same.
///
/// ``UDDFReader`` reads the file back to the same log, except for what UDDF has no place for:
/// - `LogbookDive.divemaster`: a dive's links name buddies, and the only "guide" UDDF knows is
///   a dive base's list of guides, which does not say who led which dive (Subsurface's export
///   drops it too: test42.uddf has no trace of test42.xml's divemaster);
/// - `tags`, `sightings`, `salinityGramsPerLiter` (3.x has no per-dive water density; 2.x's
///   `density` is read) and `visibilityRating` (UDDF's visibility is metres);
/// - a cylinder's `workingPressureBar` and `use`.
///
/// Some values are carried in UDDF's shape, which the round trip normalises:
/// - `weights`: UDDF has one lead quantity per dive, so the weight systems become one, their
///   total (written only when above 0 kg), described by their descriptions joined with ", "
///   (a linked `lead` item of the owner's equipment);
/// - `buddy`: split at ", " into people, each split into first and last name at the first
///   space, so blank parts and repeated spaces are not kept;
/// - `mode`: written as the first waypoint's `divemode`; a dive without samples keeps only
///   `apparatus` (open-scuba or rebreather, which reads back as closed circuit), and a
///   breath-hold dive without samples reads back as open circuit;
/// - samples: a value is written only when it changes, and read back carried forward, so a
///   value a sample leaves out reads back as the one before it; a deco stop is written only
///   with both its depth and its time;
/// - dive numbers below 1, ratings outside 1–5, blank text, non-finite numbers and a site key
///   the log has no site for are not written; text reads back without surrounding whitespace,
///   and characters XML cannot hold (control characters) as U+FFFD.
///
/// Suit, dive computer and cylinder descriptions travel as items of the owner's equipment
/// that the dive links to, as UDDF intends. Our dive ids are written as `id="umilog-<uuid>"`
/// and our site keys as `id="site-…"` (see ``UDDFIdentifier``), so a round trip keeps both.
public enum UDDFWriter {
    /// The schema the writer follows, and declares.
    public static let schemaVersion = "3.2.2"

    /// The log as a UDDF document; `generatedAt` goes into `generator/datetime`.
    public static func write(_ logbook: Logbook, generatedAt: LocalDateTime) -> String {
        let catalog = UDDFCatalog(logbook)
        var xml = XMLWriter()
        xml.open("uddf", [("xmlns", "http://www.streit.cc/uddf/3.2/"), ("version", schemaVersion)])
        xml.open("generator")
        xml.element("name", text: UDDFDocument.umiLogGeneratorName)
        xml.element("type", text: "logbook")
        xml.element("datetime", text: generatedAt.description)
        xml.close()
        writeDiver(catalog, to: &xml)
        let siteKeys = writeSites(logbook.sites, to: &xml)
        writeGasDefinitions(catalog, to: &xml)
        if !logbook.dives.isEmpty {
            var diveWriter = UDDFDiveWriter(catalog: catalog, siteKeys: siteKeys)
            xml.open("profiledata")
            for (position, dive) in logbook.dives.enumerated() {
                // Subsurface writes one repetition group per dive; grouping repetitive dives
                // would claim more than the log knows.
                xml.open("repetitiongroup", [("id", "rg-\(position + 1)")])
                diveWriter.write(dive, position: position, to: &xml)
                xml.close()
            }
            xml.close()
        }
        xml.close()
        return xml.output
    }

    /// The owner (nameless: the log is theirs) with the equipment dives link to, then the buddies.
    private static func writeDiver(_ catalog: UDDFCatalog, to xml: inout XMLWriter) {
        let equipment = [
            ("divecomputer", catalog.diveComputers), ("lead", catalog.leads), ("suit", catalog.suits),
            ("tank", catalog.tanks),
        ]
        let hasEquipment = equipment.contains { !$0.1.isEmpty }
        guard hasEquipment || !catalog.people.isEmpty else { return }
        xml.open("diver")
        xml.open("owner", [("id", "owner")])
        writePersonal(first: "", last: "", to: &xml)
        if hasEquipment {
            xml.open("equipment")
            for (kind, entries) in equipment {
                for entry in entries {
                    xml.open(kind, [("id", entry.id)])
                    xml.element("name", text: entry.name)
                    if kind == "divecomputer" { xml.element("model", text: entry.name) }
                    xml.close()
                }
            }
            xml.close()
        }
        xml.close()
        for person in catalog.people {
            // The first word is the first name, the rest the last name (as Subsurface splits them).
            let words = person.name.split(whereSeparator: \.isWhitespace)
            xml.open("buddy", [("id", person.id)])
            writePersonal(
                first: words.first.map(String.init) ?? "", last: words.dropFirst().joined(separator: " "), to: &xml
            )
            xml.close()
        }
        xml.close()
    }

    /// `personal` requires both names; an unknown one is left empty.
    private static func writePersonal(first: String, last: String, to xml: inout XMLWriter) {
        xml.open("personal")
        xml.element("firstname", text: first)
        xml.element("lastname", text: last)
        xml.close()
    }

    /// Writes each site once and returns the keys written, which dives may link to.
    private static func writeSites(_ sites: [LogbookSite], to xml: inout XMLWriter) -> Set<String> {
        var written: Set<String> = []
        guard !sites.isEmpty else { return written }
        xml.open("divesite")
        for site in sites where !written.contains(site.key) {
            written.insert(site.key)
            xml.open("site", [("id", UDDFIdentifier.siteID(forKey: site.key))])
            xml.element("name", text: site.name)
            let country = UDDFCatalog.nonBlank(site.country)
            if site.coordinate != nil || country != nil {
                xml.open("geography")
                // `location` is compulsory in `geography`.
                xml.element("location", text: site.name)
                if let country {
                    xml.open("address")
                    xml.element("country", text: country)
                    xml.close()
                }
                if let coordinate = site.coordinate {
                    xml.element("latitude", text: UDDFUnits.text(coordinate.latitude) ?? "0")
                    xml.element("longitude", text: UDDFUnits.text(coordinate.longitude) ?? "0")
                }
                xml.close()
            }
            UDDFDiveWriter.writeNotes(site.notes, to: &xml)
            xml.close()
        }
        xml.close()
        return written
    }

    private static func writeGasDefinitions(_ catalog: UDDFCatalog, to xml: inout XMLWriter) {
        guard !catalog.mixes.isEmpty else { return }
        xml.open("gasdefinitions")
        for mix in catalog.mixes {
            xml.open("mix", [("id", mix.id)])
            xml.element("name", text: mix.name)
            if let oxygen = mix.gas.oxygen { xml.element("o2", text: oxygen) }
            if let helium = mix.gas.helium { xml.element("he", text: helium) }
            xml.close()
        }
        xml.close()
    }
}
