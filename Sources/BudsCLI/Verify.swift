import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Verify every receipt: CID, signature, DID and chain. Exits 1 if any fails."
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @OptionGroup var output: JSONOutputOption

    private struct Result: Encodable {
        let total: Int
        let verified: Int
        let failed: Int
        let failures: [VerificationReport.Failure]
    }

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let report = try await journal.verifier.verifyAll()
        if output.json {
            try TerminalOutput.json(Result(total: report.total, verified: report.verified, failed: report.failed, failures: report.failures))
        } else {
            print("verified: \(report.verified)")
            print("failed: \(report.failed)")
            for failure in report.failures {
                TerminalOutput.standardError("\(failure.cid): \(failure.reason)")
            }
        }
        if !report.isValid { throw ExitCode.failure }
    }
}
