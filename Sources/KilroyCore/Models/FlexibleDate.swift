import Foundation
import Validation

/// Reads a date written by any of the encoders the store has met: the decoder's own strategy,
/// a number of seconds since 2001-01-01 (a plain `JSONEncoder`), or an ISO 8601 string with or
/// without fractional seconds.
enum FlexibleDate {
    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Date {
        if let date = try? container.decode(Date.self, forKey: key) {
            return date
        }
        if let seconds = try? container.decode(Double.self, forKey: key), seconds.isFinite {
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        let text = try container.decode(String.self, forKey: key)
        guard let date = ISO8601DateTime.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(key.stringValue) is not a date: expected seconds since 2001 or ISO 8601, got \"\(text.prefix(40))\""
            )
        }
        return date
    }
}
