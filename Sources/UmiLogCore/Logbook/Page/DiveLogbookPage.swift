public import Foundation
import XMLKit

/// A printable logbook page for one dive, as HTML: the fields a paper logbook has, the depth
/// profile drawn as an inline SVG chart, and the instructor sign-offs with whether they still
/// hold. Self-contained (no scripts, no external files) so it can be printed, mailed or kept.
public enum DiveLogbookPage {
    public struct Signature: Hashable, Sendable {
        public var instructor: String
        public var signer: String
        public var signedAt: Date
        public var status: SignoffStatus

        public init(instructor: String, signer: String, signedAt: Date, status: SignoffStatus) {
            self.instructor = instructor
            self.signer = signer
            self.signedAt = signedAt
            self.status = status
        }
    }

    public static func html(
        _ logged: LoggedDive, site: DiveSite?, samples: [DiveSample], signatures: [Signature], units: UnitSystem,
        timeZone: TimeZone
    ) -> String {
        let dive = logged.dive
        let start = LocalDateTime(dive.startTime, in: timeZone)
        var rows: [(String, String)] = [
            ("Date", start.dateText), ("Time in", String(start.timeText.prefix(5))),
            ("Site", site?.name ?? "—"),
            ("Max depth", units.length(dive.maxDepthMeters)),
            ("Dive time", "\(dive.bottomTimeSeconds / 60) min"),
            ("Gas", dive.gas.label),
        ]
        if let number = dive.details.number { rows.insert(("Dive no.", String(number)), at: 0) }
        if let average = dive.averageDepthMeters { rows.append(("Average depth", units.length(average))) }
        if let water = dive.waterTemperatureCelsius { rows.append(("Water", units.temperature(water))) }
        if let air = dive.details.airTemperatureCelsius { rows.append(("Air", units.temperature(air))) }
        if let visibility = dive.visibilityMeters { rows.append(("Visibility", units.length(visibility))) }
        if let start = dive.startPressureBar { rows.append(("Start pressure", units.pressure(start))) }
        if let end = dive.endPressureBar { rows.append(("End pressure", units.pressure(end))) }
        if let buddy = dive.buddy { rows.append(("Buddy", buddy)) }
        if let divemaster = dive.details.divemaster { rows.append(("Divemaster", divemaster)) }
        if let suit = dive.details.suit { rows.append(("Suit", suit)) }
        if !dive.tags.isEmpty { rows.append(("Tags", dive.tags.joined(separator: ", "))) }
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(XMLWriter.escapingHTML(site?.name ?? "Dive")) — \(start.dateText)</title>
            <style>body{font-family:system-ui,sans-serif;max-width:42em;margin:2em auto;color:#123}\
            th{text-align:left;padding-right:1em;color:#456}td,th{padding:.2em 0}.invalid{color:#b00}.valid{color:#070}</style>
            </head><body>
            <h1>\(XMLWriter.escapingHTML(site?.name ?? "Dive")) <small>\(start.dateText)</small></h1>
            <table>\n
            """
        for (label, value) in rows { page += "<tr><th>\(XMLWriter.escapingHTML(label))</th><td>\(XMLWriter.escapingHTML(value))</td></tr>\n" }
        page += "</table>\n"
        if samples.count >= 2 { page += profileChart(samples, maxDepth: dive.maxDepthMeters) }
        if let notes = dive.notes { page += "<h2>Notes</h2><p>\(XMLWriter.escapingHTML(notes).replacingOccurrences(of: "\n", with: "<br>"))</p>\n" }
        page += "<h2>Sign-off</h2>\n"
        if signatures.isEmpty { page += "<p>Not signed.</p>\n" }
        for signature in signatures {
            let (css, text) =
                switch signature.status {
                case .valid: ("valid", "valid")
                case .fieldsChanged(let fields): ("invalid", "no longer valid: \(fields.joined(separator: ", ")) changed since signing")
                case .forged(let reason): ("invalid", "not genuine: \(reason)")
                }
            let who = signature.instructor.isEmpty ? signature.signer : "\(signature.instructor) (\(signature.signer))"
            let date = LocalDateTime(signature.signedAt, in: timeZone).dateText
            page += "<p class=\"\(css)\">Signed by \(XMLWriter.escapingHTML(who)) on \(date) — \(XMLWriter.escapingHTML(text))</p>\n"
        }
        return page + "</body></html>\n"
    }

    /// The depth profile as an SVG polyline, depth growing downwards, time across, written by
    /// XMLKit's writer (one element per line, no declaration: it is inline in the page).
    static func profileChart(_ samples: [DiveSample], maxDepth: Double) -> String {
        let width = 600.0
        let height = 200.0
        let duration = Double(max(samples.map(\.timeSeconds).max() ?? 1, 1))
        let deepest = max(DiveProfile.maximumDepth(of: samples) ?? maxDepth, maxDepth, 1)
        let points = ([DiveSample(timeSeconds: 0, depthMeters: 0)] + samples).map { sample in
            String(format: "%.1f,%.1f", Double(sample.timeSeconds) / duration * width, sample.depthMeters / deepest * height)
        }
        var svg = XMLWriter(declaration: false, indent: "")
        svg.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 -10 \(Int(width)) \(Int(height) + 20)"), ("role", "img"),
                ("aria-label", "Depth profile"),
            ])
        svg.element(
            "rect",
            [
                ("x", "0"), ("y", "0"), ("width", "\(Int(width))"), ("height", "\(Int(height))"), ("fill", "#e8f4fb"),
            ])
        svg.element(
            "polyline",
            [
                ("fill", "none"), ("stroke", "#0a5c8a"), ("stroke-width", "2"), ("points", points.joined(separator: " ")),
            ])
        svg.close()
        return "<h2>Profile</h2>\n" + svg.finish()
    }
}
