import Foundation
import Logging
import Storage
import TestSupport
import Testing
import UmiLogCore
import UmiLogSynthetic

@testable import UmiLogPipeline

@Suite("Site pipeline: files, errors, determinism")
struct SitePipelineTests {
    static let lines = [
        siteLine(
            "wikidata:Q1", name: "shark reef", latitude: 27.9, longitude: 34.3, source: "wikidata", license: "CC0",
            extra: ["max_depth_m": "150", "description": "\"Reef with sharks.\""]),
        siteLine("osm:node/1", name: "Shark Reef Dive Site", latitude: 27.9 + 500 / 111_195, longitude: 34.3),
        siteLine(
            "wikivoyage:Shark", name: "SHARK REEF", latitude: 27.9, longitude: 34.3 + 0.002, source: "wikivoyage",
            license: "CC-BY-SA-3.0",
            extra: [
                "description": "\"Share-alike text.\"", "country": "\"Egypt\"", "tags": "[\"sharks\"]",
                "visibility_m": "30", "temperature_c": "25",
            ]),
        siteLine("osm:node/2", name: "Nasr City Stadium", latitude: 30, longitude: 31.3),
        siteLine("padi:9", name: "Secret Wall", latitude: -17, longitude: 178.5, source: "padi", license: "proprietary"),
        siteLine("osm:node/3", name: "Seam Reef", latitude: -17, longitude: 179.999),
        siteLine("osm:node/4", name: "seam reef", latitude: -17, longitude: -179.999),
        siteLine("osm:node/5", name: "Wall Bank", latitude: -16.5, longitude: -179.5),
        #"{"kind":"dive","id":"d1","site_id":"wikivoyage:Shark","max_depth_m":18,"buddy":{"name":"Sam"}}"#,
        #"{"kind":"dive","id":"d2","site_id":"osm:node/2"}"#,
        #"{"kind":"dive","id":"d3","site_id":"padi:9"}"#,
        #"{"kind":"dive","id":"d4","site_id":"nowhere:1"}"#,
        #"{"kind":"sighting","id":"s1","dive_id":"d1","species":"Chelonia mydas"}"#,
        #"{"kind":"sighting","id":"s2","dive_id":"d2","species":"Chelonia mydas"}"#,
        #"{"kind":"sighting","id":"s3","dive_id":"d9","species":"Chelonia mydas"}"#,
        "{not json",
    ]

    private func run(_ lines: [String] = lines, in folder: TemporaryDirectory, parallelism: Int = 2) throws -> (PipelineReport, URL) {
        let input = folder.file("input-\(parallelism).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        let output = folder.file("out-\(parallelism)")
        return (try SitePipeline.testing(parallelism: parallelism).run(input: input, output: output), output)
    }

    @Test("a small dataset goes through every stage into tiles, manifest, attribution and references")
    func endToEnd() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (report, output) = try run(in: folder)

        #expect(report.validation.dropped(for: "invalid-json") == 1)
        #expect(report.qualityFilter.dropped(for: "stadium") == 1)
        #expect(report.deduplication.dropped == 3)
        #expect(report.standardisation.dropped(for: "restricted-licence") == 1)
        #expect(report.flags.map(\.flag) == ["depth-out-of-range"])
        #expect(report.dives.kept == 1 && report.dives.dropped(for: "site-not-a-dive-site") == 1)
        #expect(report.dives.dropped(for: "site-restricted") == 1 && report.dives.dropped(for: "unknown-site") == 1)
        #expect(report.sightings.kept == 1 && report.sightings.dropped(for: "dive-dropped") == 1)
        #expect(report.sightings.dropped(for: "unknown-dive") == 1)

        let loader = try SiteTileLoader(folder: output)
        #expect(loader.manifest.tiles.map(\.name) == ["Pacific", "Red Sea"])
        let redSea = try loader.load(loader.manifest.tiles[1])
        let shark = try #require(redSea.first)
        // The open, richer record represents the place; the share-alike record only lends its id.
        #expect(shark.name == "Shark Reef")
        #expect(shark.sourceIDs == ["osm:node/1", "wikidata:Q1", "wikivoyage:Shark"])
        #expect(shark.licence == "CC0-1.0" && shark.attribution == "Wikidata (CC0 1.0)")
        #expect(shark.description == "Reef with sharks." && shark.country == nil && shark.tags.isEmpty)
        #expect(shark.visibilityMeters == nil && shark.flags == ["depth-out-of-range"])

        let pacific = loader.manifest.tiles[0]
        #expect(pacific.bounds.west == 179.999 && pacific.bounds.east == -179.5)
        #expect(Set(try loader.load(pacific).map(\.sourceIDs)) == [["osm:node/3", "osm:node/4"], ["osm:node/5"]])

        let dives = try String(contentsOf: output.appendingPathComponent("dives.jsonl"), encoding: .utf8)
        #expect(dives == #"{"kind":"dive","id":"d1","site_id":"\#(shark.id)","max_depth_m":18,"buddy":{"name":"Sam"}}"# + "\n")
        let sightings = try String(contentsOf: output.appendingPathComponent("sightings.jsonl"), encoding: .utf8)
        #expect(sightings == #"{"kind":"sighting","id":"s1","dive_id":"d1","species":"Chelonia mydas"}"# + "\n")

        let attribution = try SiteTileManifest.decoder().decode(
            DatasetAttribution.self, from: Data(contentsOf: output.appendingPathComponent("attribution.json"))
        )
        #expect(attribution.sources.map(\.attribution) == ["© OpenStreetMap contributors (ODbL 1.0)", "Wikidata (CC0 1.0)"])
        #expect(attribution.sources.map(\.records) == [2, 1])

        let saved = try SiteTileManifest.decoder().decode(PipelineReport.self, from: Data(contentsOf: output.appendingPathComponent("report.json")))
        #expect(saved == report)
    }

    @Test("the output is the same byte for byte with one thread or several")
    func deterministic() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lines = SyntheticSiteRecords.generate(count: 4_000, seed: 11).lines
        let (_, one) = try run(lines, in: folder, parallelism: 1)
        let (_, two) = try run(lines, in: folder, parallelism: 3)
        for file in ["manifest.json", "attribution.json", "dives.jsonl", "sightings.jsonl"] {
            #expect(try Data(contentsOf: one.appendingPathComponent(file)) == Data(contentsOf: two.appendingPathComponent(file)), "\(file)")
        }
        let tiles = try FileManager.default.contentsOfDirectory(atPath: one.appendingPathComponent("tiles").path).sorted()
        #expect(tiles.count == 10)
        for tile in tiles {
            let path = "tiles/\(tile)"
            #expect(try Data(contentsOf: one.appendingPathComponent(path)) == Data(contentsOf: two.appendingPathComponent(path)))
        }
    }

    @Test("a rerun removes tiles of regions that became empty, and --report writes a copy")
    func rerun() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.file("out")
        let input = folder.file("in.jsonl")
        try Data(Self.lines.joined(separator: "\n").utf8).write(to: input)
        _ = try SitePipeline.testing().run(input: input, output: output)
        try Data(Self.lines[0].utf8).write(to: input)
        var options = SitePipeline.testing().options
        options.reportCopy = folder.file("copy.json")
        let report = try SitePipeline(options: options, logger: Logger(label: "test")).run(input: input, output: output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("tiles").path) == ["red-sea.json.gz"])
        #expect(try Data(contentsOf: folder.file("copy.json")) == report.jsonData())
    }

    @Test("unreadable input and an output that is a file are clear errors")
    func errors() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let missing = folder.file("missing.jsonl")
        #expect(throws: PipelineError.inputNotFound(path: missing.path)) {
            try SitePipeline.testing().run(input: missing, output: folder.file("out"))
        }
        #expect(throws: PipelineError.self) { try SitePipeline.testing().run(input: folder.url, output: folder.file("out")) }
        let input = folder.file("in.jsonl")
        try Data(Self.lines[0].utf8).write(to: input)
        let file = folder.file("a-file")
        try Data("x".utf8).write(to: file)
        #expect(throws: PipelineError.outputNotAFolder(path: file.path)) { try SitePipeline.testing().run(input: input, output: file) }
        #expect(PipelineError.outputNotAFolder(path: "/x").errorDescription?.contains("/x") == true)
    }

    @Test("a file of garbage is reported line by line, and still writes an (empty) dataset")
    func garbage() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = folder.file("garbage.bin")
        var random = SystemRandomNumberGenerator()
        try Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: input)
        let report = try SitePipeline.testing().run(input: input, output: folder.file("out"))
        #expect(report.validation.kept == 0)
        #expect(report.validation.dropped == report.validation.input)
        #expect(report.tiles.isEmpty)
        #expect(try SiteTileLoader(folder: folder.file("out")).manifest.tiles.isEmpty)
    }
}
