import Foundation
public import Geo
import Validation

/// A latitude/longitude pair as the seed app stores it in `memories.json`
/// (`{"latitude": …, "longitude": …}`), always valid.
///
/// It exists next to Geo's ``Geo/Coordinate`` because the seed's JSON shape is part of the
/// store's format; it converts both ways without loss, and decoding applies the same validation,
/// so a hand-edited file with a latitude of 95 is rejected instead of loaded.
public struct CodableCoordinate: Hashable, Sendable {
    private let value: Coordinate

    /// Degrees north of the equator, −90…90.
    public var latitude: Double { value.latitude }
    /// Degrees east of Greenwich, −180…180.
    public var longitude: Double { value.longitude }

    /// Creates a coordinate from degrees, rejecting values that are not finite or out of range.
    public init(latitude: Double, longitude: Double) throws(GeoError) {
        value = try Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Wraps an already validated Geo coordinate.
    public init(_ coordinate: Coordinate) {
        value = coordinate
    }

    /// The same point as a Geo coordinate, for distance and geohash computations.
    public var coordinate: Coordinate { value }
}

extension CodableCoordinate: Codable {
    /// Decodes `{"latitude": …, "longitude": …}`; an out-of-range value is a
    /// `DecodingError.dataCorrupted` naming the field.
    public init(from decoder: any Decoder) throws {
        value = try Coordinate(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

extension CodableCoordinate {
    /// A coordinate from numbers a person typed, or an error naming the field as the CLI and the
    /// forms do: `lat: must be between -90 and 90`, `lon: must be between -180 and 180`.
    public static func validated(latitude: Double, longitude: Double) throws(KilroyStoreError) -> CodableCoordinate {
        do {
            return try CodableCoordinate(latitude: latitude, longitude: longitude)
        } catch {
            switch error {
            case .invalidLatitude:
                throw .invalidField(FieldIssue("lat", "must be between -90 and 90"))
            case .invalidLongitude:
                throw .invalidField(FieldIssue("lon", "must be between -180 and 180"))
            case .invertedLatitudes, .invalidRadius:
                // Not thrown when making a coordinate; kept exhaustive for future cases.
                throw .invalidField(FieldIssue("lat", error.errorDescription ?? "is invalid"))
            }
        }
    }
}
