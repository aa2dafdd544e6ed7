import Foundation
import XMLKit

/// Reads one `profiledata/repetitiongroup/dive` into a log dive.
///
/// UDDF 3.x puts the header values in `informationbeforedive` and `informationafterdive`;
/// UDDF 2.x (Diving Log) puts them directly under `dive`, with the start as `date` and `time`
/// elements. Each value is looked up in the 3.x place first, then under `dive`. Values are read
/// in the order the file has them, so problems are reported in that order.
struct UDDFDiveReader {
    let document: UDDFDocument
    /// The units the whole file turned out to use.
    var units = UDDFFileUnits()

    /// The dive, or `nil` (reported in `log`) when it has no start time or no depth at all.
    func dive(_ element: XMLTree, position: Int, log: inout LogbookIssueLog) throws(LogbookReadError) -> LogbookDive? {
        let before = element.child("informationbeforedive")
        let after = element.child("informationafterdive")
        func value(_ name: String, in section: XMLTree?) -> UDDFRaw? {
            UDDFRaw(section?.child(name) ?? element.child(name))
        }
        var values = UDDFValues(record: "dive \(position + 1)", log: log, units: units)
        defer { log = values.log }

        // Before the dive.
        guard let start = UDDFStartTime.start(of: element, before: before, values: &values) else {
            values.skip("record", line: element.line, "the dive has no readable start date")
            return nil
        }
        let references = references(element, before: before, after: after)
        var dive = LogbookDive(
            id: element.attribute("id").flatMap(UDDFIdentifier.diveUUID(fromID:)), start: start, durationSeconds: 0,
            maxDepthMeters: 0, siteKey: references.siteKey,
            buddy: references.buddies.isEmpty ? nil : references.buddies.joined(separator: ", "), suit: references.suit,
            diveComputer: references.diveComputer
        )
        dive.number = values.integer(value("divenumber", in: before), "divenumber").flatMap { $0 >= 0 ? $0 : nil }
        dive.airTemperatureCelsius = try values.celsius(value("airtemperature", in: before), "airtemperature")
        let lead = references.leadQuantity.flatMap { values.nonNegative($0, "leadquantity") } ?? 0
        if lead > 0 {
            dive.weights = [WeightSystem(kilograms: lead, description: references.leadName)]
        }
        dive.surfacePressureBar = try values.bar(
            UDDFRaw(before?.child("surfacepressure")), "surfacepressure", lowest: 10_000
        )
        // UDDF 2.x's water density in kg/m³, which is g/l.
        dive.salinityGramsPerLiter = values.nonNegative(value("density", in: before), "density")

        // Cylinders and profile.
        var cylinders = UDDFCylinderReader(document: document)
        try cylinders.readTanks(of: element, values: &values)
        let profile = try UDDFSampleReader.profile(element.child("samples"), values: &values)
        cylinders.addSwitchedMixes(profile.switchedMixes)
        dive.cylinders = cylinders.cylinders
        dive.samples = profile.samples
        dive.mode =
            profile.mode
            ?? UDDFRaw(before?.child("apparatus")).flatMap { UDDFVocabulary.mode(apparatus: $0.text) } ?? .openCircuit

        // After the dive.
        let header = value("greatestdepth", in: after)
        guard let maxDepth = try greatestDepth(header, profile: profile, values: &values) else {
            values.skip("record", line: element.line, "the dive has neither a greatest depth nor a profile")
            return nil
        }
        dive.maxDepthMeters = maxDepth
        dive.meanDepthMeters = try values.meters(value("averagedepth", in: after), "averagedepth")
        dive.durationSeconds = duration(
            value("diveduration", in: after), profile: profile, line: element.line, values: &values
        )
        dive.waterTemperatureCelsius = try values.celsius(value("lowesttemperature", in: after), "lowesttemperature")
        readConditions(after: after, dive: element, into: &dive, values: &values)
        dive.notes = UDDFNotes.text(after?.child("notes") ?? element.child("notes"))
        return dive
    }

    /// `greatestdepth`, or the deepest sample (reported) when the file has none.
    private func greatestDepth(
        _ raw: UDDFRaw?, profile: UDDFProfile, values: inout UDDFValues
    ) throws(LogbookReadError) -> Double? {
        if let depth = try values.meters(raw, "greatestdepth") { return depth }
        guard let deepest = DiveProfile.maximumDepth(of: profile.samples) else { return nil }
        values.drop("greatestdepth", line: raw?.line, "no greatest depth; the deepest sample is used")
        return deepest
    }

    /// `diveduration`; a missing (or zero) one is derived from the profile, as Subsurface does.
    private func duration(_ raw: UDDFRaw?, profile: UDDFProfile, line: Int, values: inout UDDFValues) -> Int {
        if let seconds = values.seconds(raw, "diveduration"), seconds > 0 { return seconds }
        if let derived = DiveProfile.duration(of: profile.samples) { return derived }
        values.drop("diveduration", line: raw?.line ?? line, "no duration, and no profile to derive one from")
        return 0
    }

    /// Visibility, current and rating.
    private func readConditions(
        after: XMLTree?, dive element: XMLTree, into dive: inout LogbookDive, values: inout UDDFValues
    ) {
        let visibilityRaw = UDDFRaw(after?.child("visibility") ?? element.child("visibility"))
        if let visibility = values.nonNegative(visibilityRaw, "visibility") {
            // Subsurface writes its visibility stars as 1/3/5/10/15 "metres".
            let stars = UDDFVocabulary.subsurfaceVisibilityStars(meters: visibility)
            if document.generator == .subsurface, let stars {
                dive.visibilityRating = stars
            } else {
                dive.visibilityMeters = visibility
            }
        }
        if let current = UDDFRaw(after?.child("current")) {
            dive.current = UDDFVocabulary.current(current.text)
            if dive.current == nil {
                values.drop("current", line: current.line, "current \"\(current.text.prefix(40))\" is unknown")
            }
        }
        let ratingValue = after?.child(path: "rating", "ratingvalue") ?? element.child(path: "rating", "ratingvalue")
        let ratingRaw = UDDFRaw(ratingValue)
        if let ratingRaw, let value = values.integer(ratingRaw, "ratingvalue") {
            dive.rating = UDDFVocabulary.stars(ratingValue: value)
            if dive.rating == nil {
                values.drop("ratingvalue", line: ratingRaw.line, "rating \(value) is not 1–10")
            }
        }
    }

    /// What the dive's links name.
    private struct References {
        var siteKey: String?
        var buddies: [String] = []
        var suit: String?
        var diveComputer: String?
        var leadName: String?
        var leadQuantity: UDDFRaw?
    }

    /// Resolves the dive's links by id: `informationbeforedive/link` names the site and the
    /// buddies (a link to a dive base says nothing the log keeps), `equipmentused` the suit,
    /// the dive computer and the lead. UDDF 3.1's schema put `equipmentused` after the dive by
    /// mistake, so it is looked for there too.
    private func references(_ element: XMLTree, before: XMLTree?, after: XMLTree?) -> References {
        var references = References()
        let equipment =
            before?.child("equipmentused") ?? after?.child("equipmentused")
            ?? element.child("equipmentused")
        references.leadQuantity = UDDFRaw(equipment?.child("leadquantity"))
        let links = (before?.children("link") ?? []) + (equipment?.children("link") ?? [])
        for ref in links.compactMap({ $0.attribute("ref") }) {
            switch document.target(ref) {
            case .site(let key):
                references.siteKey = references.siteKey ?? key
            case .person(let name, let isOwner):
                if !isOwner { references.buddies.append(name) }
            case .equipment(let kind, let name, let model):
                switch kind {
                case "suit": references.suit = references.suit ?? name
                case "divecomputer": references.diveComputer = references.diveComputer ?? model ?? name
                case "lead": references.leadName = references.leadName ?? name
                default: break
                }
            case .divebase, .mix, nil:
                break
            }
        }
        return references
    }
}
