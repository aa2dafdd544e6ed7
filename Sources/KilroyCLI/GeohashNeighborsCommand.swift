import ArgumentParser
import CommandLineKit
import Foundation
import Geo
import Validation

struct GeohashNeighborsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "neighbors", abstract: "The eight cells around a geohash (none beyond a pole)."
    )

    @Argument(help: "A geohash, 1 to \(Geohash.maximumPrecision) characters.") var hash: String
    @OptionGroup var output: JSONOutputOption

    private struct Result: Encodable {
        let geohash: String
        let north: String?
        let northEast: String?
        let east: String?
        let southEast: String?
        let south: String?
        let southWest: String?
        let west: String?
        let northWest: String?

        /// Encodes missing neighbours as `null` rather than leaving the key out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(geohash, forKey: .geohash)
            try container.encode(north, forKey: .north)
            try container.encode(northEast, forKey: .northEast)
            try container.encode(east, forKey: .east)
            try container.encode(southEast, forKey: .southEast)
            try container.encode(south, forKey: .south)
            try container.encode(southWest, forKey: .southWest)
            try container.encode(west, forKey: .west)
            try container.encode(northWest, forKey: .northWest)
        }

        private enum CodingKeys: String, CodingKey {
            case geohash, north, northEast, east, southEast, south, southWest, west, northWest
        }
    }

    func run() throws {
        let neighbors: GeohashNeighbors
        let cell: GeohashCell
        do {
            cell = try Geohash.decode(hash)
            neighbors = try Geohash.neighbors(hash)
        } catch {
            throw FieldIssue.geohash(error)
        }
        let result = Result(
            geohash: cell.hash, north: neighbors.north, northEast: neighbors.northEast, east: neighbors.east,
            southEast: neighbors.southEast, south: neighbors.south, southWest: neighbors.southWest,
            west: neighbors.west, northWest: neighbors.northWest
        )
        if output.json { return try Output.json(result) }
        let rows: [(String, String?)] = [
            ("N", result.north), ("NE", result.northEast), ("E", result.east), ("SE", result.southEast),
            ("S", result.south), ("SW", result.southWest), ("W", result.west), ("NW", result.northWest),
        ]
        for (direction, neighbor) in rows {
            print("\(direction.padding(toLength: 2, withPad: " ", startingAt: 0))  \(neighbor ?? "—")")
        }
    }
}
