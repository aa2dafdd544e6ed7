import Foundation

/// What a ramble says about a person, normalised so that the same description always gives
/// the same values (and so the same sketch), whatever words were used.
///
/// Every string is lower-case, singular, from a small vocabulary documented on each property
/// (synonyms are mapped onto it: "blond" → "blonde", "specs" → "glasses"). A property is `nil`
/// (or empty) when the ramble does not say, or says the opposite ("no glasses").
public struct PersonKeywords: Codable, Hashable, Sendable {
    /// "black", "brown", "blonde", "red", "auburn", "grey", "white", "dyed" colours such as "blue", "pink", "green", "purple".
    public var hairColor: String?
    /// "bald", "shaved", "short", "medium", "long".
    public var hairLength: String?
    /// "curly", "wavy", "straight", "braids", "dreadlocks", "ponytail", "bun", "afro", "mohawk", "spiky", "buzz cut", "bob", "fringe".
    public var hairStyle: String?
    /// "glasses", "sunglasses".
    public var eyewear: String?
    /// "beard", "moustache", "goatee", "stubble", "clean-shaven".
    public var facialHair: String?
    /// "tall", "short", "average height".
    public var height: String?
    /// "slim", "athletic", "muscular", "stocky", "heavy".
    public var build: String?
    /// A decade such as "20s", "30s", "40s"…, or "teen", "child", "elderly" when only that is said.
    public var approximateAge: String?
    /// Sorted, de-duplicated: "hat", "cap", "beanie", "earrings", "nose ring", "piercing", "tattoo",
    /// "scarf", "necklace", "bracelet", "watch", "headphones", "bow tie", "tie", "backpack", "freckles", "dimples", "mole".
    public var accessories: [String]
    /// Sorted, de-duplicated colour names worn ("red", "navy", "green"…).
    public var clothingColors: [String]
    /// "nurse", "software engineer", "teacher"… as said after "works as", "is a", "job is".
    public var profession: String?
    /// A place as said after "from" / "grew up in" / "lives in", in its original capitalisation ("Lyon", "New Zealand").
    public var origin: String?
    /// Sorted, de-duplicated: what they love or are into ("climbing", "jazz", "sourdough").
    public var interests: [String]

    public init(
        hairColor: String? = nil, hairLength: String? = nil, hairStyle: String? = nil,
        eyewear: String? = nil, facialHair: String? = nil, height: String? = nil, build: String? = nil,
        approximateAge: String? = nil, accessories: [String] = [], clothingColors: [String] = [],
        profession: String? = nil, origin: String? = nil, interests: [String] = []
    ) {
        self.hairColor = hairColor
        self.hairLength = hairLength
        self.hairStyle = hairStyle
        self.eyewear = eyewear
        self.facialHair = facialHair
        self.height = height
        self.build = build
        self.approximateAge = approximateAge
        self.accessories = accessories
        self.clothingColors = clothingColors
        self.profession = profession
        self.origin = origin
        self.interests = interests
    }

    /// True when the ramble gave nothing at all.
    public var isEmpty: Bool { self == PersonKeywords() }

    /// The descriptors as short phrases a person reads on the card and the quiz, in a fixed
    /// order: "brown hair", "long hair", "curly hair", "glasses", "beard", "tall", "slim", "30s",
    /// then accessories, "wears red", "works as nurse", "from Lyon", "into climbing".
    public var descriptors: [String] {
        var result: [String] = []
        if let hairColor { result.append("\(hairColor) hair") }
        if let hairLength {
            switch hairLength {
            case "bald", "shaved": result.append(hairLength)
            default: result.append("\(hairLength) hair")
            }
        }
        if let hairStyle { result.append(hairStyle) }
        if let eyewear { result.append(eyewear) }
        if let facialHair { result.append(facialHair) }
        if let height { result.append(height) }
        if let build { result.append(build) }
        if let approximateAge { result.append(approximateAge) }
        result.append(contentsOf: accessories)
        result.append(contentsOf: clothingColors.map { "wears \($0)" })
        if let profession { result.append("works as \(profession)") }
        if let origin { result.append("from \(origin)") }
        result.append(contentsOf: interests.map { "into \($0)" })
        return result
    }
}
