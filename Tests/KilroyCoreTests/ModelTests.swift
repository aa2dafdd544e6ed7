import Foundation
import Geo
import KilroyCore
import Testing

@Suite("Models: the seed's JSON shape")
struct ModelTests {
    @Test("a memory written by a plain JSONEncoder stores capturedAt as seconds since 2001 and reads back equal")
    func plainEncoderRoundTrip() throws {
        let original = DroppedMemory(
            id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!,
            coordinate: try CodableCoordinate(latitude: 52.3731, longitude: 4.8922),
            capturedAt: Date(timeIntervalSinceReferenceDate: 786_000_000.5),
            comment: "First coffee", placeName: "Café", placeAddress: "Dam 1"
        )
        let data = try JSONEncoder().encode(original)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["capturedAt"] as? Double == 786_000_000.5)
        #expect(object["imageFilename"] as? String == "6F9619FF-8B86-D011-B42D-00C04FC964FF.jpg")
        #expect(object["id"] as? String == "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        let coordinate = try #require(object["coordinate"] as? [String: Double])
        #expect(coordinate == ["latitude": 52.3731, "longitude": 4.8922])
        #expect(try JSONDecoder().decode(DroppedMemory.self, from: data) == original)
    }

    @Test("capturedAt is also read from ISO 8601 strings, with or without fractional seconds")
    func readsISO8601Dates() throws {
        for (text, expected) in [
            ("2025-12-03T10:15:30Z", 1_764_756_930.0),
            ("2025-12-03T10:15:30.250Z", 1_764_756_930.25),
            ("2025-12-03T11:15:30+01:00", 1_764_756_930.0),
        ] {
            let json = """
                {"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","coordinate":{"latitude":1,"longitude":2},
                 "capturedAt":"\(text)","imageFilename":"x.jpg"}
                """
            let memory = try JSONDecoder().decode(DroppedMemory.self, from: Data(json.utf8))
            #expect(abs(memory.capturedAt.timeIntervalSince1970 - expected) < 0.001, "\(text)")
            #expect(memory.comment == nil && memory.placeName == nil)
        }
    }

    @Test("an out-of-range coordinate or a non-date capturedAt is rejected when decoding")
    func rejectsInvalidValues() {
        let badLatitude =
            #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","coordinate":{"latitude":95,"longitude":2},"capturedAt":0,"imageFilename":"x.jpg"}"#
        let badDate =
            #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","coordinate":{"latitude":5,"longitude":2},"capturedAt":"yesterday","imageFilename":"x.jpg"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DroppedMemory.self, from: Data(badLatitude.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DroppedMemory.self, from: Data(badDate.utf8)) }
    }

    @Test("a codable coordinate converts to and from Geo's coordinate and validates")
    func codableCoordinateConverts() throws {
        let geo = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        let codable = CodableCoordinate(geo)
        #expect(codable.latitude == -33.8688 && codable.longitude == 151.2093)
        #expect(codable.coordinate == geo)
        #expect(throws: GeoError.invalidLongitude(181)) { try CodableCoordinate(latitude: 0, longitude: 181) }
        #expect(throws: GeoError.self) { _ = try CodableCoordinate(latitude: .nan, longitude: 0) }
        #expect(DroppedMemory.geofenceRadius == 10)
    }

    @Test("retry delays double from 30 s and stop at an hour")
    func retryPolicyDoubles() {
        let policy = RetryPolicy()
        #expect((1...9).map { policy.delay(afterAttempts: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
        #expect(policy.delay(afterAttempts: Int.max) == 3600)
        #expect(policy.delay(afterAttempts: -5) == 30)
    }
}
