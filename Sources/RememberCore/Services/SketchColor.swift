/// An sRGB colour of the sketch, written into the SVG as `#RRGGBB`.
///
/// Colours are mixed in integer-rounded sRGB so that the same sketch gives the same bytes on
/// every platform.
struct SketchColor: Sendable, Equatable {
    let red: UInt8
    let green: UInt8
    let blue: UInt8

    /// A colour from its `0xRRGGBB` literal, as the palettes list them.
    init(_ rgb: UInt32) {
        red = UInt8(truncatingIfNeeded: rgb >> 16)
        green = UInt8(truncatingIfNeeded: rgb >> 8)
        blue = UInt8(truncatingIfNeeded: rgb)
    }

    private init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    static let white = SketchColor(0xFFFFFF)
    static let black = SketchColor(0x000000)

    var hex: String {
        "#"
            + [red, green, blue].map { component in
                let digits = String(component, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// Relative brightness in 0...1 (Rec. 601 weights), enough to choose between darker and lighter details.
    var brightness: Double {
        (0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)) / 255
    }

    /// `amount` 0 keeps this colour, 1 gives `other`.
    func mixed(with other: SketchColor, amount: Double) -> SketchColor {
        let weight = min(max(amount, 0), 1)
        func channel(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8((Double(from) + (Double(to) - Double(from)) * weight).rounded())
        }
        return SketchColor(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }

    func darker(_ amount: Double) -> SketchColor { mixed(with: .black, amount: amount) }

    func lighter(_ amount: Double) -> SketchColor { mixed(with: .white, amount: amount) }

    /// A tone for strands, folds and outlines drawn on top of this colour: darker on light colours,
    /// lighter on very dark ones, where a darker line would vanish.
    var detail: SketchColor {
        brightness < 0.22 ? lighter(0.22) : darker(0.22)
    }
}
