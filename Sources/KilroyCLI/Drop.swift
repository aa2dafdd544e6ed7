import ArgumentParser
import CommandLineKit
import Foundation
import KilroyCore
import Validation

struct Drop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Leave a photo memory here: saved at once, queued for upload (uploaded now with --cloud)."
    )

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90.") var lat: Double
    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180 (negative values work: --lon -122.4).") var lon: Double
    @Option(help: "The photo (JPEG, PNG or HEIC, at most 10 MB).") var image: String
    @Option(help: "What you want to remember (at most 500 characters).") var comment: String?
    @Option(help: "The place's name.") var place: String?
    @Option(help: "The place's address.") var address: String?
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let url = HomeDirectory.fileURL(image)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FieldIssue<FieldName>("image", "cannot read \(image)")
        }
        let services = try options.services()
        let memory = try await services.memories.drop(
            DropDraft(
                latitude: lat, longitude: lon, imageData: data, comment: comment, placeName: place, placeAddress: address
            ))
        if let cloud = try await options.cloudClient(services) {
            let report = try await services.queue.sync(using: cloud)
            if let problem = report.errors.first { Output.warning(problem) }
        }
        let state = try await services.queue.state(of: memory.id)
        if options.json { return try Output.json(MemoryJSON(memory, store: services.store, state: state)) }
        print("Dropped \(memory.id.uuidString.lowercased())")
        print("At      \(Output.coordinate(memory.coordinate.latitude, memory.coordinate.longitude))")
        print("Photo   \(try services.store.imageURL(for: memory).path)")
        switch state {
        case .uploaded: print("Cloud   uploaded")
        case .pending: print("Cloud   queued; run `kilroy sync --cloud URL` to upload")
        case .failed(let reason): print("Cloud   refused: \(reason)")
        case .localOnly: print("Cloud   not queued")
        }
    }
}
