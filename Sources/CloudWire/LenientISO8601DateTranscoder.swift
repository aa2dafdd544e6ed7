public import Foundation
public import OpenAPIRuntime
import Validation

/// Dates on the wire: ISO 8601 with or without fractional seconds when reading; when writing,
/// fractional seconds only for dates that have them, so a client that sent whole seconds gets
/// back exactly the text it can read.
public struct LenientISO8601DateTranscoder: DateTranscoder {
    private let whole = Date.ISO8601FormatStyle()
    private let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    public init() {}

    public func encode(_ date: Date) throws -> String {
        let seconds = date.timeIntervalSince1970
        return seconds == seconds.rounded(.down) ? whole.format(date) : fractional.format(date)
    }

    public func decode(_ text: String) throws -> Date {
        guard let date = ISO8601DateTime.parse(text) else { throw InvalidDateError() }
        return date
    }
}

/// A request's date-time was not ISO 8601. (The decoder does not say which key held it; a cloud
/// whose bodies carry one date-time names that field in its answer.)
public struct InvalidDateError: Error {
    public init() {}
}
