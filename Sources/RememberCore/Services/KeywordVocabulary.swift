/// The words the keyword parser recognises for appearance, and the normalised value each stands
/// for (the vocabularies documented on `PersonKeywords`).
enum KeywordVocabulary {
    /// Several-word phrases read as one word, so "salt and pepper" is not a list and "old" in
    /// "35 year old man" is not "old man".
    static let fixedPhrases: [String] = [
        "jet black", "salt and pepper", "pepper and salt", "clean shaven", "bow tie", "nose ring", "nose stud",
        "nose piercing", "buzz cut", "crew cut", "pony tail", "man bun", "baseball cap", "bucket hat",
        "five o'clock shadow", "facial hair", "years old", "year old", "yrs old", "average height",
        "medium height", "normal height", "heavy set", "broad shoulders", "broad shouldered", "big boned",
        "beauty mark", "beauty spot", "navy blue", "sun glasses", "reading glasses", "shoulder length",
        "medium length", "mid length", "chin length", "smart watch", "apple watch", "wrist watch", "t shirt",
        "tee shirt", "old man", "old woman", "old lady", "old guy", "old gentleman", "old bloke", "old fella",
        "old timer", "senior citizen", "shaved head", "shaven head", "bald head", "bob cut", "pixie cut",
        "head of hair", "for a living", "septum piercing", "septum ring",
    ]

    // MARK: Hair

    /// Colour words inside a hair phrase ("dark brown hair", "hair is jet black").
    static let hairColors: [String: String] = [
        "black": "black", "jet black": "black", "brown": "brown", "brunette": "brown", "chestnut": "brown",
        "mousy": "brown", "mousey": "brown", "chocolate": "brown", "blonde": "blonde", "blond": "blonde",
        "fair": "blonde", "golden": "blonde", "platinum": "blonde", "honey": "blonde", "red": "red",
        "ginger": "red", "copper": "red", "auburn": "auburn", "grey": "grey", "gray": "grey", "silver": "grey",
        "salt and pepper": "grey", "pepper and salt": "grey", "greying": "grey", "graying": "grey",
        "grizzled": "grey", "white": "white", "snowy": "white", "blue": "blue", "pink": "pink", "green": "green",
        "purple": "purple", "lilac": "purple", "lavender": "purple", "violet": "purple", "teal": "blue",
        "turquoise": "blue", "magenta": "pink", "orange": "orange",
    ]

    /// Hair colours said without the word "hair" ("she's blonde", "a brunette woman").
    static let bareHairColors: [String: String] = [
        "blonde": "blonde", "blond": "blonde", "brunette": "brown", "ginger": "red", "redheaded": "red",
        "auburn": "auburn", "salt and pepper": "grey", "greying": "grey", "graying": "grey",
    ]

    static let hairLengths: [String: String] = [
        "long": "long", "short": "short", "cropped": "short", "pixie cut": "short", "medium": "medium",
        "shoulder length": "medium", "medium length": "medium", "mid length": "medium", "chin length": "medium",
        "bald": "bald", "balding": "bald", "bald head": "bald", "shaved": "shaved", "shaven": "shaved",
        "shaved head": "shaved", "shaven head": "shaved",
    ]

    /// Lengths that are hair lengths wherever they are said.
    static let bareHairLengths: [String: String] = [
        "bald": "bald", "balding": "bald", "bald head": "bald", "shaved head": "shaved", "shaven head": "shaved",
        "pixie cut": "short",
    ]

    /// Style adjectives, read only inside a hair phrase ("straight" alone says nothing about hair).
    static let hairStyleAdjectives: [String: String] = [
        "curly": "curly", "frizzy": "curly", "permed": "curly", "wavy": "wavy", "straight": "straight",
        "spiky": "spiky", "spikey": "spiky", "braided": "braids", "plaited": "braids",
    ]

    /// Style nouns, read wherever they are said ("in a ponytail", "she has dreads").
    static let hairStyleNouns: [String: String] = [
        "curls": "curly", "braids": "braids", "braid": "braids", "plaits": "braids", "plait": "braids",
        "cornrows": "braids", "dreadlocks": "dreadlocks", "dreads": "dreadlocks", "locs": "dreadlocks",
        "ponytail": "ponytail", "pony tail": "ponytail", "pigtails": "ponytail", "bun": "bun", "man bun": "bun",
        "topknot": "bun", "afro": "afro", "mohawk": "mohawk", "mohican": "mohawk", "buzz cut": "buzz cut",
        "buzzcut": "buzz cut", "crew cut": "buzz cut", "fringe": "fringe", "bangs": "fringe", "bob cut": "bob",
    ]

    /// Nouns that a hair phrase ends on.
    static let hairNouns: Set<String> = ["hair", "haircut", "hairstyle", "hairdo", "locks", "mane", "head of hair", "bob"]

    /// Words that may sit between the start of a hair phrase and its noun without being a colour,
    /// length or style ("thick dark hair", "long, messy hair").
    static let hairFillers: Set<String> = [
        "dark", "light", "dirty", "strawberry", "bright", "deep", "pale", "ash", "dyed", "bleached", "thick", "thin",
        "fine", "messy", "neat", "nice", "big", "lovely", "beautiful", "gorgeous", "shiny", "greasy", "natural",
        "shaggy", "floppy", "slicked", "tousled", "bushy", "voluminous", "thinning", "receding", "trimmed", "wild",
        "unruly", "huge", "little", "cute", "full", "great", "and", "sleek", "silky", "glossy", "neon",
    ]

    /// Words that may follow the hair noun before its description ("hair is long", "hair in a bun").
    static let hairPredicateWords: Set<String> = [
        "is", "was", "are", "looks", "in", "a", "an", "into", "up", "back", "tied", "pulled", "dyed", "worn",
        "done", "kept", "always", "usually", "often", "with", "and", "cut",
    ]

    // MARK: Face, body

    static let eyewear: [String: String] = [
        "glasses": "glasses", "specs": "glasses", "spectacles": "glasses", "eyeglasses": "glasses",
        "bespectacled": "glasses", "reading glasses": "glasses", "sunglasses": "sunglasses",
        "sun glasses": "sunglasses", "shades": "sunglasses", "sunnies": "sunglasses",
    ]

    static let facialHair: [String: String] = [
        "beard": "beard", "bearded": "beard", "moustache": "moustache", "mustache": "moustache",
        "moustached": "moustache", "mustached": "moustache", "tache": "moustache", "stache": "moustache",
        "goatee": "goatee", "stubble": "stubble", "stubbly": "stubble", "five o'clock shadow": "stubble",
        "clean shaven": "clean-shaven", "clean-shaven": "clean-shaven", "cleanshaven": "clean-shaven",
    ]

    /// Saying these are absent means the face is clean-shaven ("no beard", "without facial hair").
    static let beardWords: Set<String> = ["beard", "bearded", "facial hair"]

    static let heights: [String: String] = [
        "tall": "tall", "lanky": "tall", "towering": "tall", "gangly": "tall", "average height": "average height",
        "medium height": "average height", "normal height": "average height",
    ]

    /// Heights that also describe other things, so read only of a person ("tiny woman", "she's tiny").
    static let personHeights: [String: String] = ["tiny": "short", "short": "short"]

    static let builds: [String: String] = [
        "slim": "slim", "skinny": "slim", "slender": "slim", "petite": "slim", "wiry": "slim", "scrawny": "slim",
        "willowy": "slim", "lean": "slim", "athletic": "athletic", "sporty": "athletic", "toned": "athletic",
        "muscular": "muscular", "muscly": "muscular", "buff": "muscular", "ripped": "muscular", "jacked": "muscular",
        "brawny": "muscular", "beefy": "muscular", "stocky": "stocky", "burly": "stocky", "heavyset": "stocky",
        "heavy set": "stocky", "thickset": "stocky", "broad shouldered": "stocky", "broad shoulders": "stocky",
        "chunky": "stocky", "overweight": "heavy", "chubby": "heavy", "plump": "heavy", "portly": "heavy",
        "rotund": "heavy", "tubby": "heavy", "big boned": "heavy",
    ]

    /// Builds that also describe other things ("big fan", "heavy smoker"), so read only of a person.
    static let personBuilds: [String: String] = [
        "thin": "slim", "fit": "athletic", "built": "muscular", "strong": "muscular", "broad": "stocky",
        "big": "stocky", "solid": "stocky", "heavy": "heavy", "large": "heavy", "fat": "heavy",
    ]

    /// Nouns for the person described, after which an adjective describes them ("big guy").
    static let personNouns: Set<String> = [
        "guy", "man", "woman", "lady", "girl", "boy", "dude", "bloke", "fella", "fellow", "gentleman", "gent",
        "gal", "chap", "person", "lad", "lass", "type", "build", "frame", "figure", "individual", "one",
    ]

    // MARK: Age

    static let ageWords: [String: String] = [
        "elderly": "elderly", "retired": "elderly", "pensioner": "elderly", "retiree": "elderly",
        "old man": "elderly", "old woman": "elderly", "old lady": "elderly", "old guy": "elderly",
        "old gentleman": "elderly", "old bloke": "elderly", "old fella": "elderly", "old timer": "elderly",
        "senior citizen": "elderly", "oap": "elderly",
    ]

    /// Age words that, after "has a" or "her", are someone else ("she has a kid").
    static let youngAgeWords: [String: String] = [
        "teenager": "teen", "teen": "teen", "teenage": "teen", "adolescent": "teen", "kid": "child",
        "child": "child", "toddler": "child",
    ]

    static let numbers: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40,
        "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]

    static let decades: [String: Int] = [
        "teens": 10, "twenties": 20, "thirties": 30, "forties": 40, "fourties": 40, "fifties": 50, "sixties": 60,
        "seventies": 70, "eighties": 80, "nineties": 90,
    ]

    // MARK: Accessories, clothes

    static let accessories: [String: String] = [
        "hat": "hat", "fedora": "hat", "beret": "hat", "bucket hat": "hat", "cap": "cap", "baseball cap": "cap",
        "snapback": "cap", "beanie": "beanie", "toque": "beanie", "earrings": "earrings", "earring": "earrings",
        "hoops": "earrings", "nose ring": "nose ring", "nose stud": "nose ring", "nose piercing": "nose ring",
        "septum": "nose ring", "septum piercing": "nose ring", "septum ring": "nose ring", "piercing": "piercing",
        "piercings": "piercing", "pierced": "piercing",
        "tattoo": "tattoo", "tattoos": "tattoo", "tattooed": "tattoo", "tats": "tattoo", "scarf": "scarf",
        "scarves": "scarf", "necklace": "necklace", "pendant": "necklace", "locket": "necklace",
        "choker": "necklace", "bracelet": "bracelet", "bracelets": "bracelet", "bangle": "bracelet",
        "bangles": "bracelet", "wristband": "bracelet", "wristwatch": "watch", "smartwatch": "watch",
        "smart watch": "watch", "apple watch": "watch", "wrist watch": "watch", "headphones": "headphones",
        "earbuds": "headphones", "airpods": "headphones", "headset": "headphones", "bow tie": "bow tie",
        "bowtie": "bow tie", "necktie": "tie", "backpack": "backpack", "rucksack": "backpack",
        "knapsack": "backpack", "freckles": "freckles", "freckled": "freckles", "freckly": "freckles",
        "dimples": "dimples", "dimple": "dimples", "mole": "mole", "beauty mark": "mole", "beauty spot": "mole",
    ]

    /// Accessories whose word is also a verb ("likes to watch"), read only after an article,
    /// possessive, colour or "wearing".
    static let nounOnlyAccessories: [String: String] = ["watch": "watch", "tie": "tie"]

    static let accessoryDeterminers: Set<String> = [
        "a", "an", "his", "her", "their", "wearing", "wears", "big", "gold", "golden", "silver", "smart", "fancy",
        "nice", "digital", "chunky", "expensive", "old", "and", "skinny", "silk", "novelty",
    ]

    /// Words after which a colour is the outfit ("wearing red", "dressed in black").
    static let wearingWords: Set<String> = ["wearing", "wears", "wore", "in", "dressed"]

    static let garments: Set<String> = [
        "shirt", "t-shirt", "t shirt", "tee shirt", "tee-shirt", "tee", "tshirt", "top", "blouse", "sweater",
        "jumper", "hoodie", "sweatshirt", "cardigan", "jacket", "coat", "blazer", "suit", "dress", "skirt", "jeans",
        "trousers", "pants", "shorts", "leggings", "vest", "waistcoat", "uniform", "overalls", "dungarees", "shoes",
        "sneakers", "trainers", "boots", "heels", "sandals", "socks", "gloves", "hat", "cap", "baseball cap",
        "beanie", "scarf", "tie", "bow tie", "bowtie", "parka", "raincoat", "fleece", "polo", "jumpsuit",
        "tracksuit", "outfit", "clothes", "headband", "bandana", "turtleneck", "kimono", "sari", "hijab",
        "headscarf", "turban", "apron", "gown", "robe", "fedora", "beret", "tights", "anorak", "poncho",
        "overcoat", "windbreaker", "kilt", "tunic", "pyjamas", "pajamas", "swimsuit", "bikini", "bucket hat",
        "shirts", "dresses", "jackets", "coats", "suits", "tops", "sweaters", "hoodies",
    ]

    static let colors: [String: String] = [
        "red": "red", "crimson": "red", "scarlet": "red", "maroon": "maroon", "burgundy": "burgundy", "blue": "blue",
        "navy": "navy", "navy blue": "navy", "teal": "teal", "turquoise": "turquoise", "green": "green",
        "olive": "olive", "khaki": "khaki", "yellow": "yellow", "mustard": "yellow", "orange": "orange",
        "purple": "purple", "violet": "purple", "lilac": "lilac", "lavender": "lilac", "pink": "pink",
        "magenta": "pink", "black": "black", "white": "white", "grey": "grey", "gray": "grey", "charcoal": "grey",
        "silver": "silver", "gold": "gold", "golden": "gold", "brown": "brown", "tan": "tan", "beige": "beige",
        "cream": "cream", "ivory": "cream",
    ]

    /// Words that may stand between a garment and its colour ("bright red woolly scarf").
    static let garmentModifiers: Set<String> = [
        "light", "dark", "bright", "pale", "deep", "pastel", "neon", "baby", "sky", "royal", "hot", "electric",
        "forest", "bottle", "dusty", "muted", "vivid", "off", "striped", "stripy", "plaid", "checked", "checkered",
        "tartan", "floral", "patterned", "polka", "dot", "dotted", "spotted", "leather", "denim", "wool", "woollen",
        "woolen", "woolly", "wooly", "knitted", "knit", "cotton", "silk", "linen", "velvet", "suede", "corduroy",
        "puffer", "puffy", "rain", "winter", "summer", "long", "short", "sleeveless", "baggy", "oversized", "tight",
        "skinny", "fitted", "fancy", "smart", "nice", "old", "vintage", "big", "little", "cute", "cool", "hooded",
        "button", "down", "high", "running", "hiking", "work", "business", "formal", "casual", "graphic", "band",
        "massive", "huge", "chunky", "flowery", "sparkly", "shiny", "ripped", "torn", "wide", "brimmed", "trench",
        "lab", "bomber", "and", "v-neck", "hi-vis", "crew", "neck", "polo", "sequined",
    ]

    /// Nouns whose descriptions are not about hair or clothes ("blue eyes", "big smile", "red
    /// beard"); their adjectives are set aside so they are not read as anything else.
    static let otherDescribedNouns: Set<String> = [
        "eyes", "eye", "skin", "complexion", "lips", "lipstick", "nails", "eyebrows", "brows", "eyelashes",
        "lashes", "teeth", "smile", "face", "cheeks", "nose", "voice", "laugh", "fan", "car", "dog", "cat",
        "bike", "bag", "beard", "moustache", "mustache", "goatee", "stubble", "glasses", "sunglasses", "specs",
        "frames", "watch", "necklace", "earrings", "tattoo", "tattoos", "personality", "energy", "vibe", "heart",
        "wine", "beer", "coffee", "house", "family", "tan", "freckles", "smoker",
        "drinker", "eater", "sleeper", "hands", "feet", "legs", "arms", "forehead", "jaw",
    ]

    static let describingAdjectives: Set<String> = [
        "big", "large", "small", "little", "huge", "long", "short", "thick", "thin", "round", "bushy", "full",
        "neat", "nice", "bright", "dark", "light", "pale", "deep", "wide", "narrow", "piercing", "sparkling",
        "kind", "warm", "hazel", "heavy", "massive", "tiny", "rimmed", "wire", "horn", "scruffy", "trimmed",
        "and", "olive", "tanned", "fair", "broad", "strong", "square", "chiselled", "chiseled", "friendly",
        "lovely", "beautiful", "gorgeous", "great", "fat", "solid", "fit", "built", "grey", "gray", "white",
        "red", "ginger", "brown", "black", "blonde", "blond", "golden", "silver", "gold", "blue", "green",
    ]

    /// After these an adjective describes the person, not a thing ("big guy", "tall and slim").
    static let predicateFollowers: Set<String> = [
        "and", "but", "or", "with", "who", "he", "she", "they", "i", "we", "like", "looking", "build", "frame",
        "figure", "too", "also", "for", "wearing", "in", "from", "has", "is", "loves",
    ]
}
