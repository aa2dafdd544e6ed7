import Foundation
import Geo
import XMLKit

/// Turns one `<dive>` element into a `LogbookDive`, or skips it with a reason.
///
/// Header values come from the first `<divecomputer>` (as Subsurface shows them), except that a
/// dive with several computers takes the longest duration and the deepest max depth over all
/// of them, as Subsurface's in-memory dive does (`fixup_duration`). A dive without a declared
/// duration or max depth gets them from its samples (Subsurface's own rules, `DiveProfile`).
struct SubsurfaceDiveReader {
    private(set) var issues: [LogbookIssue] = []

    /// The issues noted since the last call, handed out with the dive they are about.
    mutating func takeIssues() -> [LogbookIssue] {
        defer { issues = [] }
        return issues
    }

    /// The dive, or `nil` when it has no usable start, duration or depth (reported in `issues`).
    mutating func read(_ element: XMLTree, sites: inout SubsurfaceSiteBook) throws(LogbookReadError) -> LogbookDive? {
        // Subsurface writes no number, or 0, for an unnumbered dive.
        let number = element.attribute("number").flatMap(SubsurfaceValue.integer).flatMap { $0 > 0 ? $0 : nil }
        let record = number.map { "dive #\($0)" } ?? "dive at line \(element.line)"
        var attributes = SubsurfaceAttributeReader(element: element, record: record)
        defer { issues += attributes.issues }
        // Reports a number that is not a whole number ≥ 0 (0 is Subsurface's "unnumbered").
        _ = attributes.integer("number", in: 0...Int.max)

        guard let dateText = element.attribute("date") ?? element.attribute("datetime"),
            let start = SubsurfaceValue.start(date: dateText, time: element.attribute("time"))
        else {
            attributes.skip("it has no readable date and time")
            return nil
        }

        let computers = element.children("divecomputer")
        // Legacy files keep the computer's data directly in <dive>.
        let primary = computers.first ?? element
        let samples = try SubsurfaceSampleReader.samples(of: primary, record: record, issues: &issues)
        var primaryReader = SubsurfaceAttributeReader(element: primary, record: record)
        var depthReader = SubsurfaceAttributeReader(element: primary.child("depth") ?? primary, record: record)
        defer { issues += primaryReader.issues + depthReader.issues }

        var declaredDuration = try attributes.seconds("duration", allowsDotMinutes: true)
        if declaredDuration == nil, !computers.isEmpty {
            declaredDuration = try primaryReader.seconds("duration", allowsDotMinutes: true)
        }
        let declaredDepth = primary.child("depth") == nil ? nil : try depthReader.number("max", .depth)
        var durations = [Self.positive(declaredDuration) ?? DiveProfile.duration(of: samples)]
        var depths = [Self.positive(declaredDepth) ?? DiveProfile.maximumDepth(of: samples)]
        for computer in computers.dropFirst() {
            let (duration, depth) = try Self.header(of: computer, record: record)
            durations.append(duration)
            depths.append(depth)
        }
        guard let duration = durations.compactMap({ $0 }).max() else {
            attributes.skip("it has no duration and no samples below \(DiveProfile.surfaceThresholdMeters) m")
            return nil
        }
        guard let maxDepth = depths.compactMap({ $0 }).max() else {
            attributes.skip("it has no max depth and no samples")
            return nil
        }

        var dive = LogbookDive(start: start, durationSeconds: duration, maxDepthMeters: maxDepth, samples: samples)
        dive.number = number
        if let id = attributes.text(SubsurfaceXMLWriter.idAttribute) {
            dive.id = UUID(uuidString: SubsurfaceValue.trimmed(id))
            if dive.id == nil { attributes.drop("unreadable \(SubsurfaceXMLWriter.idAttribute) '\(id)'") }
        }
        dive.meanDepthMeters = primary.child("depth") == nil ? nil : try depthReader.number("mean", .depth)
        dive.siteKey = try siteKey(of: element, sites: &sites, attributes: &attributes)
        dive.rating = attributes.integer("rating", in: 0...5).flatMap { $0 > 0 ? $0 : nil }
        dive.visibilityRating = attributes.integer("visibility", in: 0...5).flatMap { $0 > 0 ? $0 : nil }
        dive.tags = attributes.text("tags").map(SubsurfaceValue.tags) ?? []
        dive.buddy = Self.line(element.child("buddy"))
        dive.divemaster = Self.line(element.child("divemaster") ?? element.child("diveguide"))
        dive.suit = Self.line(element.child("suit"))
        dive.notes = element.child("notes").map(\.text).flatMap { $0.isEmpty ? nil : $0 }
        dive.cylinders = try SubsurfaceEquipmentReader.cylinders(of: element, record: record, issues: &issues)
        dive.weights = try SubsurfaceEquipmentReader.weights(of: element, record: record, issues: &issues)
        try readConditions(into: &dive, dive: element, computer: primary, attributes: &attributes)
        if !computers.isEmpty {
            dive.diveComputer = primaryReader.text("model").flatMap(SubsurfaceValue.line)
            dive.mode = mode(primaryReader.text("dctype"), reader: &primaryReader)
        }
        return dive
    }

    /// Temperatures, surface pressure and salinity: the dive's own values (which the diver may
    /// have edited) before the computer's.
    private mutating func readConditions(
        into dive: inout LogbookDive, dive element: XMLTree, computer: XMLTree, attributes: inout SubsurfaceAttributeReader
    ) throws(LogbookReadError) {
        let record = attributes.record
        func reader(_ element: XMLTree?) -> SubsurfaceAttributeReader? {
            element.map { SubsurfaceAttributeReader(element: $0, record: record) }
        }
        var diveTemperature = reader(element.child("divetemperature"))
        var computerTemperature = reader(computer.child("temperature"))
        var surface = reader(computer.child("surface"))
        var water = reader(computer.child("water"))
        dive.airTemperatureCelsius = try diveTemperature?.temperature("air")
        if dive.airTemperatureCelsius == nil { dive.airTemperatureCelsius = try computerTemperature?.temperature("air") }
        dive.waterTemperatureCelsius = try diveTemperature?.temperature("water")
        if dive.waterTemperatureCelsius == nil { dive.waterTemperatureCelsius = try computerTemperature?.temperature("water") }
        dive.surfacePressureBar = try surface?.pressure("pressure")
        if dive.surfacePressureBar == nil { dive.surfacePressureBar = try attributes.pressure("airpressure") }
        var salinity = try attributes.number("watersalinity", .salinity)
        if salinity == nil { salinity = try water?.number("salinity", .salinity) }
        dive.salinityGramsPerLiter = salinity.flatMap { $0 > 0 ? $0 : nil }
        for reader in [diveTemperature, computerTemperature, surface, water].compactMap({ $0 }) {
            issues += reader.issues
        }
    }

    /// The site a dive names: by `divesiteid` (version 3) or inline (version 2).
    private func siteKey(
        of element: XMLTree, sites: inout SubsurfaceSiteBook, attributes: inout SubsurfaceAttributeReader
    ) throws(LogbookReadError) -> String? {
        if let reference = attributes.text("divesiteid") {
            guard let key = sites.key(forReference: reference) else {
                attributes.drop("divesiteid '\(reference)' names no site in the file")
                return nil
            }
            return key
        }
        let location = element.child("location")
        let name = location.flatMap { Self.line($0) } ?? attributes.text("location").flatMap(SubsurfaceValue.line)
        var coordinate: Coordinate?
        if let gps = location?.attribute("gps") ?? attributes.text("gps") {
            coordinate = SubsurfaceValue.coordinate(gps)
            if coordinate == nil { attributes.drop("unreadable GPS '\(gps)'") }
        }
        guard name != nil || coordinate != nil else { return nil }
        return sites.inlineSite(name: name ?? "", coordinate: coordinate)
    }

    /// `dctype`: Subsurface's names, or libdivecomputer's lower-case ones; open circuit when absent.
    private func mode(_ text: String?, reader: inout SubsurfaceAttributeReader) -> DiveMode {
        guard let text = text.flatMap(SubsurfaceValue.line) else { return .openCircuit }
        switch text {
        case "OC", "oc": return .openCircuit
        case "CCR", "cc": return .closedCircuit
        case "PSCR", "pscr": return .semiClosed
        case "Freedive", "freedive": return .freedive
        default:
            reader.drop("unknown dive mode '\(text)', read as open circuit")
            return .openCircuit
        }
    }

    /// Duration and max depth of a further dive computer: declared, else from its samples.
    private static func header(of computer: XMLTree, record: String) throws(LogbookReadError) -> (Int?, Double?) {
        var reader = SubsurfaceAttributeReader(element: computer, record: record)
        let declaredDuration = try reader.seconds("duration", allowsDotMinutes: true)
        var depthReader = SubsurfaceAttributeReader(element: computer.child("depth") ?? computer, record: record)
        let declaredDepth = computer.child("depth") == nil ? nil : try depthReader.number("max", .depth)
        if let duration = positive(declaredDuration), let depth = positive(declaredDepth) { return (duration, depth) }
        // Only the first computer's samples are imported; these only fill in its header.
        var ignored: [LogbookIssue] = []
        let samples = try SubsurfaceSampleReader.samples(of: computer, record: record, issues: &ignored)
        return (
            positive(declaredDuration) ?? DiveProfile.duration(of: samples),
            positive(declaredDepth) ?? DiveProfile.maximumDepth(of: samples)
        )
    }

    /// The trimmed text of a one-line element (buddy, suit), `nil` when empty.
    private static func line(_ element: XMLTree?) -> String? {
        element.flatMap { SubsurfaceValue.line($0.text) }
    }

    private static func positive<T: Comparable & Numeric>(_ value: T?) -> T? {
        value.flatMap { $0 > 0 ? $0 : nil }
    }
}
