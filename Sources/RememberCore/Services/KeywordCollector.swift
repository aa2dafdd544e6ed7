/// Gathers what the parser reads, in any order, and settles it into `PersonKeywords` by where
/// each statement stands in the transcript.
///
/// Rules, for a single-valued property such as hair colour:
/// - the first statement wins ("brown hair … her black jacket, black hair" keeps brown);
/// - a later statement in a correction ("actually", "I mean", "no wait") replaces it, and a
///   corrected negation ("glasses, actually no glasses") clears it;
/// - a weak statement (an implication, such as "no beard" meaning clean-shaven, or "lives in"
///   for origin) gives way to a plain one wherever that stands;
/// - a negated statement ("no glasses") sets nothing, and a later plain statement of the same
///   value does not override it unless it is a correction.
/// List properties (accessories, colours, interests) take every plain value not denied earlier.
struct KeywordCollector: Sendable {
    enum Property: Hashable, Sendable {
        case hairColor, hairLength, hairStyle, eyewear, facialHair, height, build, approximateAge
        case profession, origin
        case accessory, clothingColor, interest
    }

    private struct Observation: Sendable {
        var property: Property
        var value: String
        var position: Int
        var order: Int
        var isNegated: Bool
        var isCorrective: Bool
        var isWeak: Bool
    }

    private var observations: [Observation] = []

    /// Records `value` as said at token `position`, negated or corrective as that token is.
    mutating func add(_ property: Property, _ value: String, at position: Int, in transcript: KeywordTranscript, isWeak: Bool = false) {
        guard let token = transcript.token(at: position) else { return }
        add(property, value, at: position, isNegated: token.isNegated, isCorrective: token.isCorrective, isWeak: isWeak)
    }

    mutating func add(_ property: Property, _ value: String, at position: Int, isNegated: Bool, isCorrective: Bool, isWeak: Bool = false) {
        observations.append(
            Observation(
                property: property, value: value, position: position, order: observations.count,
                isNegated: isNegated, isCorrective: isCorrective, isWeak: isWeak
            ))
    }

    var keywords: PersonKeywords {
        var singles: [Property: Single] = [:]
        var lists: [Property: List] = [:]
        let ordered = observations.sorted { ($0.position, $0.order) < ($1.position, $1.order) }
        for observation in ordered {
            switch observation.property {
            case .hairColor, .hairLength, .hairStyle, .eyewear, .facialHair, .height, .build, .approximateAge,
                .profession, .origin:
                singles[observation.property, default: Single()].apply(observation)
            case .accessory, .clothingColor, .interest:
                lists[observation.property, default: List()].apply(observation)
            }
        }
        return PersonKeywords(
            hairColor: singles[.hairColor]?.value,
            hairLength: singles[.hairLength]?.value,
            hairStyle: singles[.hairStyle]?.value,
            eyewear: singles[.eyewear]?.value,
            facialHair: singles[.facialHair]?.value,
            height: singles[.height]?.value,
            build: singles[.build]?.value,
            approximateAge: singles[.approximateAge]?.value,
            accessories: lists[.accessory]?.sortedValues ?? [],
            clothingColors: lists[.clothingColor]?.sortedValues ?? [],
            profession: singles[.profession]?.value,
            origin: singles[.origin]?.value,
            interests: lists[.interest]?.sortedValues ?? []
        )
    }

    private struct Single {
        var value: String?
        var isWeak = false
        var denied: Set<String> = []

        mutating func apply(_ observation: Observation) {
            if observation.isNegated {
                denied.insert(observation.value)
                if observation.isCorrective && value == observation.value { value = nil }
                return
            }
            if denied.contains(observation.value) && !observation.isCorrective { return }
            guard let current = value, current != observation.value else {
                if value == nil || (isWeak && !observation.isWeak) {
                    value = observation.value
                    isWeak = observation.isWeak
                }
                return
            }
            let replaces =
                if observation.isWeak {
                    isWeak && observation.isCorrective
                } else {
                    isWeak || observation.isCorrective
                }
            if replaces {
                value = observation.value
                isWeak = observation.isWeak
            }
        }
    }

    private struct List {
        var values: Set<String> = []
        var denied: Set<String> = []

        mutating func apply(_ observation: Observation) {
            if observation.isNegated {
                denied.insert(observation.value)
                if observation.isCorrective { values.remove(observation.value) }
                return
            }
            if denied.contains(observation.value) && !observation.isCorrective { return }
            values.insert(observation.value)
        }

        var sortedValues: [String] { values.sorted() }
    }
}
