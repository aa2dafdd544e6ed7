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
        let folder = ScratchFolder.url("umilog-e2e")
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

        // A push nobody else wrote beside is not pulled straight back; one with another device's
        // change in between is, and the devices still agree.
        try await phone.json(["sync"])
        try await phone.json(["edit", wreck, "--visibility", "18"])
        let alone = try #require(try await phone.json(["sync"]) as? [String: Any])
        #expect(alone["pushed"] as? Int == 1)
        #expect(alone["pulled"] as? Int == 0)
        try await tablet.json(["edit", lake, "--rating", "4"])
        try await tablet.json(["sync"])
        try await phone.json(["edit", wreck, "--visibility", "20"])
        let between = try #require(try await phone.json(["sync"]) as? [String: Any])
        #expect(between["pushed"] as? Int == 1)
        #expect(between["pulled"] as? Int == 2)
        #expect(between["applied"] as? Int == 1)
        try await tablet.json(["sync"])
        #expect(try await tablet.logText() == phone.logText())

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

    /// A Subsurface log of `count` dives, each with a profile of `samples` points.
    static func bigLog(count: Int, samples: Int) -> String {
        var dives = ""
        for index in 0..<count {
            let day = 1 + index % 28
            let month = 1 + (index / 28) % 12
            var points = ""
            for sample in 0..<samples {
                let depth = 3 + Double((sample * 7 + index) % 250) / 10
                points += "<sample time='\(sample / 6):\(String(format: "%02d", (sample % 6) * 10)) min' depth='\(depth) m' />\n"
            }
            dives += """
                <dive number='\(index + 1)' date='2025-\(String(format: "%02d", month))-\(String(format: "%02d", day))' \
                time='\(String(format: "%02d", 6 + index % 12)):\(String(format: "%02d", index % 60)):00' duration='\(samples / 6):00 min'>
                <notes>dive \(index)</notes>
                <divecomputer model='Bench'><depth max='28.0 m' mean='14.0 m' />
                \(points)</divecomputer>
                </dive>

                """
        }
        return "<divelog program='subsurface' version='3'><dives>\n\(dives)</dives></divelog>"
    }

    /// Runs `umilog` with `arguments` in the background and kills it with SIGKILL after `delay`.
    static func killMidway(_ device: Device, _ arguments: [String], after delay: Duration) async throws {
        let process = ChildProcess()
        process.executableURL = device.cli.executable
        process.arguments = arguments + ["--store", device.cli.store.path]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(device.environment) { _, new in new }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await Task.sleep(for: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    @Test("a new passphrase, a recovery code, a backup restored without a server, a bulk delete undone elsewhere")
    func secretsBackupsAndTrash() async throws {
        let folder = ScratchFolder.url("umilog-e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try AppServerProcess(dataDirectory: folder.appendingPathComponent("data"))
        defer { server.stop() }
        let url = server.baseURL.absoluteString
        let phone = Device()
        let tablet = Device()
        let site = try phone.cli.siteID("Thistlegorm")
        for day in 1...3 {
            try await phone.json(["log", "--site", site, "--at", "2026-10-0\(day)T09:00:00Z", "--depth", "2\(day)", "--time", "45"])
        }
        let created = try #require(try await phone.json(["account", "create", "--server", url]) as? [String: String])
        let account = try #require(created["accountId"])
        try await phone.json(["sync"])

        // A new passphrase: the old one no longer opens the account, the new one does.
        try await phone.json(["account", "passphrase"], environment: ["UMILOG_NEW_PASSPHRASE": "a brand new passphrase"])
        let old = try await tablet.run(["account", "join", "--server", url, "--account", account])
        #expect(old.status == 1)
        #expect(old.stderr.contains("passphrase does not open"))
        try await tablet.json(
            ["account", "join", "--server", url, "--account", account], environment: ["UMILOG_PASSPHRASE": "a brand new passphrase"])
        try await tablet.json(["sync"])
        #expect(try await tablet.logText() == phone.logText())

        // A bulk delete on the phone, undone from the tablet's trash.
        let ids = Array(try await phone.dives().keys)
        for id in ids.prefix(2) { try await phone.json(["delete", id]) }
        try await phone.json(["sync"])
        try await tablet.json(["sync"])
        #expect(try await tablet.dives().count == 1)
        let trash = try #require(try await tablet.json(["trash"]) as? [[String: Any]])
        #expect(Set(trash.compactMap { $0["id"] as? String }) == Set(ids.prefix(2)))
        for id in ids.prefix(2) { try await tablet.json(["trash", "restore", String(id.prefix(8))]) }
        try await tablet.json(["sync"])
        try await phone.json(["sync"])
        #expect(try await phone.dives().count == 3)
        #expect(try await phone.logText() == tablet.logText())

        // A backup opens on a new device with no server, with the passphrase or the recovery code.
        let backup = folder.appendingPathComponent("log.umilogbackup")
        try await phone.json(["backup", backup.path], environment: ["UMILOG_PASSPHRASE": "a brand new passphrase"])
        let bytes = try Data(contentsOf: backup)
        #expect(bytes.range(of: Data("Thistlegorm".utf8)) == nil)
        let restoredWithPassphrase = Device()
        let refused = try await restoredWithPassphrase.run(["restore", backup.path], environment: ["UMILOG_PASSPHRASE": "wrong passphrase"])
        #expect(refused.status == 1)
        #expect(try await restoredWithPassphrase.dives().isEmpty)
        try await restoredWithPassphrase.json(["restore", backup.path], environment: ["UMILOG_PASSPHRASE": "a brand new passphrase"])
        #expect(try await restoredWithPassphrase.logText() == phone.logText())
        let restoredWithCode = Device()
        try await restoredWithCode.json(
            ["restore", backup.path, "--recovery-code"], environment: ["UMILOG_RECOVERY_CODE": try #require(created["recoveryCode"])])
        #expect(try await restoredWithCode.logText() == phone.logText())
        // A secret is never an argument.
        #expect(try await phone.run(["backup", backup.path, "--passphrase", "x"]).status == 2)
    }

    @Test("50 offline edits arrive after reconnecting; kill -9 of the client or the server mid-sync loses and duplicates nothing")
    func offlineAndKilled() async throws {
        let folder = ScratchFolder.url("umilog-e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        var server = try AppServerProcess(dataDirectory: data)
        let phone = Device()
        let created = try #require(try await phone.json(["account", "create", "--server", server.baseURL.absoluteString]) as? [String: String])
        let account = try #require(created["accountId"])

        // The server goes away; 50 edits are made offline and survive the process ending each time.
        server.stop()
        let site = try phone.cli.siteID("Thistlegorm")
        for index in 0..<50 {
            let day = String(format: "%02d", 1 + index % 28)
            try await phone.json(["log", "--site", site, "--at", "2026-0\(1 + index / 28)-\(day)T09:00:00Z", "--depth", "20", "--time", "40"])
        }
        #expect(try await phone.run(["sync"]).status == 1)
        let offline = try #require(try await phone.json(["sync", "status"]) as? [String: Any])
        // The 50 dives, and this device's diver DID the failed sync recorded for the account.
        #expect((offline["summary"] as? [String: Any])?["saved"] as? Int == 51)

        // Back on a new port: everything arrives.
        server = try AppServerProcess(dataDirectory: data)
        defer { server.stop() }
        try await phone.json(["sync", "--server", server.baseURL.absoluteString])
        let online = try #require(try await phone.json(["sync", "status"]) as? [String: Any])
        #expect((online["summary"] as? [String: Any])?["synced"] as? Int == 51)
        #expect((online["summary"] as? [String: Any])?["saved"] as? Int == 0)

        // A big import, its sync killed part way, then finished.
        let big = folder.appendingPathComponent("big.xml")
        try Data(Self.bigLog(count: 300, samples: 300).utf8).write(to: big)
        try await phone.json(["import", big.path])
        try await Self.killMidway(phone, ["sync"], after: .milliseconds(700))
        try await phone.json(["sync"])
        // More edits, and the server killed in the middle of their sync.
        for index in 0..<20 {
            try await phone.json([
                "log", "--site", site, "--at", "2026-03-\(String(format: "%02d", index + 1))T09:00:00Z", "--depth", "22", "--time", "40",
            ])
        }
        let syncing = Task { try await phone.run(["sync"]) }
        try await Task.sleep(for: .milliseconds(150))
        server.kill()
        _ = try await syncing.value
        server = try AppServerProcess(dataDirectory: data)
        try await phone.json(["sync", "--server", server.baseURL.absoluteString])

        // Nothing lost, nothing twice: a new device pulls exactly the phone's changes.
        let summary = try #require((try await phone.json(["sync", "status"]) as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["saved"] as? Int == 0)
        #expect(summary["uploading"] as? Int == 0)
        let tablet = Device()
        try await tablet.json(["account", "join", "--server", server.baseURL.absoluteString, "--account", account])
        let report = try #require(try await tablet.json(["sync"]) as? [String: Any])
        // Everything the phone sent, plus the tablet's own first change (its diver DID), once each.
        #expect(report["pulled"] as? Int == (summary["synced"] as? Int ?? 0) + (report["pushed"] as? Int ?? 0))
        #expect(report["pushed"] as? Int == 1)
        #expect(try await tablet.dives().count == 370)
        #expect(try await tablet.logText() == phone.logText())
    }
}
