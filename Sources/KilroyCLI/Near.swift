import ArgumentParser
import CommandLineKit
import Foundation
import Geo
import KilroyCore

struct Near: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Memories (and, with --cloud, everyone's kilroys) near a point, nearest first."
    )

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90.") var lat: Double
    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180 (negative values work: --lon -122.4).") var lon: Double
    @Option(help: "Radius in metres (the cloud answers up to 50000).") var radius: Double = 1_000
    @Option(help: "At most this many results.") var limit: Int?
    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("limit: must be at least 1") }
    }

    private struct Row: Encodable {
        let id: String
        /// `local` or `cloud`.
        let source: String
        let distanceMeters: Double
        let latitude: Double
        let longitude: Double
        let capturedAt: Date
        let placeName: String?
        let comment: String?
        let imageURL: String?
    }

    func run() async throws {
        let center = try CodableCoordinate.validated(latitude: lat, longitude: lon).coordinate
        let services = try options.services()
        let service = services.nearbyService(cloud: try await options.cloudClient(services))
        let result = try await service.nearby(center, radius: radius, limit: limit)
        if let problem = result.cloudError {
            Output.warning("\(problem.errorDescription ?? "the cloud failed"); showing this device's memories only")
        }
        if result.othersWithheld {
            Output.warning("the server's reciprocity policy held back other people's kilroys; drop one here to see them")
        }
        let rows = result.items.map { item in
            let imageURL: String? =
                switch item.source {
                case .local(let memory): try? services.store.imageURL(for: memory).absoluteString
                case .cloud(let kilroy): kilroy.imageURL
                }
            return Row(
                id: item.id, source: item.isLocal ? "local" : "cloud", distanceMeters: item.distanceMeters,
                latitude: item.latitude, longitude: item.longitude, capturedAt: item.capturedAt,
                placeName: item.placeName, comment: item.comment, imageURL: imageURL
            )
        }
        if options.json { return try Output.json(rows) }
        if rows.isEmpty {
            print("Nothing within \(Output.distance(radius)).")
            return
        }
        Output.table(
            ["ID", "DISTANCE", "FROM", "PLACE", "COMMENT"],
            rows.map {
                [
                    TextFormat.shortID($0.id), Output.distance($0.distanceMeters), $0.source, Output.snippet($0.placeName, limit: 24),
                    Output.snippet($0.comment),
                ]
            }
        )
    }
}
