import TestSupport
import Testing

@testable import Geo

/// §5.4 of `Tests/Fixtures/vectors/formats-and-algorithms.json` ("—" = nil: no neighbour
/// beyond a pole).
@Suite("Geohash neighbours")
struct GeohashNeighborTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let cell: String
        let expected: [String?]  // n, ne, e, se, s, sw, w, nw
        var testDescription: String { cell }
    }

    static let rows: [Row] = [
        Row(cell: "u4pruyd", expected: ["u4pruyf", "u4pruyg", "u4pruye", "u4pruy7", "u4pruy6", "u4pruy3", "u4pruy9", "u4pruyc"]),
        Row(cell: "ezs42", expected: ["ezs48", "ezs49", "ezs43", "ezs41", "ezs40", "ezefp", "ezefr", "ezefx"]),
        Row(cell: "9q8yy", expected: ["9q8zn", "9q8zp", "9q8yz", "9q8yx", "9q8yw", "9q8yt", "9q8yv", "9q8zj"]),
        Row(cell: "dqcjq", expected: ["dqcjw", "dqcjx", "dqcjr", "dqcjp", "dqcjn", "dqcjj", "dqcjm", "dqcjt"]),
        Row(cell: "gcpvj0", expected: ["gcpvj1", "gcpvj3", "gcpvj2", "gcpuvr", "gcpuvp", "gcpuuz", "gcpvhb", "gcpvhc"]),
        Row(cell: "xbpbpb", expected: ["xbpbpc", "800001", "800000", "2pbpbp", "rzzzzz", "rzzzzx", "xbpbp8", "xbpbp9"]),
        Row(cell: "8", expected: ["b", "c", "9", "3", "2", "r", "x", "z"]),
        Row(cell: "b", expected: [nil, nil, "c", "9", "8", "x", "z", nil]),
        Row(cell: "00", expected: ["01", "03", "02", nil, nil, nil, "pb", "pc"]),
        Row(cell: "zz", expected: [nil, nil, "bp", "bn", "zy", "zw", "zx", nil]),
        Row(cell: "pbpbpbpb", expected: ["pbpbpbpc", "00000001", "00000000", nil, nil, nil, "pbpbpbp8", "pbpbpbp9"]),
        Row(cell: "c2b2", expected: ["c2b3", "c2b9", "c2b8", "c28x", "c28r", "c28p", "c2b0", "c2b1"]),
    ]

    @Test("§5.4 neighbours match in every direction, nil beyond a pole", arguments: rows)
    func matchesTable(row: Row) throws {
        let neighbors = try Geohash.neighbors(row.cell)
        let actual = [
            neighbors.north, neighbors.northEast, neighbors.east, neighbors.southEast,
            neighbors.south, neighbors.southWest, neighbors.west, neighbors.northWest,
        ]
        #expect(actual == row.expected)
        #expect(neighbors.all == row.expected.compactMap { $0 })
    }

    @Test("neighbours accept upper case and reject malformed hashes")
    func inputHandling() throws {
        #expect(try Geohash.neighbors("EZS42") == (try Geohash.neighbors("ezs42")))
        #expect(throws: GeohashError.invalidCharacter("a", position: 2)) { _ = try Geohash.neighbors("za") }
        #expect(throws: GeohashError.tooLong(length: 23)) {
            _ = try Geohash.neighbors(String(repeating: "0", count: 23))
        }
    }

    @Test("random cells: each neighbour is the cell one step away, found by re-encoding a shifted centre")
    func agreesWithShiftedCentres() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let precision = Int.random(in: 1...12, using: &generator)
            let point = try Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180..<180, using: &generator))
            let hash = try Geohash.encode(point, precision: precision)
            let cell = try Geohash.decode(hash)
            let height = cell.bounds.north - cell.bounds.south
            let width = cell.bounds.east - cell.bounds.west
            func shifted(_ rows: Double, _ columns: Double) throws -> String? {
                let latitude = cell.center.latitude + rows * height
                guard (-90...90).contains(latitude) else { return nil }
                var longitude = cell.center.longitude + columns * width
                if longitude >= 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                return try Geohash.encode(Coordinate(latitude: latitude, longitude: longitude), precision: precision)
            }
            let neighbors = try Geohash.neighbors(hash)
            #expect(neighbors.north == (try shifted(1, 0)))
            #expect(neighbors.northEast == (try shifted(1, 1)))
            #expect(neighbors.east == (try shifted(0, 1)))
            #expect(neighbors.southEast == (try shifted(-1, 1)))
            #expect(neighbors.south == (try shifted(-1, 0)))
            #expect(neighbors.southWest == (try shifted(-1, -1)))
            #expect(neighbors.west == (try shifted(0, -1)))
            #expect(neighbors.northWest == (try shifted(1, -1)))
        }
    }
}
