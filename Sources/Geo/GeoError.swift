public import Foundation

/// Why a coordinate, a bounding box or a search radius could not be made from the given numbers.
public enum GeoError: Error, Equatable, Sendable {
    /// The latitude was not finite or outside −90…90 degrees.
    case invalidLatitude(Double)
    /// The longitude was not finite or outside −180…180 degrees.
    case invalidLongitude(Double)
    /// A bounding box's southern edge lies north of its northern edge.
    case invertedLatitudes(south: Double, north: Double)
    /// A radius (metres) was negative or not finite.
    case invalidRadius(Double)
}

extension GeoError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidLatitude(let value):
            "Latitude \(value) is invalid: it must be a finite number of degrees between -90 and 90."
        case .invalidLongitude(let value):
            "Longitude \(value) is invalid: it must be a finite number of degrees between -180 and 180."
        case .invertedLatitudes(let south, let north):
            "The box's south edge \(south) lies north of its north edge \(north): swap them."
        case .invalidRadius(let value):
            "Radius \(value) m is invalid: it must be a finite number of metres, zero or more."
        }
    }
}
