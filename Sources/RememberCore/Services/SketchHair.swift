/// Hair in two layers: what falls behind the head and shoulders (`id="hair-back"`), and what
/// frames the face over the forehead and cheeks (`id="hair"`). Bald draws neither.
struct SketchHair: Sendable {
    let features: SketchFeatures
    let head: SketchHead
    let seed: SketchSeed

    private enum Layer { case back, front }

    /// The edge of the hair across the forehead.
    private enum Hairline {
        case natural
        /// Higher, as when hair is tied back.
        case pulledBack
        /// A side parting; `side` is -1 (left of the picture) or 1.
        case parted(side: Double)
        /// Bangs, just above the brows.
        case fringe
    }

    func drawBack(into svg: inout SVGWriter) {
        svg.group(id: "hair-back", class: "hair") { draw(.back, into: &$0) }
    }

    func drawFront(into svg: inout SVGWriter) {
        svg.group(id: "hair", class: "hair") { draw(.front, into: &$0) }
    }

    private var color: SketchColor { features.hairColor }
    private var x: Double { head.centerX }
    private var y: Double { head.centerY }

    private func draw(_ layer: Layer, into svg: inout SVGWriter) {
        switch features.hairLength {
        case .bald:
            return
        case .shaved:
            switch features.hairStyle {
            case .mohawk: mohawk(layer, into: &svg)
            case .straight, .wavy, .curly, .afro, .braids, .dreadlocks, .ponytail, .bun, .spiky, .buzzCut, .bob, .fringe:
                closeCrop(layer, thickness: 1, opacity: 0.3, into: &svg)
            }
            return
        case .short, .medium, .long:
            break
        }
        switch features.hairStyle {
        case .straight: framing(layer, hairline: seedHairline, into: &svg)
        case .wavy:
            framing(layer, hairline: seedHairline, into: &svg)
            waves(layer, into: &svg)
        case .fringe: framing(layer, hairline: .fringe, into: &svg)
        case .spiky:
            framing(layer, hairline: .natural, into: &svg)
            spikes(layer, into: &svg)
        case .bob: bob(layer, into: &svg)
        case .curly: curly(layer, into: &svg)
        case .afro: afro(layer, into: &svg)
        case .braids: braids(layer, into: &svg)
        case .dreadlocks: dreadlocks(layer, into: &svg)
        case .ponytail: ponytail(layer, into: &svg)
        case .bun: bun(layer, into: &svg)
        case .mohawk: mohawk(layer, into: &svg)
        case .buzzCut: closeCrop(layer, thickness: 2.5, opacity: 0.92, into: &svg)
        }
        if layer == .front && features.isSilvering && hasTemples {
            silverStreaks(into: &svg)
        }
    }

    private var seedHairline: Hairline {
        seed.pick([.natural, .parted(side: -1), .parted(side: 1)], for: .hairPart)
    }

    private var hasTemples: Bool {
        switch features.hairStyle {
        case .mohawk, .buzzCut: false
        case .straight, .wavy, .curly, .afro, .braids, .dreadlocks, .ponytail, .bun, .spiky, .bob, .fringe: true
        }
    }

    /// Thickness over the skull, how far the side locks reach into the face, and where they end.
    private var lengthMetrics: (thickness: Double, inset: Double, sideBottom: Double) {
        switch features.hairLength {
        case .bald, .shaved, .short: (7, 3, y + 2)
        case .medium: (9, 9, y + 30)
        case .long: (9, 9, head.shoulderY + 22)
        }
    }

    /// How far strands, braids or a tail hang, by length.
    private var hangingEnd: Double {
        switch features.hairLength {
        case .bald, .shaved, .short: y + 22
        case .medium: head.chin - 4
        case .long: head.shoulderY + 34
        }
    }

    // MARK: Styles

    private func framing(_ layer: Layer, hairline: Hairline, into svg: inout SVGWriter) {
        let metrics = lengthMetrics
        switch layer {
        case .back:
            switch features.hairLength {
            case .medium, .long: svg.path(crownBlock(thickness: metrics.thickness + 2, bottom: metrics.sideBottom), style: .fill(color))
            case .bald, .shaved, .short: break
            }
        case .front:
            let path = frame(thickness: metrics.thickness, inset: metrics.inset, sideBottom: metrics.sideBottom, hairline: hairline)
            svg.path(path, style: .fill(color))
        }
    }

    private func closeCrop(_ layer: Layer, thickness: Double, opacity: Double, into svg: inout SVGWriter) {
        switch layer {
        case .back: break
        case .front:
            let path = frame(thickness: thickness, inset: 1, sideBottom: y - 2, hairline: .natural)
            svg.path(path, style: .fill(color, opacity: opacity))
        }
    }

    private func waves(_ layer: Layer, into svg: inout SVGWriter) {
        switch layer {
        case .back: return
        case .front: break
        }
        var path = SVGPath()
        let crown = head.top - 1
        path.move(x - 30, crown + 5)
        path.quad(x - 15, crown - 4, x, crown + 4)
        path.quad(x + 15, crown + 12, x + 30, crown + 4)
        let bottom = lengthMetrics.sideBottom - 8
        for side in [-1.0, 1.0] where bottom > y + 10 {
            let laneX = x + side * head.radiusX
            path.move(laneX, y - 6)
            var top = y - 6
            var bend = 5.0
            while top + 14 <= bottom {
                path.quad(laneX + side * bend, top + 7, laneX, top + 14)
                top += 14
                bend = -bend
            }
        }
        svg.path(path, style: .stroke(color.detail, width: 2, opacity: 0.8))
    }

    private func spikes(_ layer: Layer, into svg: inout SVGWriter) {
        switch layer {
        case .back: return
        case .front: break
        }
        let radiusX = head.radiusX + lengthMetrics.thickness - 1
        let radiusY = head.radiusY + lengthMetrics.thickness - 1
        let count = 7.0
        let halfWidth = Double.pi / count * 0.45
        var path = SVGPath()
        for index in 1..<6 {
            let angle = Double.pi + Double.pi * (Double(index) + 0.5) / count
            path.move(x + radiusX * cosine(angle - halfWidth), y + radiusY * sine(angle - halfWidth))
            path.line(x + (radiusX + 12) * cosine(angle), y + (radiusY + 12) * sine(angle))
            path.line(x + radiusX * cosine(angle + halfWidth), y + radiusY * sine(angle + halfWidth))
            path.close()
        }
        svg.path(path, style: .fill(color))
    }

    private func bob(_ layer: Layer, into svg: inout SVGWriter) {
        let bottom = head.chin - 16
        switch layer {
        case .back: svg.path(crownBlock(thickness: 11, bottom: bottom), style: .fill(color))
        case .front: svg.path(frame(thickness: 11, inset: 8, sideBottom: bottom, hairline: .fringe), style: .fill(color))
        }
    }

    private func curly(_ layer: Layer, into svg: inout SVGWriter) {
        let metrics = lengthMetrics
        switch layer {
        case .back:
            switch features.hairLength {
            case .medium, .long: svg.path(crownBlock(thickness: 10, bottom: metrics.sideBottom), style: .fill(color))
            case .bald, .shaved, .short: break
            }
        case .front:
            let style = SVGWriter.Style.fill(color)
            svg.path(frame(thickness: 5, inset: metrics.inset, sideBottom: metrics.sideBottom, hairline: .natural), style: style)
            let count = 9
            for index in 0..<count {
                let angle = Double.pi + Double.pi * Double(index) / Double(count - 1)
                svg.circle(
                    centerX: x + (head.radiusX + 5) * cosine(angle), centerY: y - 2 + (head.radiusY + 5) * sine(angle),
                    radius: 11, style: style)
            }
            for side in [-1.0, 1.0] {
                for lockY in stride(from: y + 14, through: metrics.sideBottom - 4, by: 15) {
                    svg.circle(centerX: x + side * (head.radiusX + 1), centerY: lockY, radius: 10, style: style)
                }
            }
            let hairlineY = head.top + 20
            let reach = head.radiusX - metrics.inset
            for offset in [-24.0, -12, 0, 12, 24] {
                let drop = (offset / reach) * (offset / reach) * (y - 8 - hairlineY) * 0.5
                svg.circle(centerX: x + offset, centerY: hairlineY + drop, radius: 7, style: style)
            }
        }
    }

    private func afro(_ layer: Layer, into svg: inout SVGWriter) {
        let style = SVGWriter.Style.fill(color)
        switch layer {
        case .back:
            let (centerY, radiusX, radiusY) = (y - 12, head.radiusX + 24, head.radiusY + 14)
            svg.ellipse(centerX: x, centerY: centerY, radiusX: radiusX, radiusY: radiusY, style: style)
            let count = 16
            for index in 0..<count {
                let angle = 2 * Double.pi * Double(index) / Double(count)
                guard sine(angle) < 0.6 else { continue }
                svg.circle(
                    centerX: x + radiusX * cosine(angle), centerY: centerY + radiusY * sine(angle),
                    radius: 14, style: style)
            }
        case .front:
            svg.path(frame(thickness: 4, inset: 3, sideBottom: y + 4, hairline: .natural), style: style)
        }
    }

    private func braids(_ layer: Layer, into svg: inout SVGWriter) {
        switch layer {
        case .back: return
        case .front: break
        }
        svg.path(frame(thickness: 6, inset: 3, sideBottom: y + 2, hairline: .natural), style: .fill(color))
        var parting = SVGPath()
        parting.move(x, head.top - 4)
        parting.line(x, head.top + 18)
        svg.path(parting, style: .stroke(color.detail, width: 1.5))

        let plait = SVGWriter.Style.fill(color, outline: color.detail, width: 1.2)
        for side in [-1.0, 1.0] {
            let laneX = x + side * (head.radiusX + 2)
            var segmentY = y - 2
            var sway = 1.5
            while segmentY <= hangingEnd {
                svg.ellipse(centerX: laneX + sway, centerY: segmentY, radiusX: 6.5, radiusY: 8.5, style: plait)
                segmentY += 12
                sway = -sway
            }
            svg.circle(centerX: laneX, centerY: segmentY - 3, radius: 3.5, style: .fill(features.accentColor))
        }
    }

    private func dreadlocks(_ layer: Layer, into svg: inout SVGWriter) {
        let lock = SVGWriter.Style.stroke(color, width: 10)
        switch layer {
        case .back:
            var path = SVGPath()
            let span = head.radiusX + 4
            for index in 0..<7 {
                let laneX = x - span + 2 * span * Double(index) / 6
                path.move(laneX, y - head.radiusY * 0.3)
                path.quad(laneX + (laneX - x) * 0.06, (y + hangingEnd) / 2, laneX + (laneX - x) * 0.12, hangingEnd - Double(index % 2) * 10)
            }
            svg.path(path, style: lock)
        case .front:
            svg.path(frame(thickness: 7, inset: 3, sideBottom: y + 2, hairline: .natural), style: .fill(color))
            var path = SVGPath()
            for side in [-1.0, 1.0] {
                path.move(x + side * (head.radiusX + 1), y - 14)
                path.quad(x + side * (head.radiusX + 5), (y + hangingEnd) / 2, x + side * (head.radiusX + 3), hangingEnd - 6)
            }
            svg.path(path, style: lock)
        }
    }

    private func ponytail(_ layer: Layer, into svg: inout SVGWriter) {
        switch layer {
        case .back:
            let side: Double = seed.isHeads(for: .ponytailSide) ? 1 : -1
            let edge = head.radiusX
            var tail = SVGPath()
            tail.move(x + side * (edge - 14), head.top + 12)
            tail.cubic(x + side * (edge + 30), head.top + 4, x + side * (edge + 30), y + 20, x + side * (edge + 12), hangingEnd)
            tail.cubic(x + side * (edge + 6), y + 10, x + side * (edge + 2), head.top + 30, x + side * (edge - 10), head.top + 24)
            tail.close()
            svg.path(tail, style: .fill(color))
            svg.circle(centerX: x + side * (edge - 2), centerY: head.top + 16, radius: 5, style: .fill(features.accentColor))
        case .front:
            svg.path(frame(thickness: 5, inset: 3, sideBottom: y + 2, hairline: .pulledBack), style: .fill(color))
        }
    }

    private func bun(_ layer: Layer, into svg: inout SVGWriter) {
        switch layer {
        case .back:
            let centerY = head.top - 12
            svg.circle(centerX: x, centerY: centerY, radius: 19, style: .fill(color))
            var swirl = SVGPath()
            swirl.move(x - 10, centerY - 3)
            swirl.quad(x, centerY - 14, x + 10, centerY - 1)
            svg.path(swirl, style: .stroke(color.detail, width: 2))
        case .front:
            svg.path(frame(thickness: 5, inset: 3, sideBottom: y + 2, hairline: .pulledBack), style: .fill(color))
        }
    }

    private func mohawk(_ layer: Layer, into svg: inout SVGWriter) {
        switch layer {
        case .back: return
        case .front: break
        }
        closeCrop(.front, thickness: 1, opacity: 0.3, into: &svg)
        let top = head.top
        let outline: [(Double, Double)] = [
            (-11, 18), (-14, -4), (-8, -2), (-7, -22), (-2, -9), (1, -30),
            (5, -10), (9, -22), (11, -3), (15, -6), (11, 18),
        ]
        var crest = SVGPath()
        for (index, point) in outline.enumerated() {
            if index == 0 {
                crest.move(x + point.0, top + point.1)
            } else {
                crest.line(x + point.0, top + point.1)
            }
        }
        crest.close()
        svg.path(crest, style: .fill(color))
    }

    private func silverStreaks(into svg: inout SVGWriter) {
        var path = SVGPath()
        for side in [-1.0, 1.0] {
            path.move(x + side * (head.radiusX + 1), y - 10)
            path.quad(x + side * (head.radiusX - 2), head.top + 16, x + side * (head.radiusX - 22), head.top + 8)
        }
        svg.path(path, style: .stroke(SketchPalette.silverStreak, width: 2.5, opacity: 0.85))
    }

    // MARK: Shapes

    /// The outline of hair over the skull, from the left side at `sideBottom` over the crown to the right side.
    private func crown(_ path: inout SVGPath, thickness: Double, sideBottom: Double) {
        let radiusX = head.radiusX + thickness
        let radiusY = head.radiusY + thickness
        let kappa = SketchHead.ellipseKappa
        path.move(x - radiusX, sideBottom)
        path.line(x - radiusX, y)
        path.cubic(x - radiusX, y - kappa * radiusY, x - kappa * radiusX, y - radiusY, x, y - radiusY)
        path.cubic(x + kappa * radiusX, y - radiusY, x + radiusX, y - kappa * radiusY, x + radiusX, y)
        path.line(x + radiusX, sideBottom)
    }

    /// Solid hair behind the head down to `bottom`, seen around the jaw and neck.
    private func crownBlock(thickness: Double, bottom: Double) -> SVGPath {
        var path = SVGPath()
        crown(&path, thickness: thickness, sideBottom: bottom)
        path.close()
        return path
    }

    /// Hair framing the face: the crown, side locks reaching `inset` into the face down to
    /// `sideBottom`, and the hairline across the forehead.
    private func frame(thickness: Double, inset: Double, sideBottom: Double, hairline: Hairline) -> SVGPath {
        let outerX = head.radiusX + thickness
        let innerX = head.radiusX - inset
        let temple = y - 8
        let lockMiddle = (outerX + innerX) / 2
        var path = SVGPath()
        crown(&path, thickness: thickness, sideBottom: sideBottom)
        path.quad(x + lockMiddle, sideBottom + 3, x + innerX, sideBottom)
        path.line(x + innerX, temple)
        let forehead = head.top + 20
        switch hairline {
        case .natural:
            path.quad(x + innerX - 2, forehead, x, forehead)
            path.quad(x - innerX + 2, forehead, x - innerX, temple)
        case .pulledBack:
            path.quad(x + innerX - 2, forehead - 6, x, forehead - 6)
            path.quad(x - innerX + 2, forehead - 6, x - innerX, temple)
        case .parted(let side):
            if side > 0 {
                path.quad(x + innerX - 2, forehead - 4, x + 12, forehead - 6)
                path.cubic(x - 8, forehead + 2, x - innerX + 4, forehead + 12, x - innerX, temple)
            } else {
                path.cubic(x + innerX - 4, forehead + 12, x + 8, forehead + 2, x - 12, forehead - 6)
                path.quad(x - innerX + 2, forehead - 4, x - innerX, temple)
            }
        case .fringe:
            let bangs = head.eyeY - 19
            let scallops = 5.0
            let width = 2 * innerX / scallops
            path.line(x + innerX, bangs)
            for index in 1...Int(scallops) {
                let endX = x + innerX - width * Double(index)
                path.quad(endX + width / 2, bangs + 5, endX, bangs)
            }
            path.line(x - innerX, temple)
        }
        path.line(x - innerX, sideBottom)
        path.quad(x - lockMiddle, sideBottom + 3, x - outerX, sideBottom)
        path.close()
        return path
    }
}

/// Sine and cosine from the standard library alone, so that the bytes cannot depend on a platform's libm.
private func sine(_ angle: Double) -> Double {
    // Reduce to [-π, π], then a Taylor series, which is exact to well below the 0.01 the SVG keeps.
    var reduced = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
    if reduced > Double.pi { reduced -= 2 * Double.pi }
    if reduced < -Double.pi { reduced += 2 * Double.pi }
    var term = reduced
    var sum = reduced
    for step in 1...12 {
        let n = Double(2 * step)
        term *= -reduced * reduced / (n * (n + 1))
        sum += term
    }
    return sum
}

private func cosine(_ angle: Double) -> Double {
    sine(angle + Double.pi / 2)
}
