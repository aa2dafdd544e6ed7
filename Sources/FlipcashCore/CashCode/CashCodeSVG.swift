import Foundation

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

    /// The SVG document drawing `rings`.
    public func render(_ rings: CashCodeRings) -> String {
        let geometry = CashCodeGeometry(size: size)
        let colour = Self.escaped(foreground)
        let side = Self.number(size)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 \(side) \(side)">
            <title>Flipcash cash code</title>

            """
        if let background {
            svg += "<rect width=\"\(side)\" height=\"\(side)\" fill=\"\(Self.escaped(background))\"/>\n"
        }
        svg += "<circle class=\"badge-well\" cx=\"\(Self.number(geometry.centreX))\" cy=\"\(Self.number(geometry.centreY))\" "
            + "r=\"\(Self.number(geometry.badgeWellRadius))\" fill=\"\(colour)\"/>\n"
        svg += "<g class=\"arcs\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(Self.number(2 * geometry.dotRadius))\" "
            + "stroke-linecap=\"round\">\n"
        for (ring, bits) in rings.rings.enumerated() { svg += Self.arcs(ring: ring, bits: bits, geometry: geometry) }
        svg += "</g>\n<g class=\"dots\" fill=\"\(colour)\">\n"
        let dotRadius = Self.number(geometry.dotRadius)
        for (ring, bits) in rings.rings.enumerated() {
            for (position, isSet) in bits.enumerated() where isSet {
                let point = geometry.point(ring: ring, position: position)
                svg += "<circle cx=\"\(Self.number(point.x))\" cy=\"\(Self.number(point.y))\" r=\"\(dotRadius)\" "
                    + "data-ring=\"\(ring)\" data-position=\"\(position)\"/>\n"
            }
        }
        svg += "</g>\n</svg>\n"
        return svg
    }

    /// The arcs joining each run of two or more neighbouring dots of one ring; a ring whose
    /// positions are all set is one stroked circle.
    private static func arcs(ring: Int, bits: [Bool], geometry: CashCodeGeometry) -> String {
        let count = bits.count
        let distance = number(geometry.ringRadius(ring))
        guard let gap = bits.firstIndex(of: false) else {
            return "<circle cx=\"\(number(geometry.centreX))\" cy=\"\(number(geometry.centreY))\" r=\"\(distance)\"/>\n"
        }
        var output = ""
        var offset = 1
        while offset <= count {
            let start = (gap + offset) % count
            var length = 0
            while length < count, bits[(start + length) % count] { length += 1 }
            if length >= 2 {
                let from = geometry.point(ring: ring, position: start)
                let to = geometry.point(ring: ring, position: (start + length - 1) % count)
                let largeArc = 2 * (length - 1) > count ? 1 : 0
                output += "<path d=\"M\(number(from.x)) \(number(from.y)) A\(distance) \(distance) 0 \(largeArc) 1 "
                    + "\(number(to.x)) \(number(to.y))\"/>\n"
            }
            offset += max(length, 1)
        }
        return output
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

    /// `text` safe inside a double-quoted attribute.
    private static func escaped(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            default: output.append(character)
            }
        }
        return output
    }
}
