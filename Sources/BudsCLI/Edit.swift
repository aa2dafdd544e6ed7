import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a new version of a session (a receipt chained to the latest one).",
        discussion: """
            Only the options given change; the rest of the session stays as it is. An empty value clears an \
            optional field (--notes "", --thc ""); --clear-effects, --clear-location and --remove-image clear the \
            rest and cannot be combined with a new value for the same field. An edit that changes nothing records \
            no version and exits 1.
            """
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: MemoryReference.help) var reference: String
    @OptionGroup var session: SessionOptions
    @Flag(help: "Remove all effects.") var clearEffects = false
    @Flag(help: "Remove the location.") var clearLocation = false
    @Flag(help: "Remove the photo.") var removeImage = false
    @OptionGroup var output: JSONOutputOption

    /// A clear option and a new value for the same field cannot both be meant: a usage error
    /// naming both, before anything is read or written.
    func validate() throws {
        if clearEffects, !session.effects.isEmpty {
            throw ValidationError("--clear-effects and --effect contradict each other; give one or the other.")
        }
        if clearLocation {
            let given = [
                ("--lat", session.lat != nil), ("--lon", session.lon != nil), ("--place", session.place != nil),
                ("--exact-location", session.exactLocation),
            ].filter(\.1).map(\.0)
            if !given.isEmpty {
                throw ValidationError(
                    "--clear-location and \(given.joined(separator: ", ")) contradict each other; give one or the other."
                )
            }
        }
        if removeImage, session.image != nil {
            throw ValidationError("--remove-image and --image contradict each other; give one or the other.")
        }
    }

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let memory = try await save(journal)
        if output.json { return try TerminalOutput.json(memory) }
        print("Edited \(memory.id.uuidString.lowercased())")
        print("Receipt \(memory.receiptCID)")
    }

    @MainActor
    private func save(_ journal: BudsServices) async throws -> Memory {
        let current = try await journal.repository.resolve(reference)
        let form = CreateMemoryViewModel(editing: current, repository: journal.repository, now: journal.now)
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
