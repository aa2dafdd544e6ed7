/// Words the synthetic generator builds records from. Ordinary names and descriptions use no
/// word any quality-filter rule reacts to, so only the planted non-dive places are removed.
enum SyntheticVocabulary {
    /// Proper-name syllables: consonant + vowel, so no filter keyword (all start with a vowel
    /// or a consonant cluster these cannot form) can appear.
    static let syllables = ["ka", "lo", "ma", "ri", "tu", "ne", "sa", "vi", "bo", "ra", "mi", "ko", "la", "na", "pe", "zu", "ho", "ta", "du", "fe"]

    static let adjectives = [
        "Shark", "Turtle", "Manta", "Coral", "Blue", "Barracuda", "Napoleon", "Moray", "Anemone", "Grouper", "Dolphin",
        "Whale", "Octopus", "Lionfish", "Angel", "Jackfish", "Snapper", "Parrotfish", "Stingray", "Seahorse",
        "Hammerhead", "Golden", "Hidden", "Twin", "Long", "North", "South", "East", "West", "Little", "Big", "Old",
        "Red", "Black", "White", "Green", "Crystal", "Sunset", "Lighthouse", "Captain's", "Devil's", "King's",
        "Fisherman's", "Three Sisters", "Seven Pillars",
    ]

    static let features = [
        "Reef", "Wall", "Point", "Pinnacle", "Garden", "Canyon", "Cave", "Wreck", "Bommie", "Rock", "Shoal", "Arch",
        "Drop-Off", "Bay", "Cove", "Channel", "Thila", "Pass", "Corner", "Slope", "Plateau", "Ridge", "Grotto",
        "Caverns", "Chimney", "Bank", "Lagoon",
    ]

    static let prefixes = ["", "", "", "Ras ", "Koh ", "Pulau ", "Cayo ", "Isla ", "Cape ", "Mount ", "SS ", "HMS ", "USS "]

    static let tags = [
        "sharks", "rays", "turtles", "mantas", "macro", "pelagics", "reef-fish", "wreck", "reef", "wall", "drift",
        "cave", "pinnacle", "current", "deep", "shallow", "night", "photography", "shore-entry", "boat-only",
        "beginner-friendly", "advanced-only",
    ]

    static let descriptions = [
        "A sloping reef with soft corals and schooling fish; best dived on the morning tide.",
        "Wall dive dropping into the blue, often with reef sharks and turtles along the edge.",
        "Shallow reef for training dives and snorkelling, sheltered from the prevailing wind.",
        "A wreck resting upright on sand, with swim-throughs for experienced divers.",
        "Drift dive along a channel where currents bring pelagics and big schools of jacks.",
        "Pinnacle rising from deep water; expect current and occasional hammerheads.",
    ]

    /// Shore-dive text that mentions parking and a pool: the filter must not read it as a venue.
    static let shoreDescription = "Shore dive: park in the car park by the public pool and walk in over the sand."

    static let countries: [String: [String]] = [
        "Red Sea": ["Egypt", "Sudan", "Saudi Arabia"], "Caribbean": ["Bonaire", "Belize", "Cayman Islands"],
        "Southeast Asia": ["Indonesia", "Philippines", "Thailand"], "Pacific": ["Fiji", "Tonga", "Samoa"],
        "Indian Ocean": ["Maldives", "Mauritius", "Seychelles"], "Mediterranean": ["Malta", "Italy", "Greece"],
        "Atlantic": ["Brazil", "Cape Verde", "Saint Helena"], "Americas Pacific": ["Chile", "Peru", "Ecuador"],
        "Australia & New Zealand": ["Australia"], "Arctic & North Atlantic": ["Norway", "Iceland", "United Kingdom"],
    ]

    /// Non-dive places found by name: (template with {} for a town name, expected keyword).
    static let nonDiveNames: [(String, String)] = [
        ("{} Stadium", "stadium"), ("Estadio {}", "stadium"), ("{} Arena", "arena"), ("{} Sports Centre", "sports-centre"),
        ("{} Football Club", "football"), ("{} Golf Club", "golf"), ("{} Tennis Club", "tennis"), ("{} Fitness Gym", "gym"),
        ("{} Bowling Alley", "bowling"), ("{} Skate Park", "skate-park"), ("{} Car Park", "parking"),
        ("{} Playground", "playground"), ("{} Theme Park", "amusement-park"), ("{} Water Park", "water-park"),
        ("{} Central Park", "park"), ("{} Aquatic Centre", "swimming-pool"), ("Piscina Municipal {}", "swimming-pool"),
        ("{} Dive Centre", "dive-centre"), ("Tauchbasis {}", "dive-centre"), ("Parque {}", "park"),
    ]

    /// Non-dive places found by their OSM-style type: (type, expected keyword).
    static let nonDiveTypes: [(String, String)] = [
        ("leisure=stadium", "stadium"), ("amenity=dive_centre", "dive-centre"), ("leisure=sports_centre", "sports-centre"),
        ("leisure=pitch", "sports-pitch"), ("leisure=park", "park"), ("leisure=swimming_pool", "swimming-pool"),
        ("leisure=golf_course", "golf"), ("leisure=water_park", "water-park"),
    ]

    /// Non-dive places found by their description: (description, expected keyword).
    static let nonDiveDescriptions: [(String, String)] = [
        ("Multi-purpose stadium in the town centre.", "stadium"), ("Indoor arena for concerts and basketball.", "arena"),
        ("An eighteen-hole golf course by the sea.", "golf"), ("Municipal sports centre with a climbing wall.", "sports-centre"),
        ("Home ground of the local football team.", "football"), ("Ten pin bowling and arcade games.", "bowling"),
    ]

    /// Dive sites whose names hold "park" or "arena" in a marine sense: they must be kept.
    static let marineParkNames = [
        "{} National Marine Park", "{} Underwater Park", "{} Reef Park", "{} Marine Reserve", "Parque Marino {}",
        "Punta Arena {}", "{} Underwater Sculpture Park", "{} National Park",
    ]
}
