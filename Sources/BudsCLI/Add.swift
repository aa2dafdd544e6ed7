import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record a session as a new signed receipt.")

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @OptionGroup var session: SessionOptions
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let memory = try await save(journal)
        if output.json { return try TerminalOutput.json(memory) }
        print("Added \(memory.id.uuidString.lowercased())")
        print("Receipt \(memory.receiptCID)")
    }

    @MainActor
    private func save(_ journal: BudsServices) async throws -> Memory {
        let form = CreateMemoryViewModel(repository: journal.repository, now: journal.now)
        form.productType = ""
        try session.apply(to: form)
        return try await form.save()
    }
}
