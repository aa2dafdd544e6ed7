import Foundation

/// Why a coordinate could not be made from the given numbers.
public enum GeoError: Error, Equatable, Sendable {
    /// The latitude was not finite or outside −90…90 degrees.
    case invalidLatitude(Double)
    /// The longitude was not finite or outside −180…180 degrees.
    case invalidLongitude(Double)
}

extension GeoError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidLatitude(let value):
            "Latitude \(value) is invalid: it must be a finite number of degrees between -90 and 90."
        case .invalidLongitude(let value):
            "Longitude \(value) is invalid: it must be a finite number of degrees between -180 and 180."
        }
    }
}
