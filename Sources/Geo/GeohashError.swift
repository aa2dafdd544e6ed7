public import Foundation

/// Why a geohash string, a geohash precision or a query radius was rejected.
public enum GeohashError: Error, Equatable, Sendable {
    /// The geohash string was empty.
    case empty
    /// The geohash had more than ``Geohash/maximumPrecision`` characters (`length` counts characters).
    case tooLong(length: Int)
    /// A character outside the geohash alphabet, at `position` (counted from 1).
    case invalidCharacter(Character, position: Int)
    /// A precision outside 1…``Geohash/maximumPrecision`` characters.
    case invalidPrecision(Int)
    /// A search radius (metres) that was negative or not finite.
    case invalidRadius(Double)
}

extension GeohashError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .empty:
            "The geohash is empty: it needs 1 to \(Geohash.maximumPrecision) characters from \(Geohash.alphabet)."
        case .tooLong(let length):
            "The geohash has \(length) characters: at most \(Geohash.maximumPrecision) are allowed."
        case .invalidCharacter(let character, let position):
            "The geohash has \(character.debugDescription) at position \(position), which is not a geohash "
                + "character: use only \(Geohash.alphabet) (never a, i, l or o)."
        case .invalidPrecision(let precision):
            "Geohash precision \(precision) is out of range: use 1 to \(Geohash.maximumPrecision) characters."
        case .invalidRadius(let radius):
            "Radius \(radius) m is invalid: it must be a finite number of metres, zero or more."
        }
    }
}
