public import Foundation
import Validation

/// Reads the session times people type (see `DateTimeValidator`, which holds the rule): ISO
/// 8601 with or without an offset, with `T` or a space, with or without seconds, or a bare date.
/// Times without an offset are wall-clock times in the given time zone.
public enum SessionTimeParser {
    public static func parse(_ text: String, timeZone: TimeZone = .current) -> Date? {
        DateTimeValidator(timeZone: timeZone).validate(text)
    }
}
