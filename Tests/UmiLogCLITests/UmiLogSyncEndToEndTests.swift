import Foundation
import TestSupport
import Testing

/// Issue 19's acceptance run: three devices of one diver, each an `umilog` store, through a real
/// `app-server` on loopback — logs made offline on each, an account created on one and joined on
/// the others (with the passphrase, and with the recovery code), synced until every device holds
/// the same log; then the conflict cases of the merge rules, and a scan of everything the server
/// keeps for the diver's canary values.
@Suite("umilog sync through a real app-server", .serialized, .enabled(if: AppServerProcess.executable != nil, "app-server is not built"))
struct UmiLogSyncEndToEndTests {
    static let passphrase = "correct horse battery staple"

    /// One device: the `umilog` binary with its own store.
    struct Device {
        let cli = CLIProcess.umilog()
        var environment = ["UMILOG_PASSPHRASE": UmiLogSyncEndToEndTests.passphrase]

        func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> CLIProcess.Result {
            try await cli.runDetached(arguments, environment: environment.merging(extra) { _, new in new })
        }

        /// A command with `--json` that must succeed.
        @discardableResult
        func json(
            _ arguments: [String], environment extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> Any {
            let result = try await run(arguments + ["--json"], environment: extra)
            #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            return try result.json()
        }

        /// The log as `list --json` gives it, by dive id.
        func dives() async throws -> [String: [String: Any]] {
            let list = try #require(try await json(["list"]) as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0) })
        }

        /// `list --json` as canonical text, to compare logs between devices.
        func logText() async throws -> String {
            let result = try await run(["list", "--json"])
            let object = try JSONSerialization.jsonObject(with: result.stdout)
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    static let canaries = ["Canary Reef 55e1", "Canary Buddy 7f3a", "canary-note-91b2"]
    static let canaryLatitude = 27.314159
    static let canaryLongitude = 33.926535

    /// A Subsurface log with the canaries: a site with a position, a buddy, notes and a profile.
    static let canaryLog = """
        <divelog program='subsurface' version='3'>
        <divesites><site uuid='c0ffee01' name='Canary Reef 55e1' gps='27.314159 33.926535'></site></divesites>
        <dives>
        <dive number='7' divesiteid='c0ffee01' date='2026-09-01' time='10:00:00' duration='45:00 min'>
          <buddy>Canary Buddy 7f3a</buddy>
          <notes>canary-note-91b2 by the wall</notes>
          <divecomputer model='Test computer'>
          <depth max='21.5 m' mean='12.0 m' />
          <sample time='0:10 min' depth='5.0 m' />
          <sample time='1:00 min' depth='21.5 m' />
          <sample time='44:00 min' depth='3.0 m' />
          </divecomputer>
        </dive>
        </dives>
        </divelog>
        """

    @Test("three devices: offline logs, create, join, sync, the conflict cases, nothing readable at the server")
    func threeDevices() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("umilog-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = folder.appendingPathComponent("data")
        let serverLog = folder.appendingPathComponent("server.log")
        let server = try AppServerProcess(arguments: ["--log-level", "debug"], dataDirectory: data, logFile: serverLog)
        defer { server.stop() }
        let url = server.baseURL.absoluteString
        let phone = Device()
        let tablet = Device()
        let laptop = Device()

        // Offline: each device logs or imports on its own.
        let canaryFile = folder.appendingPathComponent("canary.xml")
        try Data(Self.canaryLog.utf8).write(to: canaryFile)
        try await phone.json(["import", canaryFile.path])
        let thistlegorm = try phone.cli.siteID("Thistlegorm")
        try await phone.json(["log", "--site", thistlegorm, "--at", "2026-10-01T09:00:00Z", "--depth", "28", "--time", "45", "--tag", "wreck"])
        try await tablet.json(["import", DiveLogFixtures.url("test42.xml").path])
        try await tablet.json(["import", canaryFile.path])  // the same file on a second device
        try await laptop.json(["log", "--site", thistlegorm, "--at", "2026-10-02T09:00:00Z", "--depth", "24", "--time", "40"])
        let unsynced = try #require(try await laptop.json(["sync", "status"]) as? [String: Any])
        #expect((unsynced["summary"] as? [String: Any])?["saved"] as? Int == 1)

        // The phone creates the account; the tablet joins with the passphrase, the laptop with the recovery code.
        let created = try #require(try await phone.json(["account", "create", "--server", url]) as? [String: String])
        let account = try #require(created["accountId"])
        let recovery = try #require(created["recoveryCode"])
        try await tablet.json(["account", "join", "--server", url, "--account", account])
        try await laptop.json(
            ["account", "join", "--server", url, "--account", account, "--recovery-code"],
            environment: ["UMILOG_PASSPHRASE": "", "UMILOG_RECOVERY_CODE": recovery.lowercased()])
        let wrong = try await tablet.run(
            ["account", "join", "--server", url, "--account", account], environment: ["UMILOG_PASSPHRASE": "not the passphrase"])
        #expect(wrong.status != 0)
        for device in [phone, tablet, laptop, phone, tablet, laptop] { try await device.json(["sync"]) }
        let logText = try await phone.logText()
        #expect(try await tablet.logText() == logText)
        #expect(try await laptop.logText() == logText)
        #expect(try await phone.dives().count == 4)
        let synced = try #require(try await laptop.json(["sync", "status"]) as? [String: Any])
        #expect((synced["summary"] as? [String: Any])?["saved"] as? Int == 0)

        // The conflict cases, each made on two devices between syncs.
        let dives = try await phone.dives()
        let wreck = try #require(dives.first { ($0.value["tags"] as? [String]) == ["wreck"] }?.key)
        let lake = try #require(dives.first { ($0.value["buddy"] as? String) == "Michael" }?.key)
        // Different fields on two devices: both survive.
        try await phone.json(["edit", wreck, "--depth", "31"])
        try await tablet.json(["edit", wreck, "--rating", "5"])
        // The same notes on two devices: one value and one conflict copy.
        try await phone.json(["edit", lake, "--notes", "Phone's version of the lake dive"])
        try await tablet.json(["edit", lake, "--notes", "Tablet's version of the lake dive"])
        // Delete on one device, edit on another: the edit wins.
        let laptopDive = try #require(dives.first { ($0.value["maxDepthMeters"] as? Double) == 24 }?.key)
        try await laptop.json(["delete", laptopDive])
        try await tablet.json(["edit", laptopDive, "--notes", "kept by the tablet"])
        // Concurrent tag adds.
        try await phone.json(["edit", lake, "--tag", "ccr_dive", "--tag", "cold"])
        try await laptop.json(["edit", lake, "--tag", "ccr_dive", "--tag", "lake"])
        for device in [phone, tablet, laptop, phone, tablet] { try await device.json(["sync"]) }
        // A clock stepped back an hour: an edit made after seeing the others still wins.
        try await laptop.json(["edit", wreck, "--depth", "32", "--now", "2020-01-01T00:00:00Z"])
        for device in [laptop, phone, tablet] { try await device.json(["sync"]) }
        let merged = try await tablet.logText()
        #expect(try await phone.logText() == merged)
        #expect(try await laptop.logText() == merged)
        let final = try await phone.dives()
        #expect(final[wreck]?["maxDepthMeters"] as? Double == 32)
        #expect(final[wreck]?["rating"] as? Int == 5)
        #expect(final[laptopDive]?["notes"] as? String == "kept by the tablet")
        #expect(Set(final[lake]?["tags"] as? [String] ?? []) == ["ccr_dive", "cold", "lake"])
        let notes = final[lake]?["notes"] as? String
        #expect(["Phone's version of the lake dive", "Tablet's version of the lake dive"].contains(notes))
        let conflicts = try #require(try await laptop.json(["conflicts"]) as? [[String: Any]])
        #expect(conflicts.count == 2)
        #expect(Set(conflicts.compactMap { $0["kind"] as? String }) == ["concurrentText", "cameBackAfterDelete"])
        let copy = try #require(conflicts.first { $0["kind"] as? String == "concurrentText" }?["others"] as? [String])
        #expect(copy.count == 1 && copy.first != notes)

        // Nothing the diver wrote is readable at the server: its files (database, blobs) and its log.
        var scanned = 0
        let enumerator = FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)
        var files = [serverLog]
        while let file = enumerator?.nextObject() as? URL { files.append(file) }
        for file in files {
            guard let bytes = try? Data(contentsOf: file) else { continue }
            scanned += bytes.count
            for canary in Self.canaries + [recovery, Self.passphrase] {
                #expect(bytes.range(of: Data(canary.utf8)) == nil, "\(canary) in \(file.lastPathComponent)")
            }
            for value in [Self.canaryLatitude, Self.canaryLongitude] {
                for pattern in [
                    withUnsafeBytes(of: value.bitPattern.littleEndian, { Data($0) }), withUnsafeBytes(of: value.bitPattern.bigEndian, { Data($0) }),
                    Data(String(value).utf8),
                ] {
                    #expect(bytes.range(of: pattern) == nil, "the canary position in \(file.lastPathComponent)")
                }
            }
        }
        #expect(scanned > 10_000)
    }
}
