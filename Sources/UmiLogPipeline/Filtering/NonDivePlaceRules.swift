/// The keyword rules of the quality filter (stage 2), most specific first: the first rule that
/// matches a field names the reason. English plus the common words of the languages dive-site
/// data comes in (Spanish, French, Italian, German, Portuguese), written folded (lower case,
/// no accents, no apostrophes).
///
/// Decisions:
/// - Swimming pools and aquatic centres are dropped: the app maps open-water sites, so indoor
///   training pools (even the deep ones) are not sites for it.
/// - Dive centres, shops, schools and clubs are businesses, not places under water.
/// - "park" alone drops a record, but not with a marine word in the same field: marine,
///   underwater, reef, sea, dive, coral, wreck, snorkel, "national" (Ras Mohammed National
///   Park, Komodo National Park) and their Romance/German forms.
/// - "arena" is also Spanish for sand: not dropped next to Punta/Playa/Cala/… words.
/// - "golf" is German and Dutch for gulf: not dropped with "von"/"van".
package enum NonDivePlaceRules {
    static let marineWords = [
        "marine", "maritime", "underwater", "reef", "reefs", "sea", "dive", "diving", "snorkel", "snorkeling",
        "snorkelling", "coral", "wreck", "national", "nacional", "nazionale", "nationale", "marino", "marina",
        "marin", "marinho", "marittimo", "submarino", "subacuatico", "subaquatico", "subacqueo", "sottomarino",
        "sousmarin", "unterwasser", "meeres",
    ]

    /// Words that show a description is about diving, so its venue words are context ("a
    /// shore dive behind the football stadium"), not what the place is.
    package static let divingWords: Set<String> = [
        "dive", "dives", "diving", "divers", "scuba", "snorkel", "snorkeling", "snorkelling", "reef", "wreck",
        "underwater", "buceo", "plongee", "tauchen", "immersione",
    ]

    package static let all: [KeywordRule] = [
        KeywordRule(
            id: "dive-centre",
            phrases: [
                "dive centre", "dive center", "diving centre", "diving center", "dive shop", "diving shop", "dive school",
                "diving school", "scuba shop", "scuba centre", "scuba center", "dive club", "diving club", "dive resort",
                "tauchbasis", "tauchschule", "tauchcenter", "centro de buceo", "escuela de buceo", "centre de plongee",
                "club de plongee", "centro immersioni",
            ], scope: .nameAndType),
        KeywordRule(
            id: "amusement-park",
            phrases: [
                "amusement park", "theme park", "funfair", "fairground", "freizeitpark", "parque de atracciones",
                "parque de diversiones", "parc dattractions", "luna park",
            ], scope: .everywhere),
        KeywordRule(
            id: "water-park",
            phrases: [
                "water park", "waterpark", "aquapark", "aqua park", "aquaparc", "parque acuatico", "wasserpark",
            ], scope: .everywhere),
        KeywordRule(id: "skate-park", phrases: ["skate park", "skatepark", "skateboard park", "skate plaza"], scope: .everywhere),
        KeywordRule(
            id: "parking",
            phrases: [
                "car park", "parking", "parking lot", "parking garage", "parkplatz", "parkhaus", "aparcamiento",
                "estacionamiento", "parcheggio",
            ], scope: .nameAndType),
        KeywordRule(id: "playground", phrases: ["playground", "spielplatz", "parque infantil", "aire de jeux"], scope: .nameAndType),
        KeywordRule(
            id: "stadium",
            phrases: [
                "stadium", "stadion", "estadio", "stade", "stadio", "sports ground", "ballpark", "velodrome",
            ], scope: .everywhere),
        KeywordRule(
            id: "arena", phrases: ["arena"], scope: .everywhere,
            exemptions: [
                "punta", "playa", "praia", "cala", "bajo", "banco", "blanca", "negra", "roja", "rossa", "bianca", "isla",
            ]),
        KeywordRule(
            id: "sports-centre",
            phrases: [
                "sports centre", "sports center", "sport centre", "sport center", "sports complex", "sports hall",
                "sports club", "leisure centre", "leisure center", "recreation centre", "recreation center",
                "polideportivo", "sportzentrum", "sporthalle", "sportplatz", "centre sportif", "complexe sportif",
                "centro deportivo", "palazzetto dello sport",
            ], scope: .everywhere),
        KeywordRule(id: "football", phrases: ["football", "soccer", "futbol", "fussball", "fussballplatz"], scope: .everywhere),
        KeywordRule(
            id: "golf", phrases: ["golf", "golf course", "golfplatz", "minigolf", "campo de golf"], scope: .everywhere, exemptions: ["von", "van"]),
        KeywordRule(id: "tennis", phrases: ["tennis", "tenis", "padel"], scope: .everywhere),
        KeywordRule(
            id: "gym",
            phrases: [
                "gym", "gymnasium", "fitness", "fitness centre", "fitness center", "health club", "gimnasio",
                "fitnessstudio", "crossfit",
            ], scope: .everywhere),
        KeywordRule(id: "bowling", phrases: ["bowling", "bowling alley", "bolera", "ten pin"], scope: .everywhere),
        KeywordRule(
            id: "swimming-pool",
            phrases: [
                "swimming pool", "swimming baths", "swimming hall", "public pool", "aquatic centre", "aquatic center",
                "aquatics centre", "aquatics center", "leisure pool", "natatorium", "piscina", "piscine", "schwimmbad",
                "hallenbad", "freibad",
            ], scope: .nameAndType),
        KeywordRule(id: "sports-pitch", phrases: ["pitch"], scope: .typeOnly),
        KeywordRule(id: "park", phrases: ["park", "parque", "parc", "parco", "parkland"], scope: .nameAndType, exemptions: marineWords),
    ]
}
