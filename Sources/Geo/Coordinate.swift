/// A point on the Earth in WGS 84 degrees.
///
/// A `Coordinate` is always valid: both components are finite, the latitude lies in −90…90 and
/// the longitude in −180…180. The throwing initialiser (and decoding) enforce this, so code that
/// receives a `Coordinate` never has to check again.
public struct Coordinate: Hashable, Sendable {
    /// Degrees north of the equator (negative: south), −90…90.
    public let latitude: Double
    /// Degrees east of Greenwich (negative: west), −180…180.
    public let longitude: Double

    /// Creates a coordinate, rejecting values that are not finite or out of range.
    ///
    /// - Throws: `GeoError.invalidLatitude` or `GeoError.invalidLongitude`.
    public init(latitude: Double, longitude: Double) throws(GeoError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw .invalidLatitude(latitude)
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .invalidLongitude(longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// For values already known to be valid (e.g. clamped results).
    init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Coordinate: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude
        case longitude
    }

    /// Decodes `{"latitude": …, "longitude": …}` and applies the same validation as
    /// ``init(latitude:longitude:)``; an invalid value is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            let key: CodingKeys
            switch error {
            case .invalidLongitude: key = .longitude
            // Only the two cases above can come from init(latitude:longitude:).
            case .invalidLatitude, .invertedLatitudes, .invalidRadius: key = .latitude
            }
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: error.errorDescription ?? "invalid coordinate"
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
