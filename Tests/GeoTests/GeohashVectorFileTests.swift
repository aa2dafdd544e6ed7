import Foundation
import Testing
@testable import Geo

/// Reads section 5 of `shared/vectors/formats-and-algorithms.md` in place (beside the repository,
/// or under `$SHARED_DIR`), so that the reference file itself, not only its transcription in the
/// other suites, must pass.
enum GeohashVectorFile {
    static let url: URL = {
        if let shared = ProcessInfo.processInfo.environment["SHARED_DIR"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("vectors/formats-and-algorithms.md")
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/vectors/formats-and-algorithms.md")
    }()

    /// Body rows (cells trimmed, outer pipes removed) of every table under the heading that
    /// starts with `heading`, up to the next heading; header rows are left out.
    static func rows(under heading: String) throws -> [[String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var inSection = false
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                inSection = line.drop { $0 == "#" || $0 == " " }.hasPrefix(heading)
                continue
            }
            guard inSection, line.hasPrefix("|") else { continue }
            if line.hasPrefix("|---") {
                rows.removeLast()  // the header row above the separator
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }

    /// The text inside the first pair of backticks in a cell.
    static func code(_ cell: String) -> String? {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// The numbers of a cell like "(0, -180)" or "[0.5, 179.9999] (antimeridian)".
    static func pair(_ cell: String) -> (Double, Double)? {
        guard let open = cell.firstIndex(where: { $0 == "(" || $0 == "[" }),
              let close = cell[open...].firstIndex(where: { $0 == ")" || $0 == "]" })
        else { return nil }
        let numbers = cell[cell.index(after: open)..<close].split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}

@Suite("Geohash vectors read from shared/vectors in place")
struct GeohashVectorFileTests {
    @Test("§5.1: every point at every precision, and the precision ladder")
    func encodeTables() throws {
        let rows = try GeohashVectorFile.rows(under: "5.1")
        let points = rows.filter { $0.first?.hasPrefix("G") == true }
        #expect(points.count == 18)
        for row in points {
            let point = try Coordinate(latitude: try #require(Double(row[2])), longitude: try #require(Double(row[3])))
            let hash = try #require(GeohashVectorFile.code(row[4]))
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
            #expect(try Geohash.encode(london, precision: precision) == GeohashVectorFile.code(row[1]))
            #expect(try Geohash.encode(sydney, precision: precision) == GeohashVectorFile.code(row[2]))
            let span = try Geohash.cellSpan(precision: precision)
            #expect(span.latitude == Double(row[3]) && span.longitude == Double(row[4]), "precision \(precision)")
        }
    }

    @Test("§5.2: northEast matches the python-geohash column, southWest the geofire-common column")
    func boundaryTable() throws {
        let rows = try GeohashVectorFile.rows(under: "5.2")
        #expect(rows.count == 10)
        for row in rows {
            let (latitude, longitude) = try #require(GeohashVectorFile.pair(row[0]))
            let point = try Coordinate(latitude: latitude, longitude: longitude)
            #expect(try Geohash.encode(point, precision: 6) == GeohashVectorFile.code(row[1]), "\(row[0])")
            #expect(try Geohash.encode(point, precision: 6, boundary: .southWest) == GeohashVectorFile.code(row[4]),
                    "\(row[0])")
        }
    }

    @Test("§5.3: every decode row, exactly")
    func decodeTable() throws {
        let rows = try GeohashVectorFile.rows(under: "5.3")
        #expect(rows.count == 10)
        for row in rows {
            let cell = try Geohash.decode(try #require(GeohashVectorFile.code(row[0])))
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
        let rows = try GeohashVectorFile.rows(under: "5.4")
        #expect(rows.count == 12)
        for row in rows {
            let neighbors = try Geohash.neighbors(try #require(GeohashVectorFile.code(row[0])))
            let expected = row[1...8].map(GeohashVectorFile.code)
            let actual = [
                neighbors.north, neighbors.northEast, neighbors.east, neighbors.southEast,
                neighbors.south, neighbors.southWest, neighbors.west, neighbors.northWest,
            ]
            #expect(actual == expected, "\(row[0])")
        }
    }

    @Test("§5.5: every geohashQueryBounds row, exactly and in order")
    func queryBoundsTable() throws {
        let rows = try GeohashVectorFile.rows(under: "5.5")
        #expect(rows.count == 9)
        for row in rows {
            let (latitude, longitude) = try #require(GeohashVectorFile.pair(row[0]))
            let center = try Coordinate(latitude: latitude, longitude: longitude)
            let radius = try #require(Double(row[1]))
            #expect(GeoFire.queryBits(center: center, radius: radius) == Int(row[2]), "\(row[0])")
            let json = Data(try #require(GeohashVectorFile.code(row[4])).utf8)
            let expected = try JSONDecoder().decode([[String]].self, from: json)
            let actual = try Geohash.geoFireQueryBounds(center: center, radius: radius).map { [$0.start, $0.end] }
            #expect(actual == expected, "\(row[0])")
        }
    }
}
