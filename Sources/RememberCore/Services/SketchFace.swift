/// The head, a simple friendly face, marks on the skin (freckles, mole, dimples) and facial hair.
struct SketchFace: Sendable {
    let features: SketchFeatures
    let head: SketchHead
    let seed: SketchSeed
    let skin: SketchColor

    private enum Eyes { case dots, ovals, smiling }

    private enum Mouth { case smile, grin, smallSmile }

    private var x: Double { head.centerX }
    private var y: Double { head.centerY }

    /// On the deeper skin tones, lines need more contrast to read.
    private var isDeepSkin: Bool { skin.brightness < 0.46 }
    private var mouthColor: SketchColor { isDeepSkin ? SketchPalette.mouthOnDeepSkin : SketchPalette.mouth }

    func drawHead(into svg: inout SVGWriter) {
        svg.group(id: "head") { svg in
            for side in [-1.0, 1.0] {
                let earX = x + side * (head.radiusX - 1)
                svg.ellipse(centerX: earX, centerY: y + 8, radiusX: 8, radiusY: 12, style: .fill(skin))
                svg.ellipse(centerX: earX + side * 1.5, centerY: y + 8, radiusX: 3.5, radiusY: 6.5, style: .fill(skin.darker(0.12)))
            }
            svg.path(head.outline, style: .fill(skin))
        }
    }

    func drawFace(into svg: inout SVGWriter) {
        svg.group(id: "face") { svg in
            brows(into: &svg)
            eyes(into: &svg)
            nose(into: &svg)
            for side in [-1.0, 1.0] {
                let cheekX = x + side * (head.eyeSpacing + 10)
                svg.circle(centerX: cheekX, centerY: head.eyeY + 15, radius: 7, style: .fill(SketchPalette.blush, opacity: 0.3))
            }
            mouth(into: &svg)
        }
        for accessory in features.accessories {
            switch accessory {
            case .freckles: svg.group(id: "freckles", class: "accessory") { freckles(into: &$0) }
            case .mole: svg.group(id: "mole", class: "accessory") { mole(into: &$0) }
            case .dimples: svg.group(id: "dimples", class: "accessory") { dimples(into: &$0) }
            case .earrings, .noseRing, .scarf, .necklace, .tie, .bowTie, .headphones, .backpack: break
            }
        }
    }

    func drawFacialHair(into svg: inout SVGWriter) {
        guard let facialHair = features.facialHair else { return }
        // Darkened on deep skin tones, as the brows are: a brown beard on brown skin vanishes.
        let beardColor = isDeepSkin ? features.hairColor.darker(0.45) : features.hairColor
        let fill = SVGWriter.Style.fill(beardColor)
        switch facialHair {
        case .beard:
            svg.group(id: "beard", class: "facial-hair") { svg in
                var style = fill
                style.evenOddFill = true
                svg.path(beard, style: style)
            }
        case .moustache:
            svg.group(id: "moustache", class: "facial-hair") { $0.path(moustache(droop: 9), style: fill) }
        case .goatee:
            svg.group(id: "goatee", class: "facial-hair") { svg in
                svg.path(moustache(droop: 5), style: fill)
                svg.path(chinPatch, style: fill)
            }
        case .stubble:
            svg.group(id: "stubble", class: "facial-hair") { svg in
                svg.path(stubbleDots, style: .stroke(beardColor, width: 1.6, opacity: 0.45))
            }
        }
    }

    // MARK: Features

    private func brows(into svg: inout SVGWriter) {
        let arch: Double = seed.pick([1, 3, 5], for: .brows)
        var path = SVGPath()
        for side in [-1.0, 1.0] {
            let browX = x + side * head.eyeSpacing
            path.move(browX - 7, head.browY + 1)
            path.quad(browX, head.browY - arch, browX + 7, head.browY + 1)
        }
        svg.path(path, style: .stroke(features.hairColor.darker(isDeepSkin ? 0.45 : 0.15), width: 2.8))
    }

    private func eyes(into svg: inout SVGWriter) {
        let style: Eyes = seed.pick([.dots, .ovals, .smiling], for: .eyes)
        for side in [-1.0, 1.0] {
            let eyeX = x + side * head.eyeSpacing
            switch style {
            case .dots:
                svg.circle(centerX: eyeX, centerY: head.eyeY, radius: 4.5, style: .fill(SketchPalette.eye))
                svg.circle(centerX: eyeX + 1.5, centerY: head.eyeY - 1.5, radius: 1.4, style: .fill(.white))
            case .ovals:
                svg.ellipse(centerX: eyeX, centerY: head.eyeY, radiusX: 3.8, radiusY: 5.5, style: .fill(SketchPalette.eye))
                svg.circle(centerX: eyeX + 1.2, centerY: head.eyeY - 2, radius: 1.3, style: .fill(.white))
            case .smiling:
                var path = SVGPath()
                path.move(eyeX - 5, head.eyeY + 1.5)
                path.quad(eyeX, head.eyeY - 5, eyeX + 5, head.eyeY + 1.5)
                svg.path(path, style: .stroke(SketchPalette.eye, width: 2.8))
            }
        }
    }

    private func nose(into svg: inout SVGWriter) {
        var path = SVGPath()
        if seed.isHeads(for: .nose) {
            path.move(x - 3.5, head.noseY)
            path.quad(x, head.noseY + 4, x + 3.5, head.noseY)
        } else {
            path.move(x + 1, head.noseY - 8)
            path.quad(x - 5, head.noseY + 2, x + 2, head.noseY + 2)
        }
        svg.path(path, style: .stroke(skin.darker(0.25), width: 2.2))
    }

    private func mouth(into svg: inout SVGWriter) {
        let mouthY = head.mouthY
        var path = SVGPath()
        switch seed.pick([Mouth.smile, .grin, .smallSmile], for: .mouth) {
        case .smile:
            path.move(x - 11, mouthY)
            path.quad(x, mouthY + 10, x + 11, mouthY)
            svg.path(path, style: .stroke(mouthColor, width: 3))
        case .grin:
            path.move(x - 11, mouthY)
            path.quad(x, mouthY + 15, x + 11, mouthY)
            path.close()
            svg.path(path, style: .fill(mouthColor))
        case .smallSmile:
            path.move(x - 7, mouthY + 1)
            path.quad(x, mouthY + 7, x + 7, mouthY + 1)
            svg.path(path, style: .stroke(mouthColor, width: 3))
        }
    }

    private func freckles(into svg: inout SVGWriter) {
        let pattern: [(Double, Double)] = [(-6, -2), (0, -4), (6, -1), (-3, 3), (3, 4)]
        var path = SVGPath()
        for side in [-1.0, 1.0] {
            let cheekX = x + side * (head.eyeSpacing + 6)
            for (dx, dy) in pattern {
                path.dot(cheekX + dx, head.eyeY + 12 + dy)
            }
        }
        svg.path(path, style: .stroke(skin.darker(0.35), width: 2))
    }

    private func mole(into svg: inout SVGWriter) {
        let spots: [(Double, Double)] = [(22, head.mouthY - 5), (-24, head.eyeY + 19), (15, head.mouthY + 11)]
        let spot = seed.pick(spots, for: .mole)
        svg.circle(centerX: x + spot.0, centerY: spot.1, radius: 1.8, style: .fill(skin.darker(0.5)))
    }

    private func dimples(into svg: inout SVGWriter) {
        var path = SVGPath()
        for side in [-1.0, 1.0] {
            path.move(x + side * 15, head.mouthY - 2)
            path.quad(x + side * 17, head.mouthY + 1, x + side * 15, head.mouthY + 4)
        }
        svg.path(path, style: .stroke(skin.darker(0.2), width: 1.8))
    }

    // MARK: Facial hair

    /// The lower face from ear to ear, with a hole for the mouth (even-odd fill).
    private var beard: SVGPath {
        let (radiusX, kappa) = (head.radiusX + 1, head.jawKappa)
        let radiusY = head.radiusY + 7
        let top = y + 2
        let upperLip = head.mouthY - 9
        var path = SVGPath()
        path.move(x - radiusX, top)
        path.cubic(x - radiusX, y + kappa * radiusY, x - kappa * radiusX, y + radiusY, x, y + radiusY)
        path.cubic(x + kappa * radiusX, y + radiusY, x + radiusX, y + kappa * radiusY, x + radiusX, top)
        path.line(x + head.radiusX - 7, top)
        path.cubic(x + head.radiusX - 8, y + 20, x + 22, upperLip - 1, x, upperLip)
        path.cubic(x - 22, upperLip - 1, x - head.radiusX + 8, y + 20, x - head.radiusX + 7, top)
        path.close()
        path.ellipse(centerX: x, centerY: head.mouthY + 2, radiusX: 13, radiusY: 6.5)
        return path
    }

    /// `droop`: how far the ends fall below the middle.
    private func moustache(droop: Double) -> SVGPath {
        let top = head.mouthY - 5
        var path = SVGPath()
        path.move(x, top)
        path.quad(x - 10, top - 6, x - 19, top + droop - 6)
        path.quad(x - 9, top + 1, x, top + 4)
        path.quad(x + 9, top + 1, x + 19, top + droop - 6)
        path.quad(x + 10, top - 6, x, top)
        path.close()
        return path
    }

    private var chinPatch: SVGPath {
        let top = head.mouthY + 9
        var path = SVGPath()
        path.move(x - 11, top)
        path.quad(x, top - 4, x + 11, top)
        path.quad(x + 12, head.chin + 2, x, head.chin + 5)
        path.quad(x - 12, head.chin + 2, x - 11, top)
        path.close()
        return path
    }

    /// Dots along the jaw and around the mouth, within the face outline; cheeks stay clear.
    private var stubbleDots: SVGPath {
        var path = SVGPath()
        let reachX = head.radiusX - 6
        let reachY = head.radiusY - 3
        var row = 0
        for dotY in stride(from: y + 14, through: head.chin - 3, by: 5) {
            let dy = (dotY - y) / reachY
            for dotX in stride(from: x - reachX + Double(row % 2) * 3, through: x + reachX, by: 6) {
                let dx = (dotX - x) / reachX
                let isOnFace = dx * dx + dy * dy <= 1
                let isOnLips = abs(dotX - x) < 15 && abs(dotY - head.mouthY - 2) < 7
                let isOnJaw = dotY >= head.mouthY - 9 || abs(dx) >= 0.7
                if isOnFace && isOnJaw && !isOnLips {
                    path.dot(dotX, dotY)
                }
            }
            row += 1
        }
        return path
    }
}
