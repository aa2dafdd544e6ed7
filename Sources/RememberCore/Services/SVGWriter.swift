import XMLKit

/// Collects the shapes and groups of an SVG document, written out through XMLKit's `XMLWriter`.
///
/// Only shapes and groups can be written: the sketch stands in for a name in a quiz, so it must
/// never carry text, links or scripts.
struct SVGWriter: Sendable {
    /// Paint of one shape. `nil` fill or stroke means none.
    struct Style: Sendable {
        var fill: SketchColor?
        var stroke: SketchColor?
        var strokeWidth: Double = 0
        var opacity: Double = 1
        /// Holes where sub-paths overlap, e.g. a beard around the mouth.
        var evenOddFill = false

        static func fill(_ color: SketchColor, opacity: Double = 1) -> Style {
            Style(fill: color, opacity: opacity)
        }

        /// A line with round ends and joins, as a pen would draw it.
        static func stroke(_ color: SketchColor, width: Double, opacity: Double = 1) -> Style {
            Style(stroke: color, strokeWidth: width, opacity: opacity)
        }

        static func fill(_ color: SketchColor, outline: SketchColor, width: Double) -> Style {
            Style(fill: color, stroke: outline, strokeWidth: width)
        }

        fileprivate var attributes: [(String, String)] {
            var result = [("fill", fill?.hex ?? "none")]
            if let stroke {
                result += [
                    ("stroke", stroke.hex),
                    ("stroke-width", SVGWriter.number(strokeWidth)),
                    ("stroke-linecap", "round"),
                    ("stroke-linejoin", "round"),
                ]
            }
            if opacity < 1 {
                result.append(("opacity", SVGWriter.number(opacity)))
            }
            if evenOddFill {
                result.append(("fill-rule", "evenodd"))
            }
            return result
        }
    }

    /// What was drawn, in order; written out through ``XMLWriter`` by ``document(size:content:)``.
    /// Kept as nodes rather than text so that a group whose content draws nothing can be taken
    /// back without copying the document so far.
    private var nodes: [Node] = []
    /// Shapes among `nodes`; a group counts as drawn only if one of its shapes is.
    private var shapeCount = 0

    private enum Node: Sendable {
        case open(String, [(String, String)])
        case shape(String, [(String, String)])
        case close
    }

    /// A complete standalone SVG 1.1 document of `size` × `size` user units, one element per
    /// line and no indentation. XMLKit's writer escapes every value, a second line of defence:
    /// every value is generated here, never copied from keywords, so no future change can break
    /// the XML.
    static func document(size: Int, content: (inout SVGWriter) -> Void) -> String {
        var body = SVGWriter()
        content(&body)
        let side = String(size)
        var xml = XMLWriter(declaration: true, indent: "")
        xml.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(side) \(side)"), ("width", side), ("height", side),
            ])
        for node in body.nodes {
            switch node {
            case .open(let name, let attributes): xml.open(name, attributes)
            case .shape(let name, let attributes): xml.element(name, attributes)
            case .close: xml.close()
            }
        }
        xml.close()
        return xml.finish()
    }

    /// A `<g>` that CSS and tests can find by `id`; left out entirely when `content` draws nothing,
    /// so the presence of the id says the feature is drawn.
    mutating func group(id: String, class className: String? = nil, _ content: (inout SVGWriter) -> Void) {
        var attributes = [("id", id)]
        if let className {
            attributes.append(("class", className))
        }
        let start = (nodes: nodes.count, shapes: shapeCount)
        nodes.append(.open("g", attributes))
        content(&self)
        guard shapeCount > start.shapes else {
            nodes.removeSubrange(start.nodes...)
            return
        }
        nodes.append(.close)
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double = 0, style: Style) {
        var attributes = [("x", x), ("y", y), ("width", width), ("height", height)].map { ($0, Self.number($1)) }
        if cornerRadius > 0 {
            attributes.append(("rx", Self.number(cornerRadius)))
        }
        element("rect", attributes + style.attributes)
    }

    mutating func circle(centerX: Double, centerY: Double, radius: Double, style: Style) {
        let geometry = [("cx", centerX), ("cy", centerY), ("r", radius)].map { ($0, Self.number($1)) }
        element("circle", geometry + style.attributes)
    }

    mutating func ellipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double, style: Style) {
        let geometry = [("cx", centerX), ("cy", centerY), ("rx", radiusX), ("ry", radiusY)].map { ($0, Self.number($1)) }
        element("ellipse", geometry + style.attributes)
    }

    mutating func path(_ path: SVGPath, style: Style) {
        guard !path.data.isEmpty else { return }
        element("path", [("d", path.data)] + style.attributes)
    }

    /// Coordinates as integers or with at most two decimals, independent of locale and never in
    /// exponent notation, so the bytes are the same everywhere.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((min(max(value, -1e9), 1e9) * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = hundredths.magnitude / 100
        let fraction = hundredths.magnitude % 100
        switch (fraction, fraction % 10) {
        case (0, _): return sign + String(whole)
        case (_, 0): return sign + String(whole) + "." + String(fraction / 10)
        case (..<10, _): return sign + String(whole) + ".0" + String(fraction)
        case (_, _): return sign + String(whole) + "." + String(fraction)
        }
    }

    private mutating func element(_ name: String, _ attributes: [(String, String)]) {
        nodes.append(.shape(name, attributes))
        shapeCount += 1
    }
}
