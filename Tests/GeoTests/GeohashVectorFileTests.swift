import Foundation
import TestSupport
import Testing

@testable import Geo

/// Section 5 of `Tests/Fixtures/vectors/formats-and-algorithms.json`, every row of every table.
@Suite("Geohash vectors read from the reference file")
struct GeohashVectorFileTests {
    let vectors: VectorFile

    init() throws {
        vectors = try VectorFile.formatsAndAlgorithms()
    }

    @Test("§5.1: every point at every precision, and the precision ladder")
    func encodeTables() throws {
        let rows = vectors.rows(under: "5.1")
        let points = rows.filter { $0.first?.hasPrefix("G") == true }
        #expect(points.count == 18)
        for row in points {
            let point = try Coordinate(latitude: try #require(Double(row[2])), longitude: try #require(Double(row[3])))
            let hash = try #require(VectorFile.code(row[4]))
            for precision in 1...12 {
                #expect(try Geohash.encode(point, precision: precision) == String(hash.prefix(precision)), "\(row[0])")
            }
        }
        let ladder = rows.filter { Int($0.first ?? "") != nil }
        #expect(ladder.count == 12)
        let london = try Coordinate(latitude: 51.5074, longitude: -0.1278)
        let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        for row in ladder {
            let precision = try #require(Int(row[0]))
            #expect(try Geohash.encode(london, precision: precision) == VectorFile.code(row[1]))
            #expect(try Geohash.encode(sydney, precision: precision) == VectorFile.code(row[2]))
            let span = try Geohash.cellSpan(precision: precision)
            #expect(span.latitude == Double(row[3]) && span.longitude == Double(row[4]), "precision \(precision)")
        }
    }

    @Test("§5.2: northEast matches the pygeohash column, southWest the geofire-common column")
    func boundaryTable() throws {
        let rows = vectors.rows(under: "5.2")
        #expect(rows.count == 10)
        for row in rows {
            let (latitude, longitude) = try #require(VectorFile.pair(row[0]))
            let point = try Coordinate(latitude: latitude, longitude: longitude)
            #expect(try Geohash.encode(point, precision: 6) == VectorFile.code(row[2]), "\(row[0])")
            #expect(
                try Geohash.encode(point, precision: 6, boundary: .southWest) == VectorFile.code(row[4]),
                "\(row[0])")
        }
    }

    @Test("§5.3: every decode row, exactly")
    func decodeTable() throws {
        let rows = vectors.rows(under: "5.3")
        #expect(rows.count == 10)
        for row in rows {
            let cell = try Geohash.decode(try #require(VectorFile.code(row[0])))
            let numbers = row[1...8].compactMap(Double.init)
            #expect(numbers.count == 8)
            let actual = [
                cell.center.latitude, cell.center.longitude, cell.latitudeError, cell.longitudeError,
                cell.bounds.south, cell.bounds.north, cell.bounds.west, cell.bounds.east,
            ]
            #expect(actual == numbers, "\(row[0])")
        }
    }

    @Test("§5.4: every neighbour row")
    func neighborTable() throws {
        let rows = vectors.rows(under: "5.4")
        #expect(rows.count == 12)
        for row in rows {
            let neighbors = try Geohash.neighbors(try #require(VectorFile.code(row[0])))
            let expected = row[1...8].map(VectorFile.code)
            let actual = [
                neighbors.north, neighbors.northEast, neighbors.east, neighbors.southEast,
                neighbors.south, neighbors.southWest, neighbors.west, neighbors.northWest,
            ]
            #expect(actual == expected, "\(row[0])")
        }
    }

    @Test("§5.5: every geohashQueryBounds row, exactly and in order")
    func queryBoundsTable() throws {
        let rows = vectors.rows(under: "5.5")
        #expect(rows.count == 9)
        for row in rows {
            let (latitude, longitude) = try #require(VectorFile.pair(row[0]))
            let center = try Coordinate(latitude: latitude, longitude: longitude)
            let radius = try #require(Double(row[1]))
            #expect(GeoFire.queryBits(center: center, radius: radius) == Int(row[2]), "\(row[0])")
            let json = Data(try #require(VectorFile.code(row[4])).utf8)
            let expected = try JSONDecoder().decode([[String]].self, from: json)
            let actual = try Geohash.geoFireQueryBounds(center: center, radius: radius).map { [$0.start, $0.end] }
            #expect(actual == expected, "\(row[0])")
        }
    }
}
