import Foundation

/// Where the parts of a cash-code picture sit, for drawing it and for reading dots back.
///
/// Radii follow the Flipcash renderer, for a picture of radius R (half its size): the centre disc
/// (the badge well) 0.32R; the rings fill 0.425R…0.95R, each w = 0.525R/6 wide, ring r centred at
/// 0.425R + r·w + w/2, ring 0 pulled in a further 0.032R; dots are 0.75w across. Angles are in
/// y-down screen coordinates: position j of a ring of n is at j·2π/n − π/2, so position 0 is at
/// 12 o'clock and positions run clockwise.
struct CashCodeGeometry: Sendable {
    let centreX: Double
    let centreY: Double
    let radius: Double

    /// The geometry of a picture `size` wide and high whose top-left corner is (`minX`, `minY`).
    init(minX: Double = 0, minY: Double = 0, size: Double) {
        radius = size / 2
        centreX = minX + radius
        centreY = minY + radius
    }

    var ringWidth: Double { (0.95 - 0.425) * radius / Double(CashCodeRings.ringSizes.count) }
    var dotRadius: Double { 0.375 * ringWidth }
    var badgeWellRadius: Double { 0.32 * radius }

    func ringRadius(_ ring: Int) -> Double {
        0.425 * radius + Double(ring) * ringWidth + ringWidth / 2 - (ring == 0 ? 0.032 * radius : 0)
    }

    func angle(ring: Int, position: Int) -> Double {
        Double(position) * 2 * .pi / Double(CashCodeRings.ringSizes[ring]) - .pi / 2
    }

    func point(ring: Int, position: Int) -> (x: Double, y: Double) {
        let angle = angle(ring: ring, position: position)
        let distance = ringRadius(ring)
        return (centreX + distance * cos(angle), centreY + distance * sin(angle))
    }

    /// The ring and position a dot at (x, y) marks, or nil when it is not within half a ring width
    /// of a ring or within 0.3 of a step of a position there (a decoration, not a dot).
    func location(x: Double, y: Double) -> (ring: Int, position: Int)? {
        let dx = x - centreX
        let dy = y - centreY
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance.isFinite else { return nil }
        var nearest = 0
        for ring in CashCodeRings.ringSizes.indices
        where abs(ringRadius(ring) - distance) < abs(ringRadius(nearest) - distance) {
            nearest = ring
        }
        guard abs(ringRadius(nearest) - distance) <= ringWidth / 2 else { return nil }
        let count = CashCodeRings.ringSizes[nearest]
        var step = (atan2(dy, dx) + .pi / 2) / (2 * .pi) * Double(count)
        if step < 0 { step += Double(count) }
        let rounded = step.rounded()
        guard abs(step - rounded) <= 0.3 else { return nil }
        return (nearest, Int(rounded) % count)
    }
}
