import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation
import Identity

struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create the journal and its signing identity; print the DID.")

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @OptionGroup var output: JSONOutputOption

    private struct Result: Encodable {
        let did: String
        let deviceId: String
        let store: String
        let created: Bool
    }

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let result = Result(
            did: journal.identity.did, deviceId: journal.deviceId.uuidString.lowercased(),
            store: journal.directory.path, created: journal.createdIdentity
        )
        if output.json { return try TerminalOutput.json(result) }
        print(result.did)
        TerminalOutput.standardError(
            result.created
                ? "Created a new identity in \(result.store)."
                : "The journal in \(result.store) already has an identity.")
    }
}
