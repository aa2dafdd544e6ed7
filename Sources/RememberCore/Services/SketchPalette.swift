/// The colours a sketch may use: soft, friendly tones, and the mapping from the colour names of
/// `PersonKeywords` onto them.
enum SketchPalette {
    static let backgrounds: [SketchColor] = [
        0xFDE2E4, 0xDCEBE6, 0xDCE8F8, 0xFFF1C9, 0xE8DFF5, 0xD7F2E3,
        0xFCE1C8, 0xE1F0F7, 0xF6E7D8, 0xEDE7F6, 0xF9E8F0, 0xE4F1D8,
    ].map(SketchColor.init)

    /// A broad range of skin tones; keywords never state one, so the name picks it.
    static let skins: [SketchColor] = [
        0xF9DCC4, 0xF3CBA8, 0xEAB892, 0xDDA47D, 0xC98B65, 0xAD7250, 0x92603F, 0x744A32,
    ].map(SketchColor.init)

    /// Hair colours people are born with, for when the ramble does not say.
    static let naturalHair: [SketchColor] = [
        0x2B2A2E, 0x4A3426, 0x6B4A32, 0x8C6A48, 0xD9B36C, 0x8E3B22,
    ].map(SketchColor.init)

    /// For a colour name the sketch does not know: plausible on anyone, never misleading.
    static let neutralHair = SketchColor(0x7A6A5E)

    static let greyHair = SketchColor(0xA9A9AE)

    /// Streaks added to darker hair from the fifties on.
    static let silverStreak = SketchColor(0xE6E6EB)

    /// Tops for when no known clothing colour is given.
    static let clothing: [SketchColor] = [
        0x5B8DEF, 0xE76F51, 0x2A9D8F, 0x8E7CC3, 0xF4A261, 0x4C6A92, 0xD1495B, 0x6AA84F, 0x3D405B,
    ].map(SketchColor.init)

    /// Hats, scarves, ties and hair ties when only one clothing colour (or none) is known.
    static let accents: [SketchColor] = [
        0xE63946, 0xF4A261, 0x2A9D8F, 0x264653, 0x9B5DE5, 0xFFB703, 0x457B9D,
    ].map(SketchColor.init)

    static let glassesFrames: [SketchColor] = [
        0x2F2F3A, 0x6B4226, 0xB03A48, 0x2D5D9F,
    ].map(SketchColor.init)

    static let metals: [SketchColor] = [0xE8B923, 0xC9CCD3].map(SketchColor.init)

    static let sunglassLens = SketchColor(0x1F232C)
    static let eye = SketchColor(0x221E26)
    static let mouth = SketchColor(0x8A3E46)
    static let mouthOnDeepSkin = SketchColor(0x4A1A22)
    static let blush = SketchColor(0xF28B82)
    static let strap = SketchColor(0x474D5A)
    static let headphones = SketchColor(0x3A3F4B)
    static let shirtCollar = SketchColor(0xF7F7F2)

    /// The fill for a hair colour keyword, or `nil` when the word is not a colour the sketch knows.
    static func hair(named name: String) -> SketchColor? {
        switch name {
        case "black": SketchColor(0x232226)
        case "brown", "brunette": SketchColor(0x5E3F2A)
        case "dark brown": SketchColor(0x3F2A1E)
        case "light brown": SketchColor(0x93704C)
        case "blonde", "blond": SketchColor(0xE2C07A)
        case "red", "ginger": SketchColor(0xC4562F)
        case "auburn": SketchColor(0x8E3B22)
        case "grey", "gray", "salt and pepper": greyHair
        case "white": SketchColor(0xEDEDEF)
        case "silver": SketchColor(0xC7CAD1)
        case "blue": SketchColor(0x4A7BD0)
        case "pink": SketchColor(0xF08DB4)
        case "green": SketchColor(0x4FA56B)
        case "purple", "violet": SketchColor(0x8A5CC2)
        case "orange": SketchColor(0xE98A3B)
        case "teal", "turquoise": SketchColor(0x2BA3A0)
        case "dyed": SketchColor(0xC9529A)
        default: nil
        }
    }

    /// The fill for a clothing colour keyword, or `nil` when the word is not a colour the sketch knows.
    static func clothing(named name: String) -> SketchColor? {
        switch name {
        case "red": SketchColor(0xD64545)
        case "burgundy", "maroon", "wine": SketchColor(0x7E2A3A)
        case "pink": SketchColor(0xF29CB7)
        case "orange": SketchColor(0xF08A3C)
        case "coral": SketchColor(0xF27B6B)
        case "yellow", "mustard": SketchColor(0xF2C641)
        case "gold": SketchColor(0xD4AF37)
        case "green": SketchColor(0x4E9F5D)
        case "olive", "khaki": SketchColor(0x8A8F4E)
        case "mint": SketchColor(0x9ED9C2)
        case "teal", "turquoise": SketchColor(0x2A9D8F)
        case "blue": SketchColor(0x3F7CD8)
        case "light blue", "sky blue": SketchColor(0x8CBDEB)
        case "navy": SketchColor(0x263A66)
        case "denim": SketchColor(0x4C6A92)
        case "purple", "violet": SketchColor(0x7D55C7)
        case "lilac", "lavender": SketchColor(0xB9A5E0)
        case "brown", "chocolate": SketchColor(0x74513A)
        case "tan", "camel": SketchColor(0xC29B6C)
        case "beige", "cream", "ivory": SketchColor(0xE9DDC4)
        case "white": SketchColor(0xF4F4F2)
        case "grey", "gray", "silver": SketchColor(0x9A9DA5)
        case "charcoal": SketchColor(0x45474D)
        case "black": SketchColor(0x2A2A2E)
        default: nil
        }
    }
}
