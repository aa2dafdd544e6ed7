import Foundation

/// Reading a cash code back from SVG text: each dot-sized, filled `<circle>` is placed on a ring
/// and a position by its centre's distance from the picture's centre and its angle, the rings are
/// rebuilt, and the code is decoded with error correction. Only geometry counts — `data-ring` and
/// `data-position` are ignored — so a picture whose dots were moved, added or removed by hand reads
/// as what it shows, and up to 6 damaged code bytes are corrected.
extension CashCodeSVG {
    /// The payload of the cash code drawn in `svg`.
    ///
    /// - Throws: `.svgTooLarge`, `.svgWithoutSize`, `.svgWithoutDots`, `.finderMismatch`, and the
    ///   errors of `CashCode.decode`.
    public static func scan(_ svg: String) throws(CashCodeError) -> CashCodePayload {
        try rings(in: svg).decode()
    }

    /// The ring bits drawn in `svg`, uncorrected.
    public static func rings(in svg: String) throws(CashCodeError) -> CashCodeRings {
        let byteCount = svg.utf8.count
        guard byteCount <= maximumInputBytes else { throw .svgTooLarge(bytes: byteCount) }
        let tags = SVGTagReader.tags(in: svg, named: ["svg", "circle"])
        guard let root = tags.first(where: { $0.name == "svg" }), let geometry = geometry(of: root) else {
            throw .svgWithoutSize
        }
        var rings = CashCodeRings.ringSizes.map { [Bool](repeating: false, count: $0) }
        var dots = 0
        for circle in tags where circle.name == "circle" {
            guard let location = dotLocation(circle, geometry: geometry) else { continue }
            rings[location.ring][location.position] = true
            dots += 1
        }
        guard dots > 0 else { throw .svgWithoutDots }
        return try CashCodeRings(rings: rings)
    }

    /// Where a `<circle>` marks a dot, or nil for anything else: no radius, a radius wider than a
    /// ring (the centre disc, a whole-ring stroke), `fill="none"`, or off the rings' positions.
    private static func dotLocation(_ circle: SVGTagReader.Tag, geometry: CashCodeGeometry) -> (ring: Int, position: Int)? {
        let fill = circle.attributes["fill"]?.trimmingWhitespace.lowercased()
        guard fill != "none", fill != "transparent",
            let radius = length(circle.attributes["r"]), radius > 0, radius <= geometry.ringWidth
        else { return nil }
        let x = length(circle.attributes["cx"]) ?? 0
        let y = length(circle.attributes["cy"]) ?? 0
        return geometry.location(x: x, y: y)
    }

    /// The picture's geometry from the root's `viewBox`, else its `width` and `height`; a
    /// non-square picture is read as the largest centred square.
    private static func geometry(of root: SVGTagReader.Tag) -> CashCodeGeometry? {
        if let viewBox = root.attributes["viewbox"] {
            let numbers = viewBox.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                .compactMap { length(String($0)) }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
                return square(minX: numbers[0], minY: numbers[1], width: numbers[2], height: numbers[3])
            }
        }
        guard let width = length(root.attributes["width"]), let height = length(root.attributes["height"]),
            width > 0, height > 0
        else { return nil }
        return square(minX: 0, minY: 0, width: width, height: height)
    }

    private static func square(minX: Double, minY: Double, width: Double, height: Double) -> CashCodeGeometry {
        let side = min(width, height)
        return CashCodeGeometry(minX: minX + (width - side) / 2, minY: minY + (height - side) / 2, size: side)
    }

    /// A finite number, optionally followed by `px`.
    private static func length(_ text: String?) -> Double? {
        guard var text = text?.trimmingWhitespace else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

extension String {
    fileprivate var trimmingWhitespace: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
