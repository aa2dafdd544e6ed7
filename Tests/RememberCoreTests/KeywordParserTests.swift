import Testing

@testable import RememberCore

@Suite("KeywordParser: realistic rambles")
struct KeywordParserTests {
    struct Ramble: Sendable, CustomTestStringConvertible {
        let transcript: String
        let expected: PersonKeywords
        var testDescription: String { String(transcript.prefix(60)) }
    }

    static let rambles: [Ramble] = [
        Ramble(
            transcript: "She's tall, curly red hair, glasses. Works as a nurse, she's from Lyon and she loves climbing.",
            expected: PersonKeywords(
                hairColor: "red", hairStyle: "curly", eyewear: "glasses", height: "tall",
                profession: "nurse", origin: "Lyon", interests: ["climbing"])
        ),
        Ramble(
            transcript:
                "um so he's like really tall uh kind of skinny with a big beard and he's a software engineer from new zealand you know he's into jazz",
            expected: PersonKeywords(
                facialHair: "beard", height: "tall", build: "slim", profession: "software engineer",
                origin: "New Zealand", interests: ["jazz"])
        ),
        Ramble(
            transcript: "Blond guy, about 35, wearing a red scarf and a navy suit. He\u{2019}s an architect.",
            expected: PersonKeywords(
                hairColor: "blonde", approximateAge: "30s", accessories: ["scarf"],
                clothingColors: ["navy", "red"], profession: "architect")
        ),
        Ramble(
            transcript: "No glasses but a big beard, short and stocky, grew up in Texas.",
            expected: PersonKeywords(facialHair: "beard", height: "short", build: "stocky", origin: "Texas")
        ),
        Ramble(
            transcript: "she doesn't wear glasses, long straight black hair, in her 30s, big fan of sourdough",
            expected: PersonKeywords(
                hairColor: "black", hairLength: "long", hairStyle: "straight",
                approximateAge: "30s", interests: ["sourdough"])
        ),
        Ramble(
            transcript: "He is not wearing glasses. Clean shaven, salt and pepper hair, late forties, retired? no, he's a pilot.",
            expected: PersonKeywords(hairColor: "grey", facialHair: "clean-shaven", approximateAge: "40s", profession: "pilot")
        ),
        Ramble(
            transcript: "Without a beard, bald, mid thirties, enjoys hiking and skiing.",
            expected: PersonKeywords(
                hairLength: "bald", facialHair: "clean-shaven", approximateAge: "30s",
                interests: ["hiking", "skiing"])
        ),
        Ramble(
            transcript: "she's a teenager with a nose ring and a couple of tattoos, dyed pink hair in a ponytail",
            expected: PersonKeywords(
                hairColor: "pink", hairStyle: "ponytail", approximateAge: "teen",
                accessories: ["nose ring", "tattoo"])
        ),
        Ramble(
            transcript: "Old man with a white moustache and a flat cap, loves his garden and plays the guitar.",
            expected: PersonKeywords(
                facialHair: "moustache", approximateAge: "elderly", accessories: ["cap"],
                interests: ["garden", "guitar"])
        ),
        Ramble(
            transcript: "he's a tall guy, a big fan of the Lakers",
            expected: PersonKeywords(height: "tall", interests: ["lakers"])
        ),
        Ramble(
            transcript: "She is a big fan of chess, obsessed with chess really, and she's from the gym.",
            expected: PersonKeywords(interests: ["chess"])
        ),
        Ramble(
            transcript: "met him from work, dark hair, specs, average height, athletic, he does marketing at a startup",
            expected: PersonKeywords(
                hairColor: "brown", eyewear: "glasses", height: "average height",
                build: "athletic", profession: "marketing")
        ),
        Ramble(
            transcript: "jet black hair, shades, fit, she's originally from South Korea and works as a product manager at Google",
            expected: PersonKeywords(
                hairColor: "black", eyewear: "sunglasses", build: "athletic",
                profession: "product manager", origin: "South Korea")
        ),
        Ramble(
            transcript: "ginger, freckles, dimples, about twenty five, she's a vet",
            expected: PersonKeywords(
                hairColor: "red", approximateAge: "20s", accessories: ["dimples", "freckles"],
                profession: "vet")
        ),
        Ramble(
            transcript: "grey hair in a bun, wears a watch and a necklace, kind of heavy, she's retired",
            expected: PersonKeywords(
                hairColor: "grey", hairStyle: "bun", build: "heavy", approximateAge: "elderly",
                accessories: ["necklace", "watch"])
        ),
        Ramble(
            transcript: "HE HAS A MOUSTACHE AND HE IS FROM MEXICO CITY",
            expected: PersonKeywords(facialHair: "moustache", origin: "Mexico City")
        ),
        Ramble(
            transcript: "Silver hair, glasses, a bow tie and a green jacket. Professor of history.",
            expected: PersonKeywords(
                hairColor: "grey", eyewear: "glasses", accessories: ["bow tie"], clothingColors: ["green"],
                profession: "professor")
        ),
        Ramble(
            transcript: "she isn't tall, she's got short blonde hair and a fringe, wears earrings, into yoga and pottery",
            expected: PersonKeywords(
                hairColor: "blonde", hairLength: "short", hairStyle: "fringe",
                accessories: ["earrings"], interests: ["pottery", "yoga"])
        ),
        Ramble(
            transcript: "brown hair, actually no, black hair, and he\u{2019}s about forty",
            expected: PersonKeywords(hairColor: "black", approximateAge: "40s")
        ),
        Ramble(
            transcript: "brown hair, blue eyes, black jacket and black hair in the photo I think",
            expected: PersonKeywords(hairColor: "brown", clothingColors: ["black"])
        ),
        Ramble(
            transcript: "Her job is dog walker and she's from Wellington. She loves to cook, dance and travel.",
            expected: PersonKeywords(
                profession: "dog walker", origin: "Wellington",
                interests: ["cooking", "dancing", "travelling"])
        ),
        Ramble(
            transcript: "He's six foot two, muscular, buzz cut, tattooed arms, works as a personal trainer",
            expected: PersonKeywords(
                hairStyle: "buzz cut", height: "tall", build: "muscular",
                accessories: ["tattoo"], profession: "personal trainer")
        ),
        Ramble(
            transcript: "little kid, maybe 8 years old, red cap and a backpack",
            expected: PersonKeywords(approximateAge: "child", accessories: ["backpack", "cap"], clothingColors: ["red"])
        ),
        Ramble(
            transcript: "she has a kid and two teenagers, she is 45 and she's a teacher",
            expected: PersonKeywords(approximateAge: "40s", profession: "teacher")
        ),
        Ramble(
            transcript: "goatee, headphones round his neck, wearing black, loves 90s music, lives in Berlin",
            expected: PersonKeywords(
                facialHair: "goatee", accessories: ["headphones"], clothingColors: ["black"],
                origin: "Berlin", interests: ["90s music"])
        ),
        Ramble(
            transcript: "lives in London but is originally from Lagos, shaved head, stubble",
            expected: PersonKeywords(hairLength: "shaved", facialHair: "stubble", origin: "Lagos")
        ),
        Ramble(
            transcript: "wavy auburn hair, sunnies on her head, slender, thirty-something, doesn't like jazz",
            expected: PersonKeywords(
                hairColor: "auburn", hairStyle: "wavy", eyewear: "sunglasses", build: "slim",
                approximateAge: "30s")
        ),
        Ramble(
            transcript: "never wears a hat, has a mole on her cheek, works in finance",
            expected: PersonKeywords(accessories: ["mole"], profession: "finance")
        ),
        Ramble(
            transcript: "Dreadlocks, beanie, a scarf. She's an illustrator from Bristol who is obsessed with birdwatching",
            expected: PersonKeywords(
                hairStyle: "dreadlocks", accessories: ["beanie", "scarf"], profession: "illustrator",
                origin: "Bristol", interests: ["birdwatching"])
        ),
        Ramble(
            transcript: "mustache, tache, whatever, a moustache and a cap, from the conference, he's a big guy",
            expected: PersonKeywords(facialHair: "moustache", build: "stocky", accessories: ["cap"])
        ),
        Ramble(
            transcript: "he\u{2019}s a retired teacher, white hair, walks with a stick, enjoys crosswords",
            expected: PersonKeywords(
                hairColor: "white", approximateAge: "elderly", profession: "teacher",
                interests: ["crosswords"])
        ),
        Ramble(
            transcript: "she's in her early twenties, medical student, um, from Nigeria, she plays tennis and the piano",
            expected: PersonKeywords(
                approximateAge: "20s", profession: "medical student", origin: "Nigeria",
                interests: ["piano", "tennis"])
        ),
        Ramble(
            transcript: "she's a medical student from Nigeria",
            expected: PersonKeywords(profession: "medical student", origin: "Nigeria")
        ),
        Ramble(
            transcript: "spiky hair, a mohawk actually, piercings everywhere, wears a leather jacket",
            expected: PersonKeywords(hairStyle: "spiky", accessories: ["piercing"])
        ),
        Ramble(
            transcript: "not very tall, slim, long wavy brown hair, no earrings, green dress, loves reading",
            expected: PersonKeywords(
                hairColor: "brown", hairLength: "long", hairStyle: "wavy", build: "slim",
                clothingColors: ["green"], interests: ["reading"])
        ),
        Ramble(
            transcript: "He has an afro and a goatee, about 5 foot 6, from Atlanta, loves basketball, hip hop, and barbecue",
            expected: PersonKeywords(
                hairStyle: "afro", facialHair: "goatee", height: "average height", origin: "Atlanta",
                interests: ["barbecue", "basketball", "hip hop"])
        ),
        Ramble(
            transcript: "i met her from church she grew up in kenya she is into running",
            expected: PersonKeywords(origin: "Kenya", interests: ["running"])
        ),
        Ramble(
            transcript: "wearing a white t-shirt and blue jeans, brunette, she's a barista, hobbies are knitting and surfing",
            expected: PersonKeywords(
                hairColor: "brown", clothingColors: ["blue", "white"], profession: "barista",
                interests: ["knitting", "surfing"])
        ),
        Ramble(
            transcript: "He's a redhead with a ginger beard and a grey hoodie, he's a big fan of Liverpool",
            expected: PersonKeywords(hairColor: "red", facialHair: "beard", clothingColors: ["grey"], interests: ["liverpool"])
        ),
        Ramble(
            transcript: "glasses, actually no glasses, contacts I think, and a beard",
            expected: PersonKeywords(facialHair: "beard")
        ),
        Ramble(
            transcript: "she's short, 5'2, shoulder-length hair, a bob, she is a big fan of musicals",
            expected: PersonKeywords(hairLength: "medium", hairStyle: "bob", height: "short", interests: ["musicals"])
        ),
        Ramble(
            transcript: "Twin of Tom, in his fifties, heavy-set, balding, tie, works as a lawyer at a big firm in Manchester",
            expected: PersonKeywords(
                hairLength: "bald", build: "stocky", approximateAge: "50s", accessories: ["tie"],
                profession: "lawyer")
        ),
        Ramble(
            transcript: "tall dark and handsome, goes climbing, likes board games and craft beer",
            expected: PersonKeywords(height: "tall", interests: ["board games", "climbing", "craft beer"])
        ),
        Ramble(
            transcript: "a stocky bloke, clean-shaven, wears a gold watch, she said he was from Cork",
            expected: PersonKeywords(facialHair: "clean-shaven", build: "stocky", accessories: ["watch"], origin: "Cork")
        ),
        Ramble(
            transcript: "She's thin, wears a yellow raincoat and a purple beanie, she likes to watch films",
            expected: PersonKeywords(
                build: "slim", accessories: ["beanie"], clothingColors: ["purple", "yellow"],
                interests: ["films"])
        ),
        Ramble(
            transcript: "Priya, she's a UX designer at Spotify, grew up in Mumbai, wears a nose ring, loves Bollywood and badminton",
            expected: PersonKeywords(
                accessories: ["nose ring"], profession: "ux designer", origin: "Mumbai",
                interests: ["badminton", "bollywood"])
        ),
        Ramble(
            transcript: "Marco - Italian, works as a sommelier, slicked back black hair, thin moustache, late 30s",
            expected: PersonKeywords(hairColor: "black", facialHair: "moustache", approximateAge: "30s", profession: "sommelier")
        ),
        Ramble(
            transcript: "ok so Dave from the climbing gym, red beard, man bun, loves bouldering and IPAs, probably late twenties",
            expected: PersonKeywords(
                hairStyle: "bun", facialHair: "beard", approximateAge: "20s",
                interests: ["bouldering", "ipas"])
        ),
        Ramble(
            transcript: "the guy in the grey suit from the conference, salt and pepper beard, probably sixty",
            expected: PersonKeywords(facialHair: "beard", approximateAge: "60s", clothingColors: ["grey"])
        ),
        Ramble(
            transcript: "he was wearing a suit and tie, grey hair, probably in his sixties, a lawyer I think",
            expected: PersonKeywords(hairColor: "grey", approximateAge: "60s", accessories: ["tie"], profession: "lawyer")
        ),
        Ramble(
            transcript: "A woman in her seventies with white hair and a walking stick, retired nurse",
            expected: PersonKeywords(hairColor: "white", approximateAge: "70s", profession: "nurse")
        ),
        Ramble(
            transcript: "the kid at the front desk, maybe nineteen, with braces and freckles",
            expected: PersonKeywords(approximateAge: "teen", accessories: ["freckles"])
        ),
        Ramble(
            transcript: "she has bright pink hair and a septum piercing and works at a record shop",
            expected: PersonKeywords(hairColor: "pink", accessories: ["nose ring"])
        ),
        Ramble(
            transcript: "she had her hair up in a bun and wore hoop earrings, she's five foot tall",
            expected: PersonKeywords(hairStyle: "bun", height: "short", accessories: ["earrings"])
        ),
    ]

    @Test("ramble → its full keywords", arguments: rambles)
    func extractsKeywords(ramble: Ramble) {
        #expect(KeywordParser().extract(from: ramble.transcript) == ramble.expected)
    }
}
