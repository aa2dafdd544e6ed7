import ArgumentParser
import CommandLineKit
import Foundation
import Geo
import KilroyCore
import Validation

struct GeohashEncode: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "encode", abstract: "The geohash of a point.")

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90.") var lat: Double
    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180.") var lon: Double
    @Option(help: "Characters, 1 to \(Geohash.maximumPrecision).") var precision = Geohash.defaultPrecision
    @Flag(help: "Put points exactly on a cell edge in the south-west cell, as GeoFire does (default: north-east).")
    var geofire = false
    @OptionGroup var output: JSONOutputOption

    private struct Result: Encodable {
        let geohash: String
        let latitude: Double
        let longitude: Double
        let precision: Int
    }

    func validate() throws {
        guard (1...Geohash.maximumPrecision).contains(precision) else {
            throw ValidationError("precision: must be a whole number from 1 to \(Geohash.maximumPrecision)")
        }
    }

    func run() throws {
        let point = try CodableCoordinate.validated(latitude: lat, longitude: lon).coordinate
        let hash: String
        do {
            hash = try Geohash.encode(point, precision: precision, boundary: geofire ? .southWest : .northEast)
        } catch {
            throw FieldIssue.geohash(error)
        }
        if output.json { return try Output.json(Result(geohash: hash, latitude: lat, longitude: lon, precision: precision)) }
        print(hash)
    }
}
