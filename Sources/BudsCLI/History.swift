import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show every receipt of a memory's chain, oldest first.")

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: MemoryReference.help) var reference: String
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let history = try await journal.repository.history(of: reference)
        if output.json { return try Output.json(history) }
        Output.table(
            ["#", "WHEN", "TYPE", "CID", "VERIFIED"],
            history.enumerated().map { index, version in
                [
                    "\(index + 1)", Output.dateTime(version.createdAt), version.receiptType, version.cid,
                    version.verificationFailure.map { "NO: \($0)" } ?? "yes",
                ]
            }
        )
    }
}
