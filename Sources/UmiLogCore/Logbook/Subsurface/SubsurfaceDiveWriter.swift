import Foundation
import XMLKit

/// Writes one `LogbookDive` as a Subsurface `<dive>` (see `SubsurfaceXMLWriter` for what is
/// and is not carried).
enum SubsurfaceDiveWriter {
    static func write(_ dive: LogbookDive, siteID: String?, into xml: inout XMLWriter) {
        var attributes: [(String, String)] = []
        if let number = dive.number, number > 0 { attributes.append(("number", String(number))) }
        if let rating = dive.rating, (1...5).contains(rating) { attributes.append(("rating", String(rating))) }
        if let visibility = dive.visibilityRating, (1...5).contains(visibility) {
            attributes.append(("visibility", String(visibility)))
        }
        let tags = dive.tags.map { SubsurfaceValue.trimmed($0) }.filter { !$0.isEmpty }
        if !tags.isEmpty { attributes.append(("tags", SubsurfaceFormat.tags(tags))) }
        if let siteID { attributes.append(("divesiteid", siteID)) }
        attributes.append(("date", dive.start.dateText))
        if dive.start.hour != 0 || dive.start.minute != 0 || dive.start.second != 0 {
            attributes.append(("time", dive.start.timeText))
        }
        if dive.durationSeconds > 0 { attributes.append(("duration", SubsurfaceFormat.clock(dive.durationSeconds) + " min")) }
        if let id = dive.id { attributes.append((SubsurfaceXMLWriter.idAttribute, id.uuidString)) }
        xml.open("dive", attributes)

        text("divemaster", dive.divemaster, trimmed: true, into: &xml)
        text("buddy", dive.buddy, trimmed: true, into: &xml)
        text("notes", dive.notes, trimmed: false, into: &xml)
        text("suit", dive.suit, trimmed: true, into: &xml)
        for cylinder in dive.cylinders { xml.element("cylinder", Self.attributes(of: cylinder)) }
        for weight in dive.weights {
            var attributes = [("weight", SubsurfaceFormat.decimal(weight.kilograms) + " kg")]
            if let description = weight.description.flatMap(SubsurfaceValue.line) {
                attributes.append(("description", description))
            }
            xml.element("weightsystem", attributes)
        }
        writeComputer(of: dive, into: &xml)
        xml.close()
    }

    private static func writeComputer(of dive: LogbookDive, into xml: inout XMLWriter) {
        var attributes: [(String, String)] = []
        if let model = dive.diveComputer.flatMap(SubsurfaceValue.line) { attributes.append(("model", model)) }
        switch dive.mode {
        case .openCircuit: break
        case .closedCircuit, .semiClosed, .freedive: attributes.append(("dctype", dive.mode.rawValue))
        }
        xml.open("divecomputer", attributes)
        var depth = [("max", SubsurfaceFormat.decimal(dive.maxDepthMeters) + " m")]
        if let mean = dive.meanDepthMeters { depth.append(("mean", SubsurfaceFormat.decimal(mean) + " m")) }
        xml.element("depth", depth)
        var temperature: [(String, String)] = []
        if let air = dive.airTemperatureCelsius { temperature.append(("air", SubsurfaceFormat.decimal(air) + " C")) }
        if let water = dive.waterTemperatureCelsius { temperature.append(("water", SubsurfaceFormat.decimal(water) + " C")) }
        if !temperature.isEmpty { xml.element("temperature", temperature) }
        if let pressure = dive.surfacePressureBar, pressure != 0 {
            xml.element("surface", [("pressure", SubsurfaceFormat.decimal(pressure) + " bar")])
        }
        if let salinity = dive.salinityGramsPerLiter, salinity > 0 {
            xml.element("water", [("salinity", SubsurfaceFormat.trimmedDecimal(salinity) + " g/l")])
        }
        SubsurfaceSampleWriter.write(dive.samples, into: &xml)
        xml.close()
    }

    private static func attributes(of cylinder: Cylinder) -> [(String, String)] {
        var attributes: [(String, String)] = []
        if let size = cylinder.sizeLiters, size != 0 { attributes.append(("size", SubsurfaceFormat.decimal(size) + " l")) }
        pressure("workpressure", cylinder.workingPressureBar, into: &attributes)
        if let description = cylinder.description.flatMap(SubsurfaceValue.line) {
            attributes.append(("description", description))
        }
        // Subsurface leaves out the mix for air; a missing o2 reads back as 21 %.
        if cylinder.oxygenPercent != 21 || cylinder.heliumPercent != 0 {
            attributes.append(("o2", SubsurfaceFormat.decimal(cylinder.oxygenPercent) + "%"))
        }
        if cylinder.heliumPercent != 0 { attributes.append(("he", SubsurfaceFormat.decimal(cylinder.heliumPercent) + "%")) }
        pressure("start", cylinder.startPressureBar, into: &attributes)
        pressure("end", cylinder.endPressureBar, into: &attributes)
        if let use = cylinder.use { attributes.append(("use", use.rawValue)) }
        return attributes
    }

    private static func pressure(_ name: String, _ value: Double?, into attributes: inout [(String, String)]) {
        if let value, value != 0 { attributes.append((name, SubsurfaceFormat.decimal(value) + " bar")) }
    }

    private static func text(_ name: String, _ value: String?, trimmed: Bool, into xml: inout XMLWriter) {
        guard let value else { return }
        let text = trimmed ? SubsurfaceValue.trimmed(value) : value
        if !text.isEmpty { xml.element(name, text: text) }
    }
}
