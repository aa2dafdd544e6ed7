import ArgumentParser
import Foundation
import KilroyCore
import Validation

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one memory (with --cloud, also a kilroy of someone else by its full id)."
    )

    @Argument(help: "The memory's id, or its first \(IDPrefix.minimumLength)+ characters.") var id: String
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let services = try options.services()
        let memory: DroppedMemory
        do {
            memory = try await services.store.resolve(id)
        } catch KilroyStoreError.memoryNotFound(let reference) {
            guard let cloud = try await options.cloudClient(services) else { throw KilroyStoreError.memoryNotFound(reference) }
            return try showCloud(try await cloud.kilroy(id: id.lowercased()))
        }
        let state = try await services.queue.state(of: memory.id)
        if options.json { return try Output.json(MemoryJSON(memory, store: services.store, state: state)) }
        var lines: [(String, String)] = [
            ("ID", memory.id.uuidString.lowercased()),
            ("Captured", Output.dateTime(memory.capturedAt)),
            ("Where", Output.coordinate(memory.coordinate.latitude, memory.coordinate.longitude)),
        ]
        if let place = memory.placeName { lines.append(("Place", place)) }
        if let address = memory.placeAddress { lines.append(("Address", address)) }
        if let comment = memory.comment { lines.append(("Comment", comment)) }
        lines.append(("Photo", try services.store.imageURL(for: memory).path))
        switch state {
        case .failed(let reason): lines.append(("Cloud", "refused: \(reason)"))
        case .pending, .uploaded, .localOnly: lines.append(("Cloud", state.name))
        }
        printFields(lines)
    }

    private func showCloud(_ kilroy: CloudKilroy) throws {
        if options.json { return try Output.json(KilroyJSON(kilroy)) }
        var lines: [(String, String)] = [
            ("ID", kilroy.id),
            ("Created", Output.dateTime(kilroy.createdAt)),
            ("Where", Output.coordinate(kilroy.latitude, kilroy.longitude)),
        ]
        if !kilroy.placeName.isEmpty { lines.append(("Place", kilroy.placeName)) }
        if let address = kilroy.placeAddress { lines.append(("Address", address)) }
        if let comment = kilroy.comment { lines.append(("Comment", comment)) }
        lines.append(("Photo", kilroy.imageURL))
        lines.append(("Cloud", kilroy.isMine ? "your kilroy" : "someone else's kilroy"))
        printFields(lines)
    }

    private func printFields(_ lines: [(String, String)]) {
        let width = lines.map(\.0.count).max() ?? 0
        for (label, value) in lines {
            print("\(label.padding(toLength: width, withPad: " ", startingAt: 0))  \(value)")
        }
    }
}
