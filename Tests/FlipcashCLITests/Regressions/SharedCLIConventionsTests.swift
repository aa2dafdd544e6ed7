import Foundation
import TestSupport
import Testing

/// Guards issue 13: in every command line a negative number after an option was "Missing
/// value"; flipcash's `--fee-bps -5` must reach the fee's own range check.
@Suite("flipcash: negative numbers as option values")
struct SharedCLIConventionsTests {
    @Test("a negative fee is judged by the fee rule, not refused as a missing value")
    func negativeFee() throws {
        let flipcash = CLIProcess(program: "flipcash", homeVariable: "FLIPCASH_HOME", passesStore: false)
        let result = try flipcash.run(["curve", "buy", "--usdf", "5", "--supply", "0", "--fee-bps", "-5"])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(result.stderr.contains("-5 is outside that range"), "\(result.stderr)")
    }
}
