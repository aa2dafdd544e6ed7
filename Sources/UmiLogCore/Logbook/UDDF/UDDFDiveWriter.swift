import XMLKit

/// Writes one dive in the schema's order: `informationbeforedive`, `tankdata`, `samples`,
/// `informationafterdive`. See ``UDDFWriter`` for what is carried and how.
struct UDDFDiveWriter {
    let catalog: UDDFCatalog
    /// The sites the file declares; a dive links only to those.
    let siteKeys: Set<String>
    /// Ids given so far: two dives with the same UUID must not share an id.
    private var usedIDs: Set<String> = []

    init(catalog: UDDFCatalog, siteKeys: Set<String>) {
        self.catalog = catalog
        self.siteKeys = siteKeys
    }

    mutating func write(_ dive: LogbookDive, position: Int, to xml: inout XMLWriter) {
        var id = dive.id.map(UDDFIdentifier.diveID) ?? "dive-\(position + 1)"
        if usedIDs.contains(id) { id = "dive-\(position + 1)" }
        usedIDs.insert(id)
        xml.open("dive", [("id", id)])
        writeBefore(dive, to: &xml)
        for cylinder in dive.cylinders {
            writeTank(cylinder, to: &xml)
        }
        UDDFSampleWriter.write(
            dive.samples, mode: dive.mode, firstMix: dive.cylinders.first.flatMap(catalog.mixID(for:)), to: &xml
        )
        writeAfter(dive, to: &xml)
        xml.close()
    }

    private func writeBefore(_ dive: LogbookDive, to xml: inout XMLWriter) {
        xml.open("informationbeforedive")
        if let key = dive.siteKey, siteKeys.contains(key) {
            xml.element("link", [("ref", UDDFIdentifier.siteID(forKey: key))])
        }
        for name in UDDFCatalog.buddies(dive.buddy) {
            if let id = catalog.id("buddy", name) { xml.element("link", [("ref", id)]) }
        }
        if let number = dive.number, number >= 1 {
            xml.element("divenumber", text: String(number))
        }
        xml.element("datetime", text: dive.start.description)
        if let air = dive.airTemperatureCelsius.flatMap(UDDFUnits.kelvinText(celsius:)) {
            xml.element("airtemperature", text: air)
        }
        writeEquipmentUsed(dive, to: &xml)
        if let apparatus = UDDFVocabulary.apparatus(for: dive.mode) {
            xml.element("apparatus", text: apparatus)
        }
        if let pressure = dive.surfacePressureBar.flatMap(UDDFUnits.pascalText(bar:)) {
            xml.element("surfacepressure", text: pressure)
        }
        xml.close()
    }

    /// The lead carried and links to the lead, suit and dive computer items.
    private func writeEquipmentUsed(_ dive: LogbookDive, to xml: inout XMLWriter) {
        let total = dive.weights.reduce(0) { $0 + $1.kilograms }
        let lead = total > 0 ? UDDFUnits.text(total) : nil
        let links = [
            lead == nil ? nil : catalog.id("lead", UDDFCatalog.leadName(dive.weights)),
            catalog.id("suit", UDDFCatalog.nonBlank(dive.suit)),
            catalog.id("dc", UDDFCatalog.nonBlank(dive.diveComputer)),
        ].compactMap { $0 }
        guard lead != nil || !links.isEmpty else { return }
        xml.open("equipmentused")
        if let lead { xml.element("leadquantity", text: lead) }
        for link in links { xml.element("link", [("ref", link)]) }
        xml.close()
    }

    /// `tankpressurebegin` is compulsory; 0 says "not known" and reads back as `nil`.
    private func writeTank(_ cylinder: Cylinder, to xml: inout XMLWriter) {
        xml.open("tankdata")
        if let mix = catalog.mixID(for: cylinder) { xml.element("link", [("ref", mix)]) }
        if let tank = catalog.id("tank", UDDFCatalog.nonBlank(cylinder.description)) {
            xml.element("link", [("ref", tank)])
        }
        if let volume = cylinder.sizeLiters.flatMap(UDDFUnits.cubicMetreText(liters:)) {
            xml.element("tankvolume", text: volume)
        }
        xml.element("tankpressurebegin", text: cylinder.startPressureBar.flatMap(UDDFUnits.pascalText(bar:)) ?? "0")
        if let end = cylinder.endPressureBar.flatMap(UDDFUnits.pascalText(bar:)) {
            xml.element("tankpressureend", text: end)
        }
        xml.close()
    }

    private func writeAfter(_ dive: LogbookDive, to xml: inout XMLWriter) {
        xml.open("informationafterdive")
        // Both compulsory.
        xml.element("greatestdepth", text: UDDFUnits.text(dive.maxDepthMeters) ?? "0")
        if let mean = dive.meanDepthMeters.flatMap(UDDFUnits.text) { xml.element("averagedepth", text: mean) }
        xml.element("diveduration", text: String(max(0, dive.durationSeconds)))
        if let water = dive.waterTemperatureCelsius.flatMap(UDDFUnits.kelvinText(celsius:)) {
            xml.element("lowesttemperature", text: water)
        }
        if let visibility = dive.visibilityMeters.flatMap(UDDFUnits.text) {
            xml.element("visibility", text: visibility)
        }
        if let current = dive.current { xml.element("current", text: UDDFVocabulary.word(for: current)) }
        if let value = dive.rating.flatMap(UDDFVocabulary.ratingValue(stars:)) {
            xml.open("rating")
            xml.element("ratingvalue", text: String(value))
            xml.close()
        }
        Self.writeNotes(dive.notes, to: &xml)
        xml.close()
    }

    /// `notes` with one paragraph (line breaks kept inside it), only when there is text.
    static func writeNotes(_ notes: String?, to xml: inout XMLWriter) {
        guard let text = UDDFCatalog.nonBlank(notes) else { return }
        xml.open("notes")
        xml.element("para", text: text)
        xml.close()
    }
}
