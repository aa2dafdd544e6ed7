/// What is worn on the head, drawn over hair and face: glasses or sunglasses, earrings, a nose
/// ring, a hat, cap or beanie, and headphones.
struct SketchAccessories: Sendable {
    let features: SketchFeatures
    let head: SketchHead
    let seed: SketchSeed

    private var x: Double { head.centerX }
    private var y: Double { head.centerY }
    private var metal: SketchColor { seed.pick(SketchPalette.metals, for: .earrings) }
    private var headwearColor: SketchColor { features.accentColor }

    func draw(into svg: inout SVGWriter) {
        switch features.eyewear {
        case .glasses: svg.group(id: "glasses", class: "eyewear") { glasses(into: &$0) }
        case .sunglasses: svg.group(id: "sunglasses", class: "eyewear") { sunglasses(into: &$0) }
        case nil: break
        }
        for accessory in features.accessories {
            switch accessory {
            case .earrings: svg.group(id: "earrings", class: "accessory") { earrings(into: &$0) }
            case .noseRing: svg.group(id: "nose-ring", class: "accessory") { noseRing(into: &$0) }
            case .freckles, .dimples, .mole, .scarf, .necklace, .tie, .bowTie, .headphones, .backpack: break
            }
        }
        switch features.headwear {
        case .hat: svg.group(id: "hat", class: "headwear") { hat(into: &$0) }
        case .cap: svg.group(id: "cap", class: "headwear") { cap(into: &$0) }
        case .beanie: svg.group(id: "beanie", class: "headwear") { beanie(into: &$0) }
        case nil: break
        }
        if features.accessories.contains(.headphones) {
            svg.group(id: "headphones", class: "accessory") { headphones(into: &$0) }
        }
    }

    // MARK: Eyewear

    private func glasses(into svg: inout SVGWriter) {
        let frame = seed.pick(SketchPalette.glassesFrames, for: .glassesFrame)
        let radius = 12.0
        for side in [-1.0, 1.0] {
            svg.circle(
                centerX: x + side * head.eyeSpacing, centerY: head.eyeY, radius: radius,
                style: .fill(.white, opacity: 0.25))
        }
        var rims = SVGPath()
        for side in [-1.0, 1.0] {
            rims.ellipse(centerX: x + side * head.eyeSpacing, centerY: head.eyeY, radiusX: radius, radiusY: radius)
        }
        svg.path(rims, style: .stroke(frame, width: 2.8))
        svg.path(bridgeAndTemples(lensReach: head.eyeSpacing + radius, lensInner: head.eyeSpacing - radius), style: .stroke(frame, width: 2.6))
    }

    private func sunglasses(into svg: inout SVGWriter) {
        let lens = SketchPalette.sunglassLens
        for side in [-1.0, 1.0] {
            svg.rect(
                x: x + side * head.eyeSpacing - 12.5, y: head.eyeY - 8, width: 25, height: 17, cornerRadius: 6,
                style: .fill(lens))
        }
        var glare = SVGPath()
        for side in [-1.0, 1.0] {
            glare.move(x + side * head.eyeSpacing - 7, head.eyeY - 2)
            glare.line(x + side * head.eyeSpacing - 3, head.eyeY - 5)
        }
        svg.path(glare, style: .stroke(.white, width: 2, opacity: 0.55))
        var topBar = SVGPath()
        topBar.move(x - head.eyeSpacing - 12, head.eyeY - 7)
        topBar.line(x + head.eyeSpacing + 12, head.eyeY - 7)
        svg.path(topBar, style: .stroke(lens, width: 3))
        svg.path(bridgeAndTemples(lensReach: head.eyeSpacing + 12.5, lensInner: head.eyeSpacing - 12.5), style: .stroke(lens, width: 2.6))
    }

    /// `lensReach`/`lensInner`: distance from the face's middle to the outer and inner lens edges.
    private func bridgeAndTemples(lensReach: Double, lensInner: Double) -> SVGPath {
        var path = SVGPath()
        path.move(x - lensInner, head.eyeY - 2)
        path.quad(x, head.eyeY - 7, x + lensInner, head.eyeY - 2)
        for side in [-1.0, 1.0] {
            path.move(x + side * lensReach, head.eyeY - 3)
            path.line(x + side * (head.radiusX - 1), head.eyeY - 5)
        }
        return path
    }

    // MARK: Jewellery

    private func earrings(into svg: inout SVGWriter) {
        let isHoop = seed.isHeads(for: .earrings)
        for side in [-1.0, 1.0] {
            let lobeX = x + side * (head.radiusX - 1)
            if isHoop {
                svg.circle(centerX: lobeX, centerY: y + 24, radius: 5, style: .stroke(metal, width: 2))
            } else {
                svg.circle(centerX: lobeX, centerY: y + 19, radius: 3, style: .fill(metal))
            }
        }
    }

    private func noseRing(into svg: inout SVGWriter) {
        svg.circle(centerX: x + 4, centerY: head.noseY + 3, radius: 2.5, style: .stroke(metal, width: 1.5))
    }

    // MARK: Headwear

    private func hat(into svg: inout SVGWriter) {
        let brimY = head.top + 18
        let color = headwearColor
        var crown = SVGPath()
        crown.move(x - head.radiusX + 4, brimY)
        crown.line(x - head.radiusX + 9, brimY - 30)
        crown.quad(x, brimY - 42, x + head.radiusX - 9, brimY - 30)
        crown.line(x + head.radiusX - 4, brimY)
        crown.close()
        svg.path(crown, style: .fill(color))
        svg.rect(x: x - head.radiusX + 5, y: brimY - 10, width: 2 * (head.radiusX - 5), height: 8, style: .fill(color.detail))
        var dent = SVGPath()
        dent.move(x - 9, brimY - 36)
        dent.quad(x, brimY - 30, x + 9, brimY - 36)
        svg.path(dent, style: .stroke(color.detail, width: 1.5))
        svg.ellipse(centerX: x, centerY: brimY, radiusX: head.radiusX + 24, radiusY: 7, style: .fill(color.darker(0.1)))
    }

    private func cap(into svg: inout SVGWriter) {
        let color = headwearColor
        let rimY = head.top + 24
        let halfWidth = head.radiusX + 8
        let peakY = head.top - 10
        svg.path(dome(halfWidth: halfWidth, baseY: rimY, peakY: peakY), style: .fill(color))
        var seams = SVGPath()
        for side in [-1.0, 1.0] {
            seams.move(x, peakY + 2)
            seams.quad(x + side * 6, rimY - 20, x + side * halfWidth * 0.45, rimY)
        }
        svg.path(seams, style: .stroke(color.detail, width: 1.2))
        svg.circle(centerX: x, centerY: peakY + 1, radius: 3, style: .fill(color.detail))
        let shift: Double = seed.isHeads(for: .capVisor) ? 5 : -5
        var visor = SVGPath()
        visor.move(x - halfWidth - 2 + shift, rimY - 1)
        visor.cubic(x - halfWidth + shift, rimY + 15, x + halfWidth + shift, rimY + 15, x + halfWidth + 2 + shift, rimY - 1)
        visor.close()
        svg.path(visor, style: .fill(color.darker(0.15)))
    }

    private func beanie(into svg: inout SVGWriter) {
        let color = headwearColor
        let bandY = head.top + 16
        let halfWidth = head.radiusX + 4
        if seed.isHeads(for: .beanieBobble) {
            svg.circle(centerX: x, centerY: head.top - 15, radius: 9, style: .fill(color.lighter(0.2)))
        }
        svg.path(dome(halfWidth: halfWidth, baseY: bandY + 2, peakY: head.top - 10), style: .fill(color))
        svg.rect(
            x: x - halfWidth - 2, y: bandY, width: 2 * (halfWidth + 2), height: 15, cornerRadius: 6,
            style: .fill(color.darker(0.12)))
        var ribs = SVGPath()
        for ribX in stride(from: x - halfWidth + 5, through: x + halfWidth - 4, by: 7) {
            ribs.move(ribX, bandY + 4)
            ribs.line(ribX, bandY + 11)
        }
        svg.path(ribs, style: .stroke(color.detail, width: 1.2, opacity: 0.6))
    }

    private func headphones(into svg: inout SVGWriter) {
        let color = SketchPalette.headphones
        let halfWidth = head.radiusX + 6
        // A cubic's peak sits a quarter of the way from its end points' height to its controls'.
        let peakY = head.top - 16
        let controlY = (peakY - 0.25 * y) / 0.75
        var band = SVGPath()
        band.move(x - halfWidth, y)
        band.cubic(x - halfWidth, controlY, x + halfWidth, controlY, x + halfWidth, y)
        svg.path(band, style: .stroke(color, width: 6))
        for side in [-1.0, 1.0] {
            svg.rect(
                x: x + side * (head.radiusX + 2) - 7, y: y - 6, width: 14, height: 26, cornerRadius: 6,
                style: .fill(color))
        }
    }

    /// The crown of a cap or beanie, from `baseY` at the sides up to `peakY`.
    private func dome(halfWidth: Double, baseY: Double, peakY: Double) -> SVGPath {
        let rise = baseY - peakY
        var path = SVGPath()
        path.move(x - halfWidth, baseY)
        path.cubic(x - halfWidth, baseY - 0.75 * rise, x - 0.55 * halfWidth, peakY, x, peakY)
        path.cubic(x + 0.55 * halfWidth, peakY, x + halfWidth, baseY - 0.75 * rise, x + halfWidth, baseY)
        path.close()
        return path
    }
}
