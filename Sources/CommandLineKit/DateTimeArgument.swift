public import ArgumentParser
public import Foundation
import Validation

/// A `--now` or `--at` value: an ISO 8601 date-time with an offset, a local date-time, or a bare
/// date (local midnight), read by `DateTimeValidator`.
public struct DateTimeArgument: ExpressibleByArgument, Sendable {
    public let date: Date

    public init?(argument: String) {
        guard let date = DateTimeValidator().validate(argument) else { return nil }
        self.date = date
    }

    public static var defaultValueDescription: String { "ISO 8601 date or date-time" }
}
