import ArgumentParser
import Foundation
import UmiLogCore

/// A number given on the command line with an optional unit, converted to SI on parsing:
/// `25`, `25m`, `82ft` (depth, visibility); `28`, `28C`, `82F` (temperature); `200`, `200bar`,
/// `3000psi` (pressure); `45`, `45min`, `1:05` (h:mm), `2700s` (time).
protocol UnitArgument: ExpressibleByArgument {
    init?(value: Double, unit: String)
}

extension UnitArgument {
    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: ",", with: ".")
        let numberEnd = text.firstIndex { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") } ?? text.endIndex
        guard let value = Double(text[..<numberEnd]), value.isFinite else { return nil }
        let unit = text[numberEnd...].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "°", with: "")
        self.init(value: value, unit: unit)
    }
}

/// Metres (depth, visibility); feet converted.
struct LengthArgument: UnitArgument {
    let meters: Double

    init?(value: Double, unit: String) {
        switch unit {
        case "", "m", "meter", "meters", "metre", "metres": meters = value
        case "ft", "feet", "foot", "'": meters = value / UnitSystem.feetPerMeter
        default: return nil
        }
    }
}

/// Degrees Celsius; Fahrenheit converted.
struct TemperatureArgument: UnitArgument {
    let celsius: Double

    init?(value: Double, unit: String) {
        switch unit {
        case "", "c", "celsius": celsius = value
        case "f", "fahrenheit": celsius = (value - 32) * 5 / 9
        default: return nil
        }
    }
}

/// Bar; psi converted.
struct PressureArgument: UnitArgument {
    let bar: Double

    init?(value: Double, unit: String) {
        switch unit {
        case "", "bar": bar = value
        case "psi": bar = value / UnitSystem.psiPerBar
        default: return nil
        }
    }
}

/// Whole seconds; minutes by default, `h:mm` accepted.
struct TimeArgument: ExpressibleByArgument {
    let seconds: Int

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), hours >= 0, (0..<60).contains(minutes) {
            seconds = (hours * 60 + minutes) * 60
            return
        }
        let numberEnd = text.firstIndex { !($0.isNumber || $0 == ".") } ?? text.endIndex
        guard let value = Double(text[..<numberEnd]), value.isFinite, value >= 0, value < 1e7 else { return nil }
        switch text[numberEnd...].trimmingCharacters(in: .whitespaces) {
        case "", "m", "min", "mins", "minute", "minutes": seconds = Int((value * 60).rounded())
        case "s", "sec", "secs", "second", "seconds": seconds = Int(value.rounded())
        case "h", "hr", "hrs", "hour", "hours": seconds = Int((value * 3600).rounded())
        default: return nil
        }
    }
}

/// `air`, `nitrox32`, `ean32`, `32` (oxygen %): the gas of a logged dive, which records nitrox only.
/// (`GasArgument` reads any mix, trimix too, for the planning commands.)
struct NitroxArgument: ExpressibleByArgument {
    let oxygenPercent: Int

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "air" {
            oxygenPercent = 21
            return
        }
        let digits = text.replacingOccurrences(of: "nitrox", with: "").replacingOccurrences(of: "ean", with: "")
            .replacingOccurrences(of: "%", with: "").trimmingCharacters(in: .whitespaces)
        guard let percent = Int(digits) else { return nil }
        oxygenPercent = percent
    }
}

/// `SPECIES[:COUNT]`: an id or a name, with how many (1 when omitted).
struct SightingArgument: ExpressibleByArgument {
    let species: String
    let count: Int

    init?(argument: String) {
        if let colon = argument.lastIndex(of: ":"), let count = Int(argument[argument.index(after: colon)...]) {
            species = String(argument[..<colon]).trimmingCharacters(in: .whitespaces)
            self.count = count
        } else {
            species = argument.trimmingCharacters(in: .whitespaces)
            count = 1
        }
        guard !species.isEmpty else { return nil }
    }
}
