import Foundation
import XMLKit

/// Draws a cash code as SVG, and reads one back (`scan`, in CashCodeSVG+Scanning.swift).
///
/// Every 1 bit is a `<circle>` dot carrying `data-ring` and `data-position` (for tools and people
/// reading the file); runs of neighbouring dots on a ring, the wrap from the last position to the
/// first included, are joined by arcs along the ring drawn as round-capped strokes as thick as a
/// dot. The scanner reads dots from their geometry alone, so a hand-edited picture still scans.
public struct CashCodeSVG: Sendable {
    /// The app's bill size, in points.
    public static let defaultSize = 390.0
    /// The largest SVG text `scan` reads; a rendered code is about 16 KB.
    public static let maximumInputBytes = 4 << 20

    /// Width and height of the picture (its user units).
    public let size: Double
    /// Colour of the dots, arcs and centre disc (any SVG colour; escaped when written).
    public let foreground: String
    /// Colour of a background square, or nil for a transparent picture.
    public let background: String?

    /// - Throws: `.invalidPictureSize` unless `size` is positive and finite.
    public init(size: Double = defaultSize, foreground: String = "#000000", background: String? = nil) throws(CashCodeError) {
        guard size.isFinite, size > 0 else { throw .invalidPictureSize(size) }
        self.size = size
        self.foreground = foreground
        self.background = background
    }

    /// The SVG document of `payload`'s code.
    public func render(_ payload: CashCodePayload) -> String {
        render(CashCodeRings(payload: payload))
    }

    /// The SVG document drawing `rings`, one element per line and no XML declaration (SVG
    /// viewers and browsers need none). The colours are the only text not ours; XMLKit's writer
    /// escapes them as markup a browser may read (the picture is often pasted into a page).
    public func render(_ rings: CashCodeRings) -> String {
        let geometry = CashCodeGeometry(size: size)
        let side = Self.number(size)
        var svg = XMLWriter(declaration: false, indent: "")
        svg.openMarkup(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", side), ("height", side), ("viewBox", "0 0 \(side) \(side)"),
            ])
        svg.element("title", text: "Flipcash cash code")
        if let background {
            svg.emptyMarkupElement("rect", [("width", side), ("height", side), ("fill", background)])
        }
        svg.emptyMarkupElement(
            "circle",
            [
                ("class", "badge-well"), ("cx", Self.number(geometry.centreX)), ("cy", Self.number(geometry.centreY)),
                ("r", Self.number(geometry.badgeWellRadius)), ("fill", foreground),
            ])
        svg.openMarkup(
            "g",
            [
                ("class", "arcs"), ("fill", "none"), ("stroke", foreground), ("stroke-width", Self.number(2 * geometry.dotRadius)),
                ("stroke-linecap", "round"),
            ])
        for (ring, bits) in rings.rings.enumerated() { Self.writeArcs(ring: ring, bits: bits, geometry: geometry, to: &svg) }
        svg.close()
        svg.openMarkup("g", [("class", "dots"), ("fill", foreground)])
        let dotRadius = Self.number(geometry.dotRadius)
        for (ring, bits) in rings.rings.enumerated() {
            for (position, isSet) in bits.enumerated() where isSet {
                let point = geometry.point(ring: ring, position: position)
                svg.emptyMarkupElement(
                    "circle",
                    [
                        ("cx", Self.number(point.x)), ("cy", Self.number(point.y)), ("r", dotRadius),
                        ("data-ring", String(ring)), ("data-position", String(position)),
                    ])
            }
        }
        svg.close()
        svg.close()
        return svg.finish()
    }

    /// The arcs joining each run of two or more neighbouring dots of one ring; a ring whose
    /// positions are all set is one stroked circle.
    private static func writeArcs(ring: Int, bits: [Bool], geometry: CashCodeGeometry, to svg: inout XMLWriter) {
        let count = bits.count
        let distance = number(geometry.ringRadius(ring))
        guard let gap = bits.firstIndex(of: false) else {
            svg.emptyMarkupElement("circle", [("cx", number(geometry.centreX)), ("cy", number(geometry.centreY)), ("r", distance)])
            return
        }
        var offset = 1
        while offset <= count {
            let start = (gap + offset) % count
            var length = 0
            while length < count, bits[(start + length) % count] { length += 1 }
            if length >= 2 {
                let from = geometry.point(ring: ring, position: start)
                let to = geometry.point(ring: ring, position: (start + length - 1) % count)
                let largeArc = 2 * (length - 1) > count ? 1 : 0
                let path = "M\(number(from.x)) \(number(from.y)) A\(distance) \(distance) 0 \(largeArc) 1 \(number(to.x)) \(number(to.y))"
                svg.emptyMarkupElement("path", [("d", path)])
            }
            offset += max(length, 1)
        }
    }

    /// A coordinate with at most 3 decimals, without trailing zeros, independent of the locale.
    static func number(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        guard thousandths != 0 else { return "0" }
        guard abs(thousandths) < 1e15 else { return String(format: "%.0f", value) }  // beyond any sensible picture
        let scaled = Int64(thousandths)
        var text = scaled < 0 ? "-" : ""
        text += String(scaled.magnitude / 1000)
        var fraction = scaled.magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let written = String(fraction)
            text += "." + String(repeating: "0", count: digits - written.count) + written
        }
        return text
    }
}
