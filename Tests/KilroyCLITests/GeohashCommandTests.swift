import Foundation
import TestSupport
import Testing

/// Vectors from `Tests/Fixtures/vectors/formats-and-algorithms.json` §5, through the real binary.
@Suite("kilroy geohash: encode, decode, neighbours")
struct GeohashCommandTests {
    let kilroy = KilroyProcess()

    @Test(
        "encode matches the published vectors at every precision, west and south included",
        arguments: [
            ("57.64911", "10.40744", "u4pruydqqvj8"),
            ("37.7853074", "-122.4054274", "9q8yywe56gcf"),
            ("-54.933333", "-67.616667", "4qpzmren1kwb"),
            ("-33.8688", "151.2093", "r3gx2f77bn44"),
            ("0.5", "-179.9999", "8004b500dqf8"),
            ("-1e-06", "-1e-06", "7zzzzzzzzzz6"),
        ])
    func encodeVectors(latitude: String, longitude: String, expected: String) throws {
        for precision in [1, 5, 12] {
            let result = try kilroy.run(
                ["geohash", "encode", "--lat", latitude, "--lon", longitude, "--precision", "\(precision)"], withStore: false)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.text == String(expected.prefix(precision)) + "\n")
        }
        let json = try #require(
            try kilroy.run(["geohash", "encode", "--lat", latitude, "--lon", longitude, "--json"], withStore: false).json() as? [String: Any])
        #expect(json["geohash"] as? String == expected && json["precision"] as? Int == 12)
    }

    @Test("a point on a cell edge goes north-east by default and south-west with --geofire")
    func boundaryConvention() throws {
        #expect(try kilroy.run(["geohash", "encode", "--lat", "0", "--lon", "0", "--precision", "6"], withStore: false).text == "s00000\n")
        #expect(
            try kilroy.run(["geohash", "encode", "--lat", "0", "--lon", "0", "--precision", "6", "--geofire"], withStore: false).text == "7zzzzz\n")
    }

    @Test("decode prints the centre, half-sizes and exact bounds")
    func decodeVector() throws {
        let json = try #require(try kilroy.run(["geohash", "decode", "ezs42", "--json"], withStore: false).json() as? [String: Any])
        let expected: [String: Double] = [
            "latitude": 42.60498046875, "longitude": -5.60302734375, "latitudeError": 0.02197265625, "longitudeError": 0.02197265625,
            "south": 42.5830078125, "north": 42.626953125, "west": -5.625, "east": -5.5810546875,
        ]
        for (key, value) in expected { #expect(json[key] as? Double == value, "\(key)") }
        #expect(json["geohash"] as? String == "ezs42")
        let text = try kilroy.run(["geohash", "decode", "EZS42"], withStore: false).text
        #expect(text.contains("Centre   42.60498046875, -5.60302734375"))
    }

    @Test("neighbors lists the eight directions, wrapping the antimeridian and stopping at a pole")
    func neighbourVectors() throws {
        let json = try #require(try kilroy.run(["geohash", "neighbors", "xbpbpb", "--json"], withStore: false).json() as? [String: Any])
        #expect(json["north"] as? String == "xbpbpc" && json["northEast"] as? String == "800001" && json["east"] as? String == "800000")
        #expect(json["southEast"] as? String == "2pbpbp" && json["south"] as? String == "rzzzzz" && json["southWest"] as? String == "rzzzzx")
        #expect(json["west"] as? String == "xbpbp8" && json["northWest"] as? String == "xbpbp9")
        let polar = try #require(try kilroy.run(["geohash", "neighbors", "b", "--json"], withStore: false).json() as? [String: Any])
        #expect(polar["north"] is NSNull && polar["east"] as? String == "c")
        let text = try kilroy.run(["geohash", "neighbors", "u4pruyd"], withStore: false).text
        #expect(text == "N   u4pruyf\nNE  u4pruyg\nE   u4pruye\nSE  u4pruy7\nS   u4pruy6\nSW  u4pruy3\nW   u4pruy9\nNW  u4pruyc\n")
    }

    @Test("a bad geohash exits 1 naming it; a bad precision is a usage error")
    func badInput() throws {
        let bad = try kilroy.run(["geohash", "decode", "ezs4a"], withStore: false)
        #expect(bad.status == 1 && bad.stderr.hasPrefix("kilroy: hash: ") && bad.stderr.contains("position 5"))
        #expect(try kilroy.run(["geohash", "encode", "--lat", "1", "--lon", "2", "--precision", "23"], withStore: false).status == 2)
        let lat = try kilroy.run(["geohash", "encode", "--lat", "91", "--lon", "2"], withStore: false)
        #expect(lat.status == 1 && lat.stderr == "kilroy: lat: must be between -90 and 90\n")
    }
}
