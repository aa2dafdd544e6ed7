/// Neck, shoulders and what is worn on them: the top in the first clothing colour, its neckline,
/// and scarf, necklace, tie, bow tie or backpack straps.
struct SketchOutfit: Sendable {
    let features: SketchFeatures
    let head: SketchHead
    let seed: SketchSeed
    let skin: SketchColor

    private enum Neckline { case crew, vee, shirtCollar }

    /// Below the canvas, so the top never shows a bottom edge whatever the framing.
    private let hem: Double = 276

    private var x: Double { head.centerX }
    private var shoulderY: Double { head.shoulderY }
    private var top: SketchColor { features.clothingColor }
    private var neckSkin: SketchColor { skin.darker(0.1) }

    private var shoulderHalfWidth: Double {
        switch features.build {
        case .slim: 64
        case .average: 76
        case .athletic: 84
        case .muscular: 92
        case .stocky: 90
        case .heavy: 98
        }
    }

    private var neckHalfWidth: Double {
        switch features.build {
        case .slim: 13
        case .average, .athletic: 15
        case .muscular, .stocky, .heavy: 18
        }
    }

    private var wearsTie: Bool {
        features.accessories.contains { accessory in
            switch accessory {
            case .tie, .bowTie: true
            case .earrings, .noseRing, .freckles, .dimples, .mole, .scarf, .necklace, .headphones, .backpack: false
            }
        }
    }

    func draw(into svg: inout SVGWriter) {
        svg.group(id: "body") { svg in
            let neckTop = head.chin - 22
            svg.rect(
                x: x - neckHalfWidth, y: neckTop, width: 2 * neckHalfWidth, height: shoulderY - neckTop + 12,
                cornerRadius: 8, style: .fill(neckSkin))
            svg.path(torso, style: .fill(top))
            neckline(into: &svg)
        }
        for accessory in features.accessories {
            switch accessory {
            case .backpack: svg.group(id: "backpack", class: "accessory") { backpack(into: &$0) }
            case .necklace: svg.group(id: "necklace", class: "accessory") { necklace(into: &$0) }
            case .scarf: svg.group(id: "scarf", class: "accessory") { scarf(into: &$0) }
            case .tie: svg.group(id: "tie", class: "accessory") { tie(into: &$0) }
            case .bowTie: svg.group(id: "bow-tie", class: "accessory") { bowTie(into: &$0) }
            case .earrings, .noseRing, .freckles, .dimples, .mole, .headphones: break
            }
        }
    }

    private var torso: SVGPath {
        let width = shoulderHalfWidth
        var path = SVGPath()
        path.move(x - width, hem)
        path.line(x - width, shoulderY + 30)
        path.cubic(x - width, shoulderY + 8, x - width + 14, shoulderY, x - width + 34, shoulderY)
        path.line(x + width - 34, shoulderY)
        path.cubic(x + width - 14, shoulderY, x + width, shoulderY + 8, x + width, shoulderY + 30)
        path.line(x + width, hem)
        path.close()
        return path
    }

    private func neckline(into svg: inout SVGWriter) {
        let neckline: Neckline = wearsTie ? .shirtCollar : seed.pick([.crew, .vee], for: .neckline)
        let halfWidth = neckHalfWidth + 3
        switch neckline {
        case .crew:
            var collar = SVGPath()
            collar.move(x - halfWidth, shoulderY)
            collar.quad(x, shoulderY + 18, x + halfWidth, shoulderY)
            var opening = collar
            opening.close()
            svg.path(opening, style: .fill(neckSkin))
            svg.path(collar, style: .stroke(top.detail, width: 4))
        case .vee:
            svg.path(vee(halfWidth: halfWidth, depth: 24), style: .fill(neckSkin, outline: top.detail, width: 3))
        case .shirtCollar:
            let shirt = SVGWriter.Style.fill(SketchPalette.shirtCollar, outline: SketchPalette.shirtCollar.detail, width: 1.2)
            svg.path(vee(halfWidth: halfWidth, depth: 26), style: shirt)
            var wings = SVGPath()
            for side in [-1.0, 1.0] {
                wings.move(x + side * (halfWidth + 1), shoulderY - 3)
                wings.line(x + side * 2, shoulderY + 12)
                wings.line(x + side * (halfWidth + 6), shoulderY + 14)
                wings.close()
            }
            svg.path(wings, style: shirt)
        }
    }

    private func vee(halfWidth: Double, depth: Double) -> SVGPath {
        var path = SVGPath()
        path.move(x - halfWidth, shoulderY)
        path.line(x, shoulderY + depth)
        path.line(x + halfWidth, shoulderY)
        path.close()
        return path
    }

    private func backpack(into svg: inout SVGWriter) {
        var straps = SVGPath()
        let width = shoulderHalfWidth
        for side in [-1.0, 1.0] {
            straps.move(x + side * (width - 32), shoulderY - 1)
            straps.line(x + side * (width - 20), shoulderY)
            straps.line(x + side * (width - 16), hem)
            straps.line(x + side * (width - 29), hem)
            straps.close()
        }
        svg.path(straps, style: .fill(SketchPalette.strap))
    }

    private func necklace(into svg: inout SVGWriter) {
        let metal = seed.pick(SketchPalette.metals, for: .earrings)
        var chain = SVGPath()
        chain.move(x - neckHalfWidth - 1, shoulderY - 3)
        chain.quad(x, shoulderY + 24, x + neckHalfWidth + 1, shoulderY - 3)
        svg.path(chain, style: .stroke(metal, width: 1.8))
        svg.circle(centerX: x, centerY: shoulderY + 12, radius: 3, style: .fill(metal))
    }

    private func scarf(into svg: inout SVGWriter) {
        let color = features.accentColor
        let halfWidth = neckHalfWidth + 12
        svg.rect(x: x - halfWidth, y: shoulderY - 10, width: 2 * halfWidth, height: 17, cornerRadius: 8, style: .fill(color))
        svg.rect(x: x + 4, y: shoulderY + 2, width: 13, height: 40, cornerRadius: 4, style: .fill(color.darker(0.08)))
        var stripes = SVGPath()
        for stripeY in [shoulderY + 30, shoulderY + 35] {
            stripes.move(x + 6, stripeY)
            stripes.line(x + 15, stripeY)
        }
        svg.path(stripes, style: .stroke(color.detail, width: 1.5))
    }

    private func tie(into svg: inout SVGWriter) {
        let color = features.accentColor
        var knot = SVGPath()
        knot.move(x - 5, shoulderY + 8)
        knot.line(x + 5, shoulderY + 8)
        knot.line(x + 4, shoulderY + 15)
        knot.line(x - 4, shoulderY + 15)
        knot.close()
        var blade = SVGPath()
        blade.move(x - 4, shoulderY + 15)
        blade.line(x + 4, shoulderY + 15)
        blade.line(x + 8, shoulderY + 52)
        blade.line(x, shoulderY + 60)
        blade.line(x - 8, shoulderY + 52)
        blade.close()
        svg.path(blade, style: .fill(color))
        svg.path(knot, style: .fill(color.darker(0.12)))
    }

    private func bowTie(into svg: inout SVGWriter) {
        let color = features.accentColor
        let knotY = shoulderY + 8
        var wings = SVGPath()
        for side in [-1.0, 1.0] {
            wings.move(x, knotY)
            wings.line(x + side * 14, knotY - 7)
            wings.line(x + side * 14, knotY + 7)
            wings.close()
        }
        svg.path(wings, style: .fill(color))
        svg.circle(centerX: x, centerY: knotY, radius: 3.5, style: .fill(color.darker(0.12)))
    }
}
