import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation
import Storage
import Validation

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every receipt, location and photo to a CAR v1 archive."
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: "The archive to write (e.g. journal.car).") var file: String
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let (archive, summary) = try await journal.archive.export()
        try AtomicFile.write(archive, to: HomeDirectory.fileURL(file))
        if output.json { return try TerminalOutput.json(summary) }
        let counts = [
            Wording.counted(summary.receipts, "receipt"), Wording.counted(summary.locations, "location"),
            Wording.counted(summary.images, "photo"),
        ]
        print("Exported \(counts.joined(separator: ", ")) to \(file) (\(summary.byteCount) bytes).")
        print("Root \(summary.rootCID)")
    }
}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Verify a CAR archive completely and add what the journal lacks; a tampered archive changes nothing."
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: "The archive to read.") var file: String
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let data = try InputFile.read(file, field: "file")
        // A refused archive must not leave a new journal (and identity) behind.
        let (_, summary) = try await BudsServices.importArchive(
            data, into: storeOptions.directory, now: storeOptions.clock, logger: LogSetup.logger
        )
        if output.json { return try TerminalOutput.json(summary) }
        print("Imported \(Wording.counted(summary.receiptsImported, "receipt")) (\(summary.receiptsAlreadyPresent) already present).")
    }
}
