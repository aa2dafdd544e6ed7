import Foundation

/// A unit a diver can say after a number, and how to turn it into the log's SI unit.
enum VoiceUnit: Sendable, Equatable {
    case meters, feet
    case seconds, minutes, hours
    case celsius, fahrenheit
    case bar, psi
    case percent
    case stars

    /// What a unit measures; a field accepts only units of its own dimension.
    enum Dimension: Sendable, Equatable {
        case length, time, temperature, pressure, percent, stars

        /// The unit assumed when the diver says none: the seed's metric defaults.
        var defaultUnit: VoiceUnit {
            switch self {
            case .length: .meters
            case .time: .minutes
            case .temperature: .celsius
            case .pressure: .bar
            case .percent: .percent
            case .stars: .stars
            }
        }
    }

    var dimension: Dimension {
        switch self {
        case .meters, .feet: .length
        case .seconds, .minutes, .hours: .time
        case .celsius, .fahrenheit: .temperature
        case .bar, .psi: .pressure
        case .percent: .percent
        case .stars: .stars
        }
    }

    /// The short symbol used in messages ("ft", "°F").
    var symbol: String {
        switch self {
        case .meters: "m"
        case .feet: "ft"
        case .seconds: "s"
        case .minutes: "min"
        case .hours: "h"
        case .celsius: "°C"
        case .fahrenheit: "°F"
        case .bar: "bar"
        case .psi: "psi"
        case .percent: "%"
        case .stars: "stars"
        }
    }

    /// `value` in the log's unit: metres, seconds, °C, bar. The factors are the exact definitions
    /// (international foot; psi from the pound-force and inch), not rounded display factors.
    func toSI(_ value: Double) -> Double {
        switch self {
        case .meters, .seconds, .celsius, .bar, .percent, .stars: value
        case .feet: value * 0.3048
        case .minutes: value * 60
        case .hours: value * 3600
        case .fahrenheit: (value - 32) * 5 / 9
        case .psi: value * 0.068_947_572_931_683_6
        }
    }

    /// The unit spoken at `index`, if any, and the index after it.
    ///
    /// `context` is the dimension of the field being read (`nil` for a number with no field): single
    /// letters are only units where they cannot mean anything else ("m" is minutes after "time",
    /// metres elsewhere; "c", "f", "s", "h" only in their own field).
    static func match(
        in tokens: [VoiceToken], at index: Int, limit: Int, context: Dimension?
    ) -> (unit: VoiceUnit, end: Int)? {
        guard index < limit, let candidates = phrasesByFirstKey[tokens[index].key] else { return nil }
        for phrase in candidates where phrase.onlyIn == nil || phrase.onlyIn == context {
            let end = index + phrase.keys.count
            guard end <= limit else { continue }
            if zip(phrase.keys, tokens[index..<end]).allSatisfy({ $0 == $1.key }) {
                return (phrase.unit, end)
            }
        }
        return nil
    }

    private struct Phrase: Sendable {
        let keys: [String]
        let unit: VoiceUnit
        let onlyIn: Dimension?
    }

    /// Context-specific phrases come first so they win ties ("m" after "time" is minutes).
    private static let phrases: [Phrase] = {
        var phrases: [Phrase] = []
        func add(_ unit: VoiceUnit, only: Dimension? = nil, _ spoken: String...) {
            for text in spoken {
                phrases.append(Phrase(keys: text.split(separator: " ").map(String.init), unit: unit, onlyIn: only))
            }
        }
        add(.minutes, only: .time, "m")
        add(.hours, only: .time, "h")
        add(.seconds, only: .time, "s")
        add(.celsius, only: .temperature, "c")
        add(.fahrenheit, only: .temperature, "f")
        add(.meters, "meters", "meter", "metres", "metre", "m", "mtr", "mtrs", "mts")
        add(.feet, "feet", "foot", "ft", "feets")
        add(.minutes, "minutes", "minute", "min", "mins")
        add(.hours, "hours", "hour", "hr", "hrs")
        add(.seconds, "seconds", "second", "sec", "secs")
        add(
            .celsius, "degrees celsius", "degree celsius", "degrees centigrade", "degrees c", "degree c", "deg c",
            "° c", "celsius", "celcius", "centigrade", "degrees", "degree", "deg", "°"
        )
        add(
            .fahrenheit, "degrees fahrenheit", "degree fahrenheit", "degrees f", "degree f", "deg f", "° f",
            "fahrenheit", "farenheit"
        )
        add(.bar, "bar", "bars")
        add(.psi, "psi", "p s i", "pounds per square inch", "pounds")
        add(.percent, "percent", "per cent", "%", "pct")
        add(.stars, "stars", "star")
        return phrases
    }()

    /// Phrases grouped by first word, longest first, ties in declaration order.
    private static let phrasesByFirstKey: [String: [Phrase]] = {
        var index: [String: [Phrase]] = [:]
        for phrase in phrases {
            guard let first = phrase.keys.first else { continue }
            index[first, default: []].append(phrase)
        }
        return index.mapValues { group in
            group.enumerated()
                .sorted { ($0.element.keys.count, -$0.offset) > ($1.element.keys.count, -$1.offset) }
                .map(\.element)
        }
    }()
}
