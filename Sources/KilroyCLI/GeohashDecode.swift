import ArgumentParser
import CommandLineKit
import Foundation
import Geo
import Validation

struct GeohashDecode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode", abstract: "The cell a geohash names: its centre, bounds and error."
    )

    @Argument(help: "A geohash, 1 to \(Geohash.maximumPrecision) characters.") var hash: String
    @OptionGroup var output: JSONOutputOption

    private struct Result: Encodable {
        let geohash: String
        let latitude: Double
        let longitude: Double
        let latitudeError: Double
        let longitudeError: Double
        let south: Double
        let north: Double
        let west: Double
        let east: Double
    }

    func run() throws {
        let cell: GeohashCell
        do {
            cell = try Geohash.decode(hash)
        } catch {
            throw FieldIssue.geohash(error)
        }
        let bounds = cell.bounds
        let result = Result(
            geohash: cell.hash, latitude: cell.center.latitude, longitude: cell.center.longitude,
            latitudeError: cell.latitudeError, longitudeError: cell.longitudeError,
            south: bounds.south, north: bounds.north, west: bounds.west, east: bounds.east
        )
        if output.json { return try Output.json(result) }
        print("Geohash  \(result.geohash)")
        print("Centre   \(result.latitude), \(result.longitude)")
        print("Error    ±\(result.latitudeError)° latitude, ±\(result.longitudeError)° longitude")
        print("Bounds   south \(result.south), north \(result.north), west \(result.west), east \(result.east)")
    }
}
