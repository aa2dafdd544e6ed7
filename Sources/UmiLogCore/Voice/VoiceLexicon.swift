import Foundation

/// The words and phrases the parser knows, besides numbers and units.
///
/// Matching is longest-first ("max depth" before "depth", "air temperature" before "air") and
/// exact on normalised words, so the same transcript always reads the same way.
enum VoiceLexicon {
    enum Meaning: Sendable, Equatable {
        /// A field keyword; its value follows.
        case field(VoiceFieldSpec)
        /// A common word that names a field only when a value follows ("start two hundred", "max
        /// twenty five", "water twenty eight"); otherwise it is an ordinary word ("at the end",
        /// "buddy Max").
        case weakField(VoiceFieldSpec)
        /// "air": the oxygen field at 21 %, no number needed.
        case air
        /// Something a diver logs that voice cannot fill yet; reported and its number skipped, so
        /// "safety stop three minutes" does not leave a stray "three minutes".
        case unsupported(String)
        /// "no", "I mean", "sorry": the next value replaces the last one spoken.
        case correction
        /// "scratch that": the last value spoken is withdrawn.
        case scratch
        /// Words that carry no value ("um", "about", "the").
        case filler
    }

    struct Match: Sendable, Equatable {
        let meaning: Meaning
        let end: Int
    }

    /// The phrase starting at `index`, if any, ending before `limit`.
    static func match(in tokens: [VoiceToken], at index: Int, limit: Int) -> Match? {
        guard index < limit, let candidates = entriesByFirstKey[tokens[index].key] else { return nil }
        for entry in candidates {
            let end = index + entry.keys.count
            guard end <= limit else { continue }
            if zip(entry.keys, tokens[index..<end]).allSatisfy({ $0 == $1.key }) {
                return Match(meaning: entry.meaning, end: end)
            }
        }
        return nil
    }

    /// Sounds people make while thinking; skipped even inside a number ("twenty, uh, five" is not
    /// skipped because of the commas, "twenty uh five" is).
    static let hesitations: Set<String> = ["um", "umm", "uh", "uhh", "uhm", "er", "erm", "ah", "ahh", "hmm", "hm", "mm"]

    /// Words that may join the parts of a buddy's name ("Sam and Alex", "Ana de Souza").
    static let nameConnectors: Set<String> = [
        "and", "de", "da", "das", "do", "dos", "del", "della", "der", "den", "di", "du", "la", "le", "van", "von",
        "bin", "ibn", "al", "el", "y",
    ]

    private struct Entry: Sendable {
        let keys: [String]
        let meaning: Meaning
    }

    private static let entries: [Entry] = {
        var entries: [Entry] = []
        func add(_ meaning: Meaning, _ phrases: [String]) {
            for phrase in phrases {
                entries.append(Entry(keys: phrase.split(separator: " ").map(String.init), meaning: meaning))
            }
        }
        add(.field(.field(.maxDepth)), ["depth", "max depth", "maximum depth", "deepest", "deepest point", "deepest depth"])
        add(.weakField(.field(.maxDepth)), ["max", "maximum"])
        add(.field(.field(.averageDepth)), ["average depth", "avg depth", "mean depth", "avg"])
        add(.weakField(.field(.averageDepth)), ["average"])
        add(.field(.field(.bottomTime)), ["bottom time", "time", "dive time", "duration", "run time", "runtime"])
        add(
            .field(.field(.waterTemperature)),
            ["temperature", "temp", "temps", "water temperature", "water temp", "bottom temperature", "bottom temp"]
        )
        add(.weakField(.field(.waterTemperature)), ["water"])
        add(.field(.field(.visibility)), ["visibility", "vis", "viz", "visi", "vizzy"])
        add(
            .field(.field(.startPressure)),
            ["start pressure", "starting pressure", "pressure in", "pressure start", "beginning pressure", "initial pressure"]
        )
        add(
            .field(.field(.endPressure)),
            [
                "end pressure", "ending pressure", "pressure out", "pressure end", "final pressure", "finish pressure",
                "finishing pressure", "remaining pressure", "pressure left", "pressure remaining",
            ]
        )
        add(.weakField(.field(.startPressure)), ["start", "starting"])
        add(.weakField(.field(.endPressure)), ["end", "ending"])
        add(.field(.pressure), ["pressure"])
        add(
            .field(.field(.oxygen)),
            [
                "nitrox", "ean", "eanx", "e a n", "enriched air", "enriched air nitrox", "oxygen", "o 2", "o two",
                "fo 2",
            ]
        )
        add(.air, ["air", "regular air", "normal air", "compressed air"])
        add(.field(.field(.rating)), ["rating", "rated", "rate", "rate it", "score"])
        add(.field(.field(.buddy)), ["buddy", "buddies", "dive buddy", "dive partner", "partner"])
        add(.unsupported("air temperature"), ["air temperature", "air temp"])
        add(.unsupported("surface interval"), ["surface interval"])
        add(.unsupported("safety stop"), ["safety stop"])
        add(.unsupported("weight"), ["weight", "weights", "weighting", "lead"])
        add(.unsupported("current"), ["current", "no current"])
        add(.unsupported("dive site"), ["dive site", "site"])
        add(.unsupported("entry and exit time"), ["start time", "end time", "entry time", "exit time", "time in", "time out"])
        add(
            .correction,
            [
                "no", "nope", "sorry", "oops", "i mean", "i meant", "correction", "make that", "make it", "change that to",
                "change it to",
            ]
        )
        add(
            .scratch,
            [
                "scratch that", "scratch", "strike that", "delete that", "cancel that", "undo", "undo that",
                "forget that", "never mind", "nevermind", "remove that",
            ]
        )
        add(.filler, Array(hesitations))
        add(
            .filler,
            [
                "oh", "like", "about", "around", "roughly", "approximately", "approx", "circa", "nearly", "almost",
                "maybe", "probably", "just", "and", "so", "then", "okay", "ok", "well", "the", "a", "an", "was", "were",
                "is", "are", "it", "it's", "its", "of", "at", "to", "from", "my", "our", "i", "we", "i'd", "we'd", "had",
                "have", "got", "get", "say", "also", "with", "on", "in", "for", "by", "down", "total", "tank",
                "cylinder", "gas", "ish", "wait", "actually", "basically", "really", "very", "there", "that's",
                "give or take", "or so", "let's see", "lets see", "let me see", "i think", "i guess", "you know",
                "kind of", "sort of", "more or less", "a bit",
            ]
        )
        return entries
    }()

    /// Entries grouped by first word, longest first, ties in declaration order.
    private static let entriesByFirstKey: [String: [Entry]] = {
        var index: [String: [(offset: Int, entry: Entry)]] = [:]
        for (offset, entry) in entries.enumerated() {
            guard let first = entry.keys.first else { continue }
            index[first, default: []].append((offset, entry))
        }
        return index.mapValues { group in
            group.sorted { ($0.entry.keys.count, -$0.offset) > ($1.entry.keys.count, -$1.offset) }.map(\.entry)
        }
    }()
}
