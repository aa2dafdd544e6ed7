/// The `d` attribute of an SVG `<path>`, built command by command in absolute coordinates.
struct SVGPath: Sendable {
    private(set) var data = ""

    mutating func move(_ x: Double, _ y: Double) {
        append("M", [x, y])
    }

    mutating func line(_ x: Double, _ y: Double) {
        append("L", [x, y])
    }

    mutating func quad(_ controlX: Double, _ controlY: Double, _ x: Double, _ y: Double) {
        append("Q", [controlX, controlY, x, y])
    }

    mutating func cubic(
        _ control1X: Double, _ control1Y: Double,
        _ control2X: Double, _ control2Y: Double,
        _ x: Double, _ y: Double
    ) {
        append("C", [control1X, control1Y, control2X, control2Y, x, y])
    }

    /// A zero-length segment: with a round line cap it draws a dot, far smaller than a `<circle>` per dot.
    mutating func dot(_ x: Double, _ y: Double) {
        append("M", [x, y])
        data += "h0"
    }

    /// A full ellipse as two arcs, e.g. to cut a hole with `fill-rule="evenodd"`.
    mutating func ellipse(centerX: Double, centerY: Double, radiusX: Double, radiusY: Double) {
        move(centerX - radiusX, centerY)
        for endX in [centerX + radiusX, centerX - radiusX] {
            data += "A" + [radiusX, radiusY, 0, 1, 0, endX, centerY].map(SVGWriter.number).joined(separator: " ")
        }
        data += "Z"
    }

    mutating func close() {
        data += "Z"
    }

    private mutating func append(_ command: String, _ values: [Double]) {
        data += command + values.map(SVGWriter.number).joined(separator: " ")
    }
}
