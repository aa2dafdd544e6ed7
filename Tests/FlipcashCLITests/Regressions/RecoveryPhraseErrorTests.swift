import Foundation
import TestSupport
import Testing

/// A phrase that cannot be a recovery phrase is refused before any server is asked, in one
/// sentence with the phrase's own reason (it once ended "has 3..": the reason's full stop and
/// another), and nothing is stored.
@Suite("Regression: flipcash account restore with a phrase that is not one")
struct RecoveryPhraseErrorTests {
    @Test(
        "too few words, or a wrong checksum: the reason, exit 2, no account",
        arguments: [
            ("zoo zoo zoo", "this one has 3."),
            (Array(repeating: "abandon", count: 12).joined(separator: " "), "checksum does not match"),
        ])
    func refused(phrase: String, reason: String) throws {
        let cli = CLIProcess.flipcash()
        // Port 1: nothing listens there, so a request to the server would fail differently.
        let result = try cli.run(["account", "restore", "--server", "127.0.0.1:1"], input: phrase + "\n")
        #expect(result.status == 2)
        #expect(result.stderr.contains("The recovery phrase is not valid: "), "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(!result.stderr.contains(".."), "\(result.stderr)")
        let stored = (try? FileManager.default.contentsOfDirectory(atPath: cli.store.path)) ?? []
        #expect(stored.isEmpty, "\(stored)")
    }
}
