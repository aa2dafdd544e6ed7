/// What the sketch draws: `PersonKeywords` read onto the shapes the renderer knows, with the
/// gaps the ramble left filled in from the name's seed.
///
/// Keyword values outside the documented vocabularies are ignored (or, for colours, drawn in a
/// neutral tone); they never reach the SVG text.
struct SketchFeatures: Sendable {
    enum HairLength: Sendable { case bald, shaved, short, medium, long }

    enum HairStyle: Sendable {
        case straight, wavy, curly, afro, braids, dreadlocks, ponytail, bun, mohawk, spiky, buzzCut, bob, fringe
    }

    enum Eyewear: Sendable { case glasses, sunglasses }

    enum FacialHair: Sendable { case beard, moustache, goatee, stubble }

    enum Headwear: Sendable { case hat, cap, beanie }

    enum Height: Sendable { case short, average, tall }

    enum Build: Sendable { case slim, average, athletic, muscular, stocky, heavy }

    /// Accessories visible on a head-and-shoulders portrait; tattoos, watches and the like are not.
    enum Accessory: Sendable, CaseIterable {
        case earrings, noseRing, freckles, dimples, mole, scarf, necklace, tie, bowTie, headphones, backpack
    }

    let hairColor: SketchColor
    let hairLength: HairLength
    let hairStyle: HairStyle
    /// Grey streaks in darker hair, from the fifties on.
    let isSilvering: Bool
    let eyewear: Eyewear?
    let facialHair: FacialHair?
    let headwear: Headwear?
    let height: Height
    let build: Build
    let accessories: [Accessory]
    let clothingColor: SketchColor
    /// Hats, scarves and ties: a second clothing colour when there is one.
    let accentColor: SketchColor

    init(keywords: PersonKeywords, seed: SketchSeed) {
        let age = keywords.approximateAge.map(Self.normalised).flatMap(Self.years(fromAge:))
        let isOld = age.map { $0 >= 60 } ?? false

        let style = keywords.hairStyle.map(Self.normalised).flatMap(Self.hairStyle(named:))
        hairStyle = style ?? .straight
        hairLength =
            keywords.hairLength.map(Self.normalised).flatMap(Self.hairLength(named:))
            ?? style.flatMap(Self.usualLength(of:))
            ?? seed.pick([.short, .medium], for: .hairLength)

        if let name = keywords.hairColor.map(Self.normalised) {
            hairColor = SketchPalette.hair(named: name) ?? SketchPalette.neutralHair
        } else {
            hairColor = isOld ? SketchPalette.greyHair : seed.pick(SketchPalette.naturalHair, for: .hairColor)
        }
        isSilvering = (age.map { $0 >= 50 } ?? false) && hairColor.brightness < 0.6

        eyewear = keywords.eyewear.map(Self.normalised).flatMap(Self.eyewear(named:))
        facialHair = keywords.facialHair.map(Self.normalised).flatMap(Self.facialHair(named:))
        height = keywords.height.map(Self.normalised).flatMap(Self.height(named:)) ?? .average
        build = keywords.build.map(Self.normalised).flatMap(Self.build(named:)) ?? .average

        let worn = Set(keywords.accessories.map(Self.normalised))
        headwear = [Headwear.hat, .cap, .beanie].first { worn.contains(Self.keyword(for: $0)) }
        accessories = Accessory.allCases.filter { accessory in
            Self.keywords(for: accessory).contains { worn.contains($0) }
        }

        let clothes = keywords.clothingColors.map(Self.normalised).compactMap(SketchPalette.clothing(named:))
        clothingColor = clothes.first ?? seed.pick(SketchPalette.clothing, for: .clothing)
        accentColor = clothes.dropFirst().first ?? seed.pick(SketchPalette.accents, for: .accent)
    }

    /// Keywords are documented as lower-case already; this keeps hand-built ones working too.
    private static func normalised(_ word: String) -> String {
        var trimmed = Substring(word)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        return trimmed.lowercased()
    }

    /// "30s" → 30, "teen" → 15; `nil` for anything else.
    private static func years(fromAge age: String) -> Int? {
        switch age {
        case "child": return 8
        case "teen", "teens", "teenager": return 15
        case "elderly", "old": return 75
        default:
            let digits = age.prefix { $0.isASCII && $0.isNumber }
            return digits.count <= 3 ? Int(digits) : nil
        }
    }

    private static func hairLength(named name: String) -> HairLength? {
        switch name {
        case "bald": .bald
        case "shaved", "shaven": .shaved
        case "short": .short
        case "medium", "shoulder-length", "shoulder length": .medium
        case "long": .long
        default: nil
        }
    }

    private static func hairStyle(named name: String) -> HairStyle? {
        switch name {
        case "straight": .straight
        case "wavy": .wavy
        case "curly": .curly
        case "afro": .afro
        case "braids", "braid", "cornrows": .braids
        case "dreadlocks", "dreads", "locs": .dreadlocks
        case "ponytail": .ponytail
        case "bun": .bun
        case "mohawk": .mohawk
        case "spiky": .spiky
        case "buzz cut", "buzzcut", "crew cut": .buzzCut
        case "bob": .bob
        case "fringe", "bangs": .fringe
        default: nil
        }
    }

    /// The length a style implies when the ramble names only the style; `nil` where it could be any.
    private static func usualLength(of style: HairStyle) -> HairLength? {
        switch style {
        case .mohawk, .spiky, .buzzCut: .short
        case .bob, .curly, .wavy, .ponytail, .bun, .afro: .medium
        case .braids, .dreadlocks: .long
        case .straight, .fringe: nil
        }
    }

    private static func eyewear(named name: String) -> Eyewear? {
        switch name {
        case "glasses": .glasses
        case "sunglasses": .sunglasses
        default: nil
        }
    }

    private static func facialHair(named name: String) -> FacialHair? {
        switch name {
        case "beard": .beard
        case "moustache", "mustache": .moustache
        case "goatee": .goatee
        case "stubble": .stubble
        default: nil
        }
    }

    private static func height(named name: String) -> Height? {
        switch name {
        case "short": .short
        case "average height", "average": .average
        case "tall": .tall
        default: nil
        }
    }

    private static func build(named name: String) -> Build? {
        switch name {
        case "slim", "thin", "slender": .slim
        case "average": .average
        case "athletic": .athletic
        case "muscular": .muscular
        case "stocky": .stocky
        case "heavy": .heavy
        default: nil
        }
    }

    private static func keyword(for headwear: Headwear) -> String {
        switch headwear {
        case .hat: "hat"
        case .cap: "cap"
        case .beanie: "beanie"
        }
    }

    private static func keywords(for accessory: Accessory) -> [String] {
        switch accessory {
        case .earrings: ["earrings", "earring"]
        case .noseRing: ["nose ring"]
        case .freckles: ["freckles"]
        case .dimples: ["dimples"]
        case .mole: ["mole"]
        case .scarf: ["scarf"]
        case .necklace: ["necklace"]
        case .tie: ["tie"]
        case .bowTie: ["bow tie"]
        case .headphones: ["headphones"]
        case .backpack: ["backpack"]
        }
    }
}
