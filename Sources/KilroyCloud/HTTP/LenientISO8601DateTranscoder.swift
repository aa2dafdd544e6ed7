import Foundation
import OpenAPIRuntime
import Validation

/// Dates on the wire: ISO 8601 with or without fractional seconds when reading; when writing,
/// fractional seconds only for dates that have them, so a client that sent whole seconds gets
/// back exactly the text it can read.
struct LenientISO8601DateTranscoder: DateTranscoder {
    private let whole = Date.ISO8601FormatStyle()
    private let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    func encode(_ date: Date) throws -> String {
        let seconds = date.timeIntervalSince1970
        return seconds == seconds.rounded(.down) ? whole.format(date) : fractional.format(date)
    }

    func decode(_ text: String) throws -> Date {
        guard let date = ISO8601DateTime.parse(text) else { throw InvalidDateError() }
        return date
    }
}

/// A request's date-time was not ISO 8601. (The decoder does not say which key held it; the
/// only date-time any request body of the Kilroy API carries is `createdAt`.)
struct InvalidDateError: Error {}
