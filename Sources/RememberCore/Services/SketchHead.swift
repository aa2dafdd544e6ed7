/// Where the head sits and its shape; every other part of the sketch is laid out from it.
struct SketchHead: Sendable {
    /// The control-point factor that makes a cubic Bézier quarter look like a quarter ellipse.
    static let ellipseKappa = 0.5523

    let centerX: Double
    let centerY: Double
    let radiusX: Double
    let radiusY: Double
    /// Kappa of the lower half: rounder above `ellipseKappa` (a square jaw), pointier below.
    let jawKappa: Double
    let eyeSpacing: Double

    /// Height is shown by framing: a tall person's head sits higher, a short person's lower.
    init(seed: SketchSeed, height: SketchFeatures.Height) {
        let offset: Double =
            switch height {
            case .tall: -8
            case .average: 0
            case .short: 8
            }
        centerX = 128
        centerY = 112 + offset
        radiusX = seed.pick([46, 48, 50, 52], for: .headWidth)
        radiusY = seed.pick([56, 58, 60], for: .headHeight)
        jawKappa = seed.pick([0.5523, 0.66, 0.47], for: .jaw)
        eyeSpacing = seed.pick([16, 18, 20], for: .eyeSpacing)
    }

    var top: Double { centerY - radiusY }
    var chin: Double { centerY + radiusY }
    var eyeY: Double { centerY + 6 }
    var browY: Double { eyeY - 13 }
    var noseY: Double { eyeY + 14 }
    var mouthY: Double { centerY + 31 }
    /// Where the neck meets the shoulders.
    var shoulderY: Double { chin + 16 }

    var outline: SVGPath {
        let (x, y, width, height) = (centerX, centerY, radiusX, radiusY)
        let top = Self.ellipseKappa
        var path = SVGPath()
        path.move(x, y - height)
        path.cubic(x + top * width, y - height, x + width, y - top * height, x + width, y)
        path.cubic(x + width, y + jawKappa * height, x + jawKappa * width, y + height, x, y + height)
        path.cubic(x - jawKappa * width, y + height, x - width, y + jawKappa * height, x - width, y)
        path.cubic(x - width, y - top * height, x - top * width, y - height, x, y - height)
        path.close()
        return path
    }
}
