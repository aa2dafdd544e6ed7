import Foundation
import Testing

@testable import Geo

@Suite("Coordinate validation")
struct CoordinateTests {
    @Test(
        "valid extremes are accepted",
        arguments: [
            (-90.0, -180.0), (90.0, 180.0), (0.0, 0.0), (45.7597, 4.8422),
        ])
    func validExtremesAccepted(latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        #expect(coordinate.latitude == latitude)
        #expect(coordinate.longitude == longitude)
    }

    @Test(
        "latitude out of range or not finite throws invalidLatitude",
        arguments: [
            90.000001, -90.5, Double.nan, Double.infinity, -Double.infinity, 1000,
        ])
    func invalidLatitudeThrows(latitude: Double) {
        #expect {
            _ = try Coordinate(latitude: latitude, longitude: 0)
        } throws: { error in
            guard case GeoError.invalidLatitude(let value) = error else { return false }
            return value.isNaN ? latitude.isNaN : value == latitude
        }
    }

    @Test(
        "longitude out of range or not finite throws invalidLongitude",
        arguments: [
            180.000001, -180.5, Double.nan, Double.infinity, -Double.infinity,
        ])
    func invalidLongitudeThrows(longitude: Double) {
        #expect {
            _ = try Coordinate(latitude: 0, longitude: longitude)
        } throws: { error in
            guard case GeoError.invalidLongitude(let value) = error else { return false }
            return value.isNaN ? longitude.isNaN : value == longitude
        }
    }

    @Test("latitude is checked before longitude when both are invalid")
    func latitudeCheckedFirst() {
        #expect(throws: GeoError.invalidLatitude(91)) {
            _ = try Coordinate(latitude: 91, longitude: 200)
        }
    }

    @Test("error messages name the value and the allowed range")
    func errorMessagesAreActionable() {
        #expect(
            GeoError.invalidLatitude(91).errorDescription
                == "Latitude 91.0 is invalid: it must be a finite number of degrees between -90 and 90.")
        #expect(
            GeoError.invalidLongitude(-181).errorDescription
                == "Longitude -181.0 is invalid: it must be a finite number of degrees between -180 and 180.")
    }

    @Test("JSON round trip keeps both components")
    func jsonRoundTrip() throws {
        let coordinate = try Coordinate(latitude: 51.5074, longitude: -0.1278)
        let data = try JSONEncoder().encode(coordinate)
        let decoded = try JSONDecoder().decode(Coordinate.self, from: data)
        #expect(decoded == coordinate)
    }

    @Test("decoding an out-of-range latitude fails with dataCorrupted")
    func decodingInvalidLatitudeFails() {
        let json = Data(#"{"latitude": 95, "longitude": 10}"#.utf8)
        #expect {
            _ = try JSONDecoder().decode(Coordinate.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.last?.stringValue == "latitude"
        }
    }

    @Test("decoding an out-of-range longitude fails with dataCorrupted")
    func decodingInvalidLongitudeFails() {
        let json = Data(#"{"latitude": 5, "longitude": -190}"#.utf8)
        #expect {
            _ = try JSONDecoder().decode(Coordinate.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.last?.stringValue == "longitude"
        }
    }
}
