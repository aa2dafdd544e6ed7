import Foundation
import TestSupport
import Testing

/// Issue 13: `kilroy geohash encode --lon 180` printed a hash in the −180 column. pygeohash 3.5.1
/// (run once by hand: `pygeohash.encode(0, 180, 12)`) keeps it in the easternmost column.
@Suite("Regression: kilroy geohash at longitude 180")
struct GeohashEastEdgeCommandTests {
    let kilroy = KilroyProcess()

    @Test("encode --lon 180 prints pygeohash's easternmost cell; its decode's east edge is 180")
    func encodesEast() throws {
        let encoded = try kilroy.run(["geohash", "encode", "--lat", "0", "--lon", "180"], withStore: false)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(encoded.text == "xbpbpbpbpbpb\n")
        let six = try kilroy.run(["geohash", "encode", "--lat", "45", "--lon", "180", "--precision", "6"], withStore: false)
        #expect(six.text == "zbpbpb\n")
        let decoded = try #require(try kilroy.run(["geohash", "decode", "xbpbpb", "--json"], withStore: false).json() as? [String: Any])
        #expect(decoded["east"] as? Double == 180)
        let neighbours = try #require(
            try kilroy.run(["geohash", "neighbors", "xbpbpb", "--json"], withStore: false).json() as? [String: Any])
        #expect(neighbours["east"] as? String == "800000")
    }
}
