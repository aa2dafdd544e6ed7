import Foundation
import TestSupport
import Testing

/// The ground truth of `Tests/Fixtures/divelogs/SOURCES.md`, as `umilog import --json` reports it.
struct DiveLogGroundTruth: Sendable, CustomStringConvertible {
    let file: String
    let arguments: [String]
    let dives: Int
    let sites: Int
    let sitesWithGPS: Int
    let maxDepthMeters: Double
    let totalSeconds: Int
    let first: String
    let last: String

    var description: String { file }

    static let all = [
        DiveLogGroundTruth(
            file: "test42.xml", arguments: [], dives: 1, sites: 1, sitesWithGPS: 1, maxDepthMeters: 38.99,
            totalSeconds: 4_674, first: "2014-04-02T10:00:00", last: "2014-04-02T10:00:00"),
        DiveLogGroundTruth(
            file: "test42.uddf", arguments: [], dives: 1, sites: 1, sitesWithGPS: 1, maxDepthMeters: 38.99,
            totalSeconds: 4_674, first: "2014-04-02T10:00:00", last: "2014-04-02T10:00:00"),
        DiveLogGroundTruth(
            file: "test40-42.xml", arguments: [], dives: 3, sites: 2, sitesWithGPS: 1, maxDepthMeters: 81.5,
            totalSeconds: 15_348, first: "2014-04-01T10:00:00", last: "2015-05-23T13:23:00"),
        DiveLogGroundTruth(
            file: "TestDiveDM5.xml", arguments: [], dives: 4, sites: 0, sitesWithGPS: 0, maxDepthMeters: 28.84,
            totalSeconds: 14_820, first: "2013-02-02T08:21:50", last: "2013-02-02T16:14:08"),
        DiveLogGroundTruth(
            file: "test41.csv", arguments: ["--date-format", "mm/dd/yy"], dives: 4, sites: 0, sitesWithGPS: 0,
            maxDepthMeters: 24.9, totalSeconds: 10_080, first: "2013-10-01T10:34:00", last: "2014-10-01T14:19:00"),
        DiveLogGroundTruth(
            file: "TestDiveDivingLog5.08.uddf", arguments: [], dives: 1, sites: 0, sitesWithGPS: 0,
            maxDepthMeters: 24.7, totalSeconds: 1_920, first: "2011-05-17T11:01:00", last: "2011-05-17T11:01:00"),
    ]
}

@Suite("umilog import/export/sign: real dive logs in and out", .serialized)
struct UmiLogTransferCLITests {
    @Test("every sample log imports with its ground truth; importing it again adds nothing", arguments: DiveLogGroundTruth.all)
    func importsGroundTruth(_ truth: DiveLogGroundTruth) throws {
        let cli = CLIProcess.umilog()
        let path = DiveLogFixtures.url(truth.file).path
        let report = try cli.jsonObject("import", [path] + truth.arguments)
        let found = try #require(report["found"] as? [String: Any])
        #expect(found["dives"] as? Int == truth.dives)
        #expect(found["sites"] as? Int == truth.sites)
        #expect(found["sitesWithGPS"] as? Int == truth.sitesWithGPS)
        #expect(found["maxDepthMeters"] as? Double == truth.maxDepthMeters)
        #expect(found["totalDurationSeconds"] as? Int == truth.totalSeconds)
        #expect(found["firstDive"] as? String == truth.first)
        #expect(found["lastDive"] as? String == truth.last)
        #expect(report["imported"] as? Int == truth.dives)

        let listed = try cli.jsonArray(["list"])
        #expect(listed.count == truth.dives)
        #expect(listed.compactMap { $0["bottomTimeSeconds"] as? Int }.reduce(0, +) == truth.totalSeconds)
        #expect(listed.compactMap { $0["maxDepthMeters"] as? Double }.max() == truth.maxDepthMeters)
        #expect(Set(listed.compactMap { $0["localStartTime"] as? String }).contains(truth.first))

        let again = try cli.jsonObject("import", [path] + truth.arguments)
        #expect(again["imported"] as? Int == 0)
        #expect(again["alreadyInLog"] as? Int == truth.dives)
        #expect(try cli.jsonArray(["list"]).count == truth.dives)
    }

    @Test("--dry-run previews and writes nothing; a broken file fails with a clear error and writes nothing")
    func dryRunAndBadFiles() throws {
        let cli = CLIProcess.umilog()
        let preview = try cli.jsonObject("import", [DiveLogFixtures.url("test40-42.xml").path, "--dry-run"])
        #expect(preview["dryRun"] as? Bool == true)
        #expect((preview["dives"] as? [[String: Any]])?.map { $0["action"] as? String } == ["add", "add", "add"])
        #expect(try cli.jsonArray(["list"]).isEmpty)

        let directory = ScratchFolder.url("umilog-bad")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = try DiveLogFixtures.bytes("test42.xml")
        let cases: [(String, Data, String)] = [
            ("truncated.xml", Data(whole.prefix(whole.count / 2)), "not well-formed XML"),
            ("feet.xml", Data(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "max='38.99 m'", with: "max='127.9 ft'").utf8), "ft"),
            ("garbage.uddf", Data((0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), "not well-formed XML"),
            ("garbage.csv", Data((0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), "binary data"),
        ]
        for (name, data, message) in cases {
            let url = directory.appendingPathComponent(name)
            try data.write(to: url)
            let result = try cli.run(["import", url.path])
            #expect(result.status == 1, "\(name)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
        }
        #expect(try cli.jsonArray(["list"]).isEmpty)
    }

    @Test("export in each format, import into a new store: the same dives come back", arguments: ["uddf", "subsurface", "csv", "json"])
    func roundTrip(_ format: String) throws {
        let source = CLIProcess.umilog()
        _ = try source.jsonObject("import", [DiveLogFixtures.url("test40-42.xml").path])
        _ = try source.jsonObject("import", [DiveLogFixtures.url("TestDiveDM5.xml").path])
        _ = try source.jsonObject(
            "log", ["--site", "Salt Pier", "--at", "2026-10-01T09:00:00Z", "--depth", "12.5", "--time", "50", "--gas", "ean32", "--buddy", "Ana, Bo"])
        let directory = ScratchFolder.url("umilog-export")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("log.\(format)").path
        let exported = try source.jsonObject("export", ["--format", format, "--out", file])
        #expect(exported["dives"] as? Int == 8)

        let target = CLIProcess.umilog()
        let report = try target.jsonObject("import", [file, "--format", format] + (format == "csv" ? ["--date-format", "yyyy-mm-dd"] : []))
        #expect(report["imported"] as? Int == 8)
        let keys = ["localStartTime", "maxDepthMeters", "bottomTimeSeconds", "buddy", "siteName", "oxygenPercent"]
        func summary(_ dives: [[String: Any]]) -> [String] {
            dives.map { dive in keys.map { "\(dive[$0] ?? "nil")" }.joined(separator: "|") }
        }
        #expect(summary(try target.jsonArray(["list"])) == summary(try source.jsonArray(["list"])))
        if format != "csv" {
            #expect(try target.jsonArray(["list"]).map { $0["id"] as? String } == (try source.jsonArray(["list"])).map { $0["id"] as? String })
        }
        // Back into the store it came from: nothing new.
        let again = try source.jsonObject("import", [file, "--format", format] + (format == "csv" ? ["--date-format", "yyyy-mm-dd"] : []))
        #expect(again["imported"] as? Int == 0)
    }

    @Test("an instructor signs a dive; verify passes until a signed field is edited")
    func signAndVerify() throws {
        let cli = CLIProcess.umilog()
        let directory = ScratchFolder.url("umilog-sign")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("instructor.key").path
        let generated = try cli.run(["keygen", "--out", key], withStore: false)
        #expect(generated.status == 0)
        let logged = try cli.jsonObject("log", ["--site", "Salt Pier", "--at", "2026-10-01T09:00:00Z", "--depth", "12", "--time", "40"])
        let id = try #require(logged["id"] as? String)
        let signed = try cli.jsonObject("sign", [id, "--key", key, "--name", "Jo Instructor"])
        #expect(signed["valid"] as? Bool == true)
        #expect(try cli.run(["verify", id]).status == 0)
        #expect(try cli.run(["verify", id]).text.contains("valid"))

        _ = try cli.jsonObject("edit", [id, "--notes", "great buoyancy"])
        #expect(try cli.run(["verify", id]).status == 0)
        _ = try cli.jsonObject("edit", [id, "--depth", "18"])
        let broken = try cli.run(["verify", id])
        #expect(broken.status == 1)
        #expect(broken.text.contains("max depth changed"))
        let missing = try cli.run(["sign", id, "--key", directory.appendingPathComponent("none.key").path])
        #expect(missing.status == 1)
    }
}
