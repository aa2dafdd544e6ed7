/// How the dive times of a CSV file are written.
///
/// Every format reads what cannot be misread: `1:17:54` is hours, minutes and seconds; a plain
/// number is minutes (`45`, `45.5`, `45 min`), or seconds and hours with an explicit `s`/`h`.
/// The format decides only what two numbers around a colon mean: minutes and seconds (`77:54`,
/// minutes may pass 59, Subsurface's form) unless `h:mm` is chosen explicitly — a proposal
/// never picks it, because `45:00` read as hours would be a 45-hour dive.
public enum CSVDurationFormat: String, CaseIterable, Codable, Hashable, Sendable {
    case minutesSeconds = "mm:ss"
    case hoursMinutesSeconds = "h:mm:ss"
    case minutes = "min"
    case hoursMinutes = "h:mm"

    /// Reads a format by its `rawValue` or an alias (`m:ss`, `hh:mm:ss`, `minutes`, `hh:mm`),
    /// case-insensitive.
    public init?(name: String) {
        switch CSVText.trimmed(name).lowercased() {
        case "mm:ss", "m:ss": self = .minutesSeconds
        case "h:mm:ss", "hh:mm:ss": self = .hoursMinutesSeconds
        case "min", "minutes", "mins", "m": self = .minutes
        case "h:mm", "hh:mm": self = .hoursMinutes
        default: return nil
        }
    }

    /// The seconds `text` names, `nil` when it is not a duration.
    func seconds(from text: String, decimalComma: Bool) -> Int? {
        let trimmed = CSVText.trimmed(text)
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            switch parts.count {
            case 3:
                guard let hours = CSVText.digits(parts[0], maxDigits: 3), let minutes = Self.sexagesimal(parts[1]),
                    let seconds = Self.sexagesimal(parts[2])
                else { return nil }
                return hours * 3600 + minutes * 60 + seconds
            case 2:
                guard let leading = CSVText.digits(parts[0], maxDigits: 5), let trailing = Self.sexagesimal(parts[1])
                else { return nil }
                return self == .hoursMinutes ? leading * 3600 + trailing * 60 : leading * 60 + trailing
            default:
                return nil
            }
        }
        guard let number = CSVNumber(trimmed, decimalComma: decimalComma), number.value >= 0, number.value < 1e7 else {
            return nil
        }
        let scale: Double
        switch number.unit {
        case "", "min", "mins", "minute", "minutes", "'", "m": scale = 60
        case "s", "sec", "secs", "second", "seconds", "\"": scale = 1
        case "h", "hr", "hrs", "hour", "hours": scale = 3600
        default: return nil
        }
        return Int((number.value * scale).rounded())
    }

    /// Two digits, 00–59.
    private static func sexagesimal(_ text: Substring) -> Int? {
        guard text.count == 2, let value = CSVText.digits(text, maxDigits: 2), value < 60 else { return nil }
        return value
    }
}
