import ArgumentParser
import BudsCore
import Foundation

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a new version of a session (a receipt chained to the latest one).",
        discussion: "Only the options given change; the rest of the session stays as it is."
    )

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The memory's id (or an 8+ character prefix) or a CID from its chain.") var reference: String
    @OptionGroup var session: SessionOptions
    @Flag(help: "Remove all effects.") var clearEffects = false
    @Flag(help: "Remove the location.") var clearLocation = false
    @Flag(help: "Remove the photo.") var removeImage = false
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let memory = try await save(journal)
        if output.json { return try Output.json(memory) }
        print("Edited \(memory.id.uuidString.lowercased())")
        print("Receipt \(memory.receiptCID)")
    }

    @MainActor
    private func save(_ journal: BudsJournal) async throws -> Memory {
        let current = try await journal.repository.resolve(reference)
        let form = CreateMemoryViewModel(editing: current, repository: journal.repository)
        if clearEffects { form.effects = [] }
        if clearLocation {
            form.latitude = ""
            form.longitude = ""
            form.place = ""
        }
        if removeImage { form.removeImage = true }
        try session.apply(to: form)
        return try await form.save()
    }
}
