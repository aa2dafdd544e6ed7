import ArgumentParser
import Foundation

/// An ISO 8601 date-time on the command line (`2026-05-01T09:30:00Z`, with or without
/// fractional seconds or an offset).
struct Timestamp: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: argument) {
            self.date = date
            return
        }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: argument) else { return nil }
        self.date = date
    }
}
