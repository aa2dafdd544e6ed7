import Foundation
import Geo
import Storage
import TestSupport
import Testing
import UmiLogCore
import UmiLogSynthetic

@testable import UmiLogPipeline

/// The acceptance test: on a generated dataset with planted duplicates, non-dive places,
/// out-of-range values, invalid lines, restricted licences and dangling references, the
/// pipeline finds exactly what was planted — stage by stage, and in the files it writes.
@Suite("Pipeline on a generated dataset with known answers")
struct PipelineGroundTruthTests {
    static let records = SyntheticSiteRecords.generate(count: 20_000, seed: 42)

    var truth: PlantedTruth { Self.records.truth }

    /// Stages 1–6 in memory, once for the suite's tests.
    static let processed = SitePipeline.testing().process(lines: records.lines)

    @Test("the generator planted every kind of problem")
    func plantedEverything() {
        #expect(truth.lines == 20_000)
        #expect(
            Set(truth.invalidLines.values).isSuperset(of: [
                "invalid-json", "missing-name", "missing-source_id", "missing-license", "invalid-retrieved_at",
                "latitude-out-of-range", "longitude-out-of-range", "invalid-latitude", "unknown-kind",
                "invalid-max_depth_m", "duplicate-source-id", "missing-site_id", "missing-species",
            ]))
        #expect(Set(truth.nonDivePlaces.values).count >= 15)
        #expect(truth.duplicateGroups.contains { $0.count == 3 })
        #expect(Set(truth.flags.values.flatMap { $0 }) == Set(QualityFlag.allCases.map(\.code)))
        #expect(Set(truth.droppedDiveLines.values) == ["unknown-site", "site-not-a-dive-site", "site-restricted", "duplicate-id"])
        #expect(Set(truth.droppedSightingLines.values) == ["unknown-dive", "dive-dropped", "duplicate-id"])
        #expect(truth.restrictedPlaces.contains { $0.count == 2 })
    }

    @Test("stage 1 drops exactly the planted invalid lines, with their reasons and line numbers")
    func validation() {
        let rejected = Dictionary(uniqueKeysWithValues: Self.processed.validation.rejected.map { ($0.line, $0.failure.code) })
        #expect(rejected == truth.invalidLines)
        let report = Self.processed.report.validation
        #expect(report.input == truth.lines)
        #expect(report.dropped == truth.invalidLines.count)
        #expect(report.details["sites"] == truth.validSites)
        #expect(report.details["dives"] == truth.validDives)
        #expect(report.details["sightings"] == truth.validSightings)
        var expectedCounts: [String: Int] = [:]
        for reason in truth.invalidLines.values { expectedCounts[reason, default: 0] += 1 }
        #expect(Dictionary(uniqueKeysWithValues: report.reasons.map { ($0.reason, $0.count) }) == expectedCounts)
        for reason in report.reasons {
            #expect(reason.examples.count == min(reason.count, 20))
            #expect(reason.examples.allSatisfy { $0.line.map { truth.invalidLines[$0] == reason.reason } ?? false })
        }
    }

    @Test("stage 2 removes exactly the planted non-dive places, naming the planted keyword")
    func qualityFilter() {
        let removed = Dictionary(uniqueKeysWithValues: Self.processed.nonDivePlaces.map { ($0.site.sourceID, $0.match.keyword) })
        #expect(removed == truth.nonDivePlaces)
        #expect(Self.processed.report.qualityFilter.dropped == truth.nonDivePlaces.count)
    }

    @Test("stage 3 merges exactly the planted groups, each represented by the planted record")
    func deduplication() {
        let sites = Self.processed.sites
        let groups = Self.processed.deduplication.clusters.filter { $0.members.count > 1 }
        let lineages = groups.map { $0.members.map { sites[$0].sourceID }.sorted() }.sorted { $0[0] < $1[0] }
        #expect(lineages == truth.duplicateGroups)
        let representatives = Dictionary(
            uniqueKeysWithValues: groups.map { group in
                (group.members.map { sites[$0].sourceID }.min() ?? "", sites[group.representative].sourceID)
            })
        #expect(representatives == truth.representatives)
        let merged = truth.duplicateGroups.reduce(0) { $0 + $1.count - 1 }
        #expect(Self.processed.report.deduplication.dropped == merged)
    }

    @Test("stage 4 leaves out exactly the places with no open licence")
    func restrictedLicences() {
        let restricted = Self.processed.standardisation.restricted.map(\.lineage).sorted { $0[0] < $1[0] }
        #expect(restricted == truth.restrictedPlaces)
        #expect(Self.processed.report.standardisation.dropped(for: "restricted-licence") == truth.restrictedPlaces.count)
        #expect(Self.processed.standardisation.sites.count == truth.exportedSites)
    }

    @Test("stage 5 flags exactly the planted out-of-range values, and nothing else")
    func qualityFlags() {
        let sites = Self.processed.sites
        var flagged: [String: [String]] = [:]
        for site in Self.processed.standardisation.sites where !site.site.flags.isEmpty {
            flagged[sites[site.origin].sourceID] = site.site.flags
        }
        #expect(flagged == truth.flags)
        var expected: [String: Int] = [:]
        for flags in truth.flags.values { for flag in flags { expected[flag, default: 0] += 1 } }
        #expect(Dictionary(uniqueKeysWithValues: Self.processed.report.flags.map { ($0.flag, $0.count) }) == expected)
    }

    @Test("stage 6 keeps and drops exactly the planted dives and sightings")
    func references() throws {
        let references = Self.processed.references
        let droppedDives = Dictionary(uniqueKeysWithValues: references.droppedDives.map { ($0.0.line, $0.1.code) })
        #expect(droppedDives == truth.droppedDiveLines)
        let droppedSightings = Dictionary(uniqueKeysWithValues: references.droppedSightings.map { ($0.0.line, $0.1.code) })
        #expect(droppedSightings == truth.droppedSightingLines)
        #expect(references.sightings.count == truth.keptSightings)

        // A kept dive points at the exported site represented by the planted record, whichever
        // source id of the cluster it named.
        let sites = Self.processed.sites
        let representativeOfSiteID = Dictionary(
            uniqueKeysWithValues: Self.processed.standardisation.sites.map {
                ($0.site.id, sites[$0.origin].sourceID)
            })
        let kept = Dictionary(uniqueKeysWithValues: references.dives.map { ($0.dive.id, representativeOfSiteID[$0.siteID] ?? "?") })
        #expect(kept == truth.keptDives)
        // Some named a merged, non-representative record: lineage resolved them.
        #expect(references.dives.contains { $0.dive.siteID != representativeOfSiteID[$0.siteID] })
    }

    @Test("the written dataset holds every exported site in the tile of its region, with no restricted value")
    func writtenDataset() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = folder.file("input.jsonl")
        try Self.records.write(to: input)
        let output = folder.file("out")
        let report = try SitePipeline.testing().run(input: input, output: output)

        let loader = try SiteTileLoader(folder: output)
        var counts: [String: Int] = [:]
        var all: [DatasetSite] = []
        for tile in loader.manifest.tiles {
            let sites = try loader.load(tile)
            counts[tile.name] = sites.count
            #expect(sites.allSatisfy { $0.region == tile.name })
            #expect(sites.map(\.id) == sites.map(\.id).sorted())
            all += sites
        }
        #expect(counts == truth.regionCounts)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(!all.contains { $0.description?.contains(truth.restrictedMarker) ?? false })
        #expect(all.allSatisfy { ["CC0-1.0", "CC-BY-4.0", "ODbL-1.0"].contains($0.licence) })
        #expect(report.tiling.kept == truth.exportedSites)
        #expect(report.dives.kept == truth.keptDives.count)

        let dives = try String(contentsOf: output.appendingPathComponent("dives.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        let siteIDs = Set(all.map(\.id))
        #expect(dives.count == truth.keptDives.count)
        #expect(dives.allSatisfy { siteIDs.contains($0["site_id"] as? String ?? "") })
    }
}
