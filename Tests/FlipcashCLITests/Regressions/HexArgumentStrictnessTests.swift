import Foundation
import TestSupport
import Testing

/// Guards issue 14: flipcash read hex arguments two characters at a time through
/// `UInt8(_:radix:)`, which takes a leading sign, so `+f` passed as the byte 0x0f and a nonce or
/// code with a sign in it was accepted as if it were hex. Hex arguments are now hex digits only
/// (spaces and a leading `0x` still allowed), read by the package's one decoder.
@Suite("flipcash: hex arguments are hex digits only", .serialized)
struct HexArgumentStrictnessTests {
    let cli = CLIProcess.flipcash()

    @Test("bill refuses a --nonce with a sign in it, as it refuses any other non-hex nonce")
    func signedNonce() throws {
        let directory = ScratchFolder.url("flipcash")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("bill.svg").path
        let result = try cli.run(["bill", "--amount", "5", "--nonce", "+f020304050607080910", "--svg", svg])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--nonce must be 20 hex digits"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: svg), "a refused bill writes no picture")
        // The same nonce in plain hex digits, with a 0x and spaces, is still a bill.
        let plain = try cli.jsonObject("bill", ["--amount", "5", "--nonce", "0x0f02 0304 0506 0708 0910", "--svg", svg])
        #expect(plain["nonce"] as? String == "0f020304050607080910")
    }

    @Test("scan refuses a payload with a sign in it instead of decoding it")
    func signedPayload() throws {
        // The vectors' multi-currency $5 payload with its first byte written "+1".
        let result = try cli.run(["scan", "+18e404b4c000000000001020304050607080910"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Not hex digits"), "\(result.stderr)")
        let plain = try cli.jsonObject("scan", ["018e404b4c000000000001020304050607080910"])
        #expect(plain["amount"] as? String == "5")
    }
}
