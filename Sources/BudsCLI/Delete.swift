import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete a memory by recording a signed tombstone; its history stays verifiable."
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: MemoryReference.help) var reference: String
    @OptionGroup var output: JSONOutputOption

    private struct Result: Encodable {
        let id: String
        let cid: String
        let deleted: Bool
    }

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let memory = try await journal.repository.resolve(reference)
        let tombstone = try await journal.repository.delete(memory.id)
        let result = Result(id: memory.id.uuidString.lowercased(), cid: tombstone, deleted: true)
        if output.json { return try TerminalOutput.json(result) }
        print("Deleted \(result.id)")
        print("Receipt \(result.cid)")
    }
}
