import ArgumentParser
import CommandLineKit
import Foundation
import UmiLogPipeline
import Validation

/// `umilog pipeline IN OUT`: builds the app's dive-site dataset — regional gzip tiles, a
/// manifest and an attribution file — from raw open-data records, and says what each stage
/// kept and dropped.
struct Pipeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Build the dive-site dataset (regional tiles, manifest, attribution) from raw JSON Lines records.",
        discussion: """
            IN holds one JSON object per line: sites ("kind" absent or "site": source, source_id, license, \
            retrieved_at, name, latitude, longitude, optional country, max_depth_m, visibility_m, temperature_c, \
            description, tags, type), dives ("kind": "dive", id, site_id) and sightings ("kind": "sighting", id, \
            dive_id, species). Stages: 1 validation, 2 removal of non-dive places, 3 merging duplicates (within 1 km, \
            similar names), 4 standardisation (only CC0, CC-BY and ODbL records are exported), 5 quality flags, \
            6 dives and sightings checked against the sites, 7 tiles. OUT gets tiles/*.json.gz, manifest.json, \
            attribution.json, dives.jsonl, sightings.jsonl and report.json. --now fixes the time written into them.
            """
    )
    @Argument(help: "The JSON Lines input file.") var input: String
    @Argument(help: "The output folder (created if missing).") var output: String
    @Option(name: .long, help: "Also write the report JSON to this file.") var report: String?
    @OptionGroup var global: GlobalOptions

    func run() throws {
        var options = PipelineOptions()
        options.generatedAt = global.storeOptions.clock()
        options.reportCopy = report.map { URL(fileURLWithPath: $0) }
        if isatty(STDERR_FILENO) == 1 {
            options.progress = { stage in
                TerminalOutput.standardError("[\(stage.rawValue)/\(PipelineStage.allCases.count)] \(stage.title)…")
            }
        }
        let pipeline = SitePipeline(options: options, logger: UmiLog.logger("pipeline"))
        let result = try pipeline.run(input: URL(fileURLWithPath: input), output: URL(fileURLWithPath: output))
        if global.json { return try TerminalOutput.json(result) }
        TerminalOutput.table(
            ["STAGE", "IN", "KEPT", "DROPPED", "WHY"],
            result.stages.map { stage in
                [
                    "\(stage.number) \(stage.stage)", "\(stage.input)", "\(stage.kept)", "\(stage.dropped)",
                    stage.reasons.prefix(4).map { "\($0.reason) \($0.count)" }.joined(separator: ", "),
                ]
            }
        )
        if !result.flags.isEmpty {
            print("Flagged (kept): " + result.flags.map { "\($0.flag) \($0.count)" }.joined(separator: ", "))
        }
        let compressed = result.tiles.reduce(0) { $0 + $1.compressedBytes }
        let uncompressed = result.tiles.reduce(0) { $0 + $1.uncompressedBytes }
        print(
            "Wrote \(Wording.counted(result.tiles.count, "tile")) with \(Wording.counted(result.tiling.kept, "site")) (\(uncompressed) bytes of JSON, \(compressed) gzipped) to \(output)."
        )
    }
}
