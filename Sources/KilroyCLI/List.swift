import ArgumentParser
import CommandLineKit
import Foundation
import KilroyCore

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List this device's memories, oldest first.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let services = try options.services()
        let memories = try await services.store.all()
        var states: [CloudSyncState] = []
        for memory in memories { states.append(try await services.queue.state(of: memory.id)) }
        if options.json {
            return try Output.json(zip(memories, states).map { MemoryJSON($0, store: services.store, state: $1) })
        }
        if memories.isEmpty {
            print("No memories yet. Drop one with: kilroy drop --lat 52.3731 --lon 4.8922 --image photo.jpg")
            return
        }
        Output.table(
            ["ID", "CAPTURED", "WHERE", "PLACE", "CLOUD", "COMMENT"],
            zip(memories, states).map { memory, state in
                [
                    TextFormat.shortID(memory.id.uuidString), Output.dateTime(memory.capturedAt),
                    Output.coordinate(memory.coordinate.latitude, memory.coordinate.longitude),
                    Output.snippet(memory.placeName, limit: 24), state.name, Output.snippet(memory.comment),
                ]
            }
        )
    }
}
