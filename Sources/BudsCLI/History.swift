import ArgumentParser
import BudsCore
import Foundation

struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show every receipt of a memory's chain, oldest first.")

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The memory's id (or an 8+ character prefix) or a CID from its chain.") var reference: String
    @OptionGroup var output: OutputOptions

    private struct Entry: Encodable {
        let cid: String
        let receiptType: String
        let createdAt: Date
        let createdAtMs: Int64
        let parentCID: String?
        let rootCID: String
        let did: String
        let deviceId: String
        let signature: String
        let verified: Bool
        let failure: String?
    }

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let history = try await journal.repository.history(of: reference)
        if output.json {
            return try Output.json(history.map {
                Entry(
                    cid: $0.cid, receiptType: $0.receiptType, createdAt: $0.createdAt, createdAtMs: $0.createdAtMs,
                    parentCID: $0.parentCID, rootCID: $0.rootCID, did: $0.did, deviceId: $0.deviceId,
                    signature: $0.signature, verified: $0.isVerified, failure: $0.verificationFailure
                )
            })
        }
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
