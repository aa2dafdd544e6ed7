import Foundation
import TestSupport
import Testing

/// Guards issue 13's cross-CLI defects as `umilog` meets them: negative numbers as option values,
/// the default store under `$HOME`, and one rule for private key files (`sign` accepted a 0644
/// key that `buds` refuses).
@Suite("umilog: negative numbers, $HOME and key files")
struct SharedCLIConventionsTests {
    @Test("sites near takes negative coordinates without =")
    func negativeCoordinates() throws {
        let cli = CLIProcess.umilog()
        let sites = try cli.jsonArray(["sites", "near", "--lat", "-8.5", "--lon", "115.5"])
        #expect(!sites.isEmpty)
    }

    @Test("a negative value reaches the option's own check instead of 'Missing value'")
    func negativeValueIsTheOptionsToJudge() throws {
        let cli = CLIProcess.umilog()
        let result = try cli.run(["sites", "near", "--lat", "-8.5", "--lon", "115.5", "--radius", "-5"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(result.stderr.contains("'-5'") && result.stderr.contains("--radius"), "\(result.stderr)")
    }

    @Test("without --store or $UMILOG_HOME the store goes to $HOME/.local/share/umilog")
    func defaultStoreFollowsHome() throws {
        let cli = CLIProcess.umilog()
        let home = ScratchFolder.url("umilog-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try cli.run(["sites", "search", "blue"], withStore: false, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/umilog/umilog.sqlite").path))
    }

    @Test("keygen writes a 0600 key; sign refuses it once group or others can read it")
    func keyFileRule() throws {
        let cli = CLIProcess.umilog()
        let folder = ScratchFolder.url("umilog-key")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("instructor.key").path
        #expect(try cli.run(["keygen", "--out", key], withStore: false).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int == 0o600)
        let again = try cli.run(["keygen", "--out", key], withStore: false)
        #expect(again.status == 1 && again.stderr.contains("already exists"))

        let logged = try cli.jsonObject("log", ["--site", "Salt Pier", "--at", "2026-10-01T09:00:00Z", "--depth", "12", "--time", "40"])
        let id = try #require(logged["id"] as? String)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
        let refused = try cli.run(["sign", id, "--key", key])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("chmod 600 \(key)"), "\(refused.stderr)")
        #expect(try cli.run(["verify", id]).text.contains("no sign-off"))

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
        #expect(try cli.run(["sign", id, "--key", key]).status == 0)
    }
}
