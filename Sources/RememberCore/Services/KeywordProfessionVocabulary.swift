/// Professions and lines of work the keyword parser recognises after "is a", and the normalised
/// name of each ("physician" → "doctor").
enum KeywordProfessionVocabulary {
    /// Said after "is a/an" or inside what follows "works as": phrase → profession.
    static let professions: KeywordPhraseIndex<String> = {
        var table: [String: String] = [:]
        for name in professionNames { table[name] = name }
        for (synonym, name) in synonyms { table[synonym] = name }
        return KeywordPhraseIndex(table)
    }()

    /// Fields of work said after "works in", "is in", "does" ("works in marketing").
    static let fields = KeywordPhraseIndex(Dictionary(fieldNames.map { ($0, $0) }, uniquingKeysWith: { first, _ in first }))

    /// Words before a profession that do not change it ("a retired teacher", "a freelance designer").
    static let modifiers: Set<String> = [
        "retired", "former", "ex", "freelance", "freelancing", "senior", "junior", "trainee", "professional",
        "qualified", "certified", "self-employed", "part", "full", "time", "young", "new", "local", "famous",
        "successful", "good", "great", "brilliant", "talented", "amazing", "lead", "head", "chief", "high",
        "aspiring", "struggling", "budding", "practising", "practicing", "licensed", "registered", "assistant",
    ]

    private static let synonyms: [String: String] = [
        "actress": "actor", "attorney": "lawyer", "counselor": "counsellor", "doc": "doctor", "gp": "doctor",
        "physician": "doctor", "fireman": "firefighter", "firewoman": "firefighter", "physio": "physiotherapist",
        "policeman": "police officer", "policewoman": "police officer", "cop": "police officer",
        "veterinarian": "vet", "school teacher": "teacher", "schoolteacher": "teacher", "coder": "programmer",
        "realtor": "estate agent", "real estate agent": "estate agent", "waitress": "waiter",
        "headteacher": "head teacher", "jeweler": "jeweller", "hairstylist": "hairdresser",
        "registered nurse": "nurse", "paediatrician": "pediatrician", "anesthesiologist": "anaesthetist",
        "theatre nurse": "nurse", "salesman": "salesperson", "saleswoman": "salesperson", "postwoman": "postman",
        "mail carrier": "postman", "tattooist": "tattoo artist", "sysadmin": "system administrator",
        "stewardess": "flight attendant", "air hostess": "flight attendant", "dev": "developer",
    ]

    private static let professionNames: [String] = [
        "accountant", "actor", "actuary", "administrator", "analyst", "animator", "anaesthetist", "anthropologist",
        "archaeologist", "architect", "archivist", "art teacher", "artist", "astronaut", "athlete", "au pair",
        "auditor", "author", "baker", "bank teller", "banker", "barber", "barista", "barrister", "bartender",
        "beautician", "biochemist", "biologist", "blacksmith", "blogger", "bookkeeper", "botanist", "bouncer",
        "brand manager", "brewer", "bricklayer", "broadcaster", "broker", "builder", "bus driver", "butcher",
        "cabinet maker", "cameraman", "cardiologist", "care worker", "carer", "caregiver", "carpenter", "cashier",
        "caterer", "ceo", "cfo", "cto", "chauffeur", "chef", "chemist", "childminder", "chiropractor",
        "civil engineer", "civil servant", "cleaner", "clerk", "coach", "comedian", "composer", "concierge",
        "construction worker", "consultant", "content creator", "cook", "copywriter", "counsellor", "courier",
        "curator", "cybersecurity analyst", "dancer", "data analyst", "data engineer", "data scientist",
        "decorator", "delivery driver", "dental hygienist", "dental nurse", "dentist", "dermatologist", "designer",
        "detective", "developer", "devops engineer", "dietitian", "diplomat", "director", "dj", "doctor", "drummer",
        "economist", "editor", "electrical engineer", "electrician", "engineer", "engineering manager",
        "entrepreneur", "estate agent", "executive assistant", "farmer", "fashion designer", "filmmaker",
        "financial advisor", "financial analyst", "firefighter", "fisherman", "fishmonger", "fitness instructor",
        "flight attendant", "florist", "founder", "game designer", "game developer", "gardener", "geologist",
        "graphic designer", "guitarist", "hairdresser", "head chef", "head teacher", "historian", "housekeeper",
        "hr manager", "illustrator", "influencer", "interior designer", "interpreter", "investment banker",
        "investor", "janitor", "jeweller", "joiner", "journalist", "judge", "kindergarten teacher",
        "lab technician", "landscape architect", "landscaper", "lawyer", "lecturer", "librarian", "lifeguard",
        "linguist", "locksmith", "machinist", "makeup artist", "management consultant", "manager",
        "marketing manager", "marketer", "massage therapist", "math teacher", "maths teacher", "mathematician",
        "mechanic", "mechanical engineer", "midwife", "miner", "minister", "model", "monk", "music teacher",
        "musician", "nail technician", "nanny", "network engineer", "neurosurgeon", "news anchor", "novelist",
        "nun", "nurse", "nurse practitioner", "nursery teacher", "nutritionist", "occupational therapist",
        "office manager", "operations manager", "optician", "optometrist", "painter", "paralegal", "paramedic",
        "pastor", "pastry chef", "pe teacher", "pediatrician", "personal assistant", "personal trainer",
        "pharmacist", "philosopher", "photographer", "physicist", "physical therapist", "physiotherapist",
        "pianist", "pilot", "plasterer", "playwright", "plumber", "podcaster", "poet", "police officer",
        "politician", "postman", "potter", "presenter", "priest", "principal", "producer", "product designer",
        "product manager", "professor", "program manager", "programmer", "project manager", "proofreader",
        "prosecutor", "psychiatrist", "psychologist", "psychotherapist", "publicist", "publisher",
        "quantity surveyor", "rabbi", "radiologist", "receptionist", "recruiter", "reporter", "researcher",
        "roofer", "sailor", "sales assistant", "sales manager", "salesperson", "scientist", "screenwriter",
        "sculptor", "secretary", "security guard", "shop assistant", "singer", "social media manager",
        "social worker", "software architect", "software developer", "software engineer", "soldier",
        "solicitor", "sommelier", "sonographer", "sound engineer", "sous chef", "speech therapist",
        "statistician", "stockbroker", "student", "stylist", "surgeon", "surveyor", "system administrator",
        "tailor", "tattoo artist", "taxi driver", "teacher", "teaching assistant", "technician", "therapist",
        "tour guide", "trader", "translator", "truck driver", "tutor", "ui designer", "urban planner",
        "ux designer", "vet", "vet nurse", "videographer", "violinist", "waiter", "web designer",
        "web developer", "welder", "winemaker", "writer", "yoga instructor", "yoga teacher", "youth worker",
        "youtuber", "zookeeper", "zoologist", "medical student", "phd student", "dog walker", "childcare worker",
    ]

    private static let fieldNames: [String] = [
        "marketing", "sales", "finance", "banking", "tech", "technology", "hr", "human resources", "design",
        "construction", "healthcare", "health care", "education", "retail", "hospitality", "real estate",
        "property", "insurance", "law", "advertising", "publishing", "consulting", "consultancy", "fashion",
        "journalism", "media", "public relations", "pr", "research", "accounting", "accountancy", "engineering",
        "software", "government", "politics", "recruitment", "recruiting", "logistics", "operations",
        "customer service", "customer support", "social work", "nursing", "medicine", "pharma",
        "pharmaceuticals", "biotech", "venture capital", "investment banking", "private equity", "film",
        "television", "tv", "theatre", "theater", "cybersecurity", "data science", "web design",
        "graphic design", "product", "product design", "ux", "academia", "admin", "events", "fundraising",
        "social media", "communications", "comms", "the music industry", "music industry", "the film industry",
        "film industry", "the tech industry", "tech industry",
    ]
}
