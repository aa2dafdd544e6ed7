import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show every receipt of a memory's chain, oldest first.")

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: MemoryReference.help) var reference: String
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let history = try await journal.repository.history(of: reference)
        if output.json { return try TerminalOutput.json(history) }
        TerminalOutput.table(
            ["#", "WHEN", "TYPE", "CID", "VERIFIED"],
            history.enumerated().map { index, version in
                [
                    "\(index + 1)", TextFormat.dateTime(version.createdAt, style: .localMinutes), version.receiptType,
                    version.cid,
                    version.verificationFailure.map { "NO: \($0)" } ?? "yes",
                ]
            }
        )
    }
}
