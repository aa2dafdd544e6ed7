import UmiLogCore

/// Turns each stage's output into its ``StageReport``: counts, reasons and bounded examples.
struct StageReportBuilder {
    var exampleLimit: Int
    var flaggedIDLimit: Int

    func validation(_ output: ValidationStage.Output, seconds: Double) -> StageReport {
        var tally = ReasonTally<ValidationFailure>(exampleLimit: exampleLimit)
        for rejected in output.rejected {
            tally.add(rejected.failure, ReportExample(line: rejected.line, id: rejected.id, detail: rejected.detail))
        }
        let kept = output.sites.count + output.dives.count + output.sightings.count
        return StageReport(
            stage: PipelineStage.validation.key, number: 1, input: output.records, kept: kept, dropped: tally.total,
            reasons: tally.reasonCounts,
            details: [
                "sites": output.sites.count, "dives": output.dives.count, "sightings": output.sightings.count,
                "blankLines": output.blankLines,
            ],
            seconds: seconds
        )
    }

    func qualityFilter(_ removed: [QualityFilterStage.Removed], input: Int, kept: Int, seconds: Double) -> StageReport {
        var tally = ReasonTally<NonDivePlace>(exampleLimit: exampleLimit)
        for removed in removed {
            tally.add(
                NonDivePlace(keyword: removed.match.keyword),
                ReportExample(
                    line: removed.site.line, id: removed.site.sourceID,
                    detail: "\"\(removed.match.phrase)\" in \(removed.match.field.rawValue): \(removed.site.name.prefix(80))"
                )
            )
        }
        return StageReport(
            stage: PipelineStage.qualityFilter.key, number: 2, input: input, kept: kept,
            dropped: tally.total, reasons: tally.reasonCounts, seconds: seconds
        )
    }

    func deduplication(_ output: DeduplicationStage.Output, sites: [RawSite], seconds: Double) -> StageReport {
        var tally = ReasonTally<MergedDuplicate>(exampleLimit: exampleLimit)
        var clustersWithDuplicates = 0
        for cluster in output.clusters where cluster.members.count > 1 {
            clustersWithDuplicates += 1
            let representative = sites[cluster.representative]
            for member in cluster.members where member != cluster.representative {
                tally.add(
                    MergedDuplicate(),
                    ReportExample(line: sites[member].line, id: sites[member].sourceID, detail: "merged into \(representative.sourceID)")
                )
            }
        }
        return StageReport(
            stage: PipelineStage.deduplication.key, number: 3, input: sites.count, kept: output.clusters.count,
            dropped: tally.total, reasons: tally.reasonCounts,
            details: [
                "clustersWithDuplicates": clustersWithDuplicates, "nearbyPairs": output.nearbyPairs,
                "duplicatePairs": output.duplicatePairs, "gridCells": output.cells,
            ],
            seconds: seconds
        )
    }

    func standardisation(_ output: StandardisationStage.Output, records: [RawSite], input: Int, seconds: Double) -> StageReport {
        var tally = ReasonTally<RestrictedLicence>(exampleLimit: exampleLimit)
        for restricted in output.restricted {
            let origin = records[restricted.origin]
            tally.add(
                RestrictedLicence(),
                ReportExample(
                    line: origin.line, id: origin.sourceID,
                    detail: "licence \(origin.licence.identifier), \(restricted.lineage.count) record(s)"
                )
            )
        }
        return StageReport(
            stage: PipelineStage.standardisation.key, number: 4, input: input, kept: output.sites.count,
            dropped: tally.total, reasons: tally.reasonCounts, seconds: seconds
        )
    }

    func qualityChecks(_ flagged: [QualityFlag: [String]], sites: [StandardisationStage.StandardisedSite], seconds: Double)
        -> (StageReport, [FlagReport])
    {
        var flaggedSites = 0
        for index in sites.indices where !sites[index].site.flags.isEmpty { flaggedSites += 1 }
        let report = StageReport(
            stage: PipelineStage.qualityChecks.key, number: 5, input: sites.count, kept: sites.count, dropped: 0,
            reasons: [], details: ["flaggedSites": flaggedSites], seconds: seconds
        )
        let flags = QualityFlag.allCases.compactMap { flag -> FlagReport? in
            guard let ids = flagged[flag], !ids.isEmpty else { return nil }
            return FlagReport(flag: flag.code, explanation: flag.explanation, count: ids.count, siteIDs: Array(ids.sorted().prefix(flaggedIDLimit)))
        }
        return (report, flags)
    }

    func references(_ output: ReferenceStage.Output, dives: Int, sightings: Int, seconds: Double) -> (StageReport, StageReport) {
        var diveTally = ReasonTally<DiveDrop>(exampleLimit: exampleLimit)
        for (dive, reason) in output.droppedDives {
            diveTally.add(reason, ReportExample(line: dive.line, id: dive.id, detail: "site_id \(dive.siteID)"))
        }
        var sightingTally = ReasonTally<SightingDrop>(exampleLimit: exampleLimit)
        for (sighting, reason) in output.droppedSightings {
            sightingTally.add(reason, ReportExample(line: sighting.line, id: sighting.id, detail: "dive_id \(sighting.diveID)"))
        }
        return (
            StageReport(
                stage: "references-dives", number: 6, input: dives, kept: output.dives.count, dropped: diveTally.total,
                reasons: diveTally.reasonCounts, seconds: seconds
            ),
            StageReport(
                stage: "references-sightings", number: 6, input: sightings, kept: output.sightings.count,
                dropped: sightingTally.total, reasons: sightingTally.reasonCounts, seconds: seconds
            )
        )
    }
}

/// Stage 3's only reason: the record is the same place as a preferred one.
struct MergedDuplicate: DropReason {
    var code: String { "merged-duplicate" }
    var explanation: String { "The same place as another record (within the radius, similar name); kept in its lineage." }
}
