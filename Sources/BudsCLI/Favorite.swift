import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct Favorite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark a memory as a favourite (device-local; not part of the signed record)."
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: MemoryReference.help) var reference: String
    @Flag(help: "Remove the favourite mark instead.") var off = false
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let memory = try await journal.repository.resolve(reference)
        let updated = try await journal.repository.setFavorite(memory.id, !off)
        if output.json { return try TerminalOutput.json(updated) }
        print(updated.isFavorited ? "♥ \(updated.strainName) is a favourite" : "\(updated.strainName) is no longer a favourite")
    }
}
