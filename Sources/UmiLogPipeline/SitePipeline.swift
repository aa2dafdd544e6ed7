public import Foundation
public import Logging
import UmiLogCore

/// The UmiLog dataset pipeline (`umilog pipeline IN OUT`): raw dive-site records from open
/// sources in, the app's regional tiles out.
///
/// Stages, as the seed's `optimize_dataset.py` ran them, each reporting what it kept and
/// dropped and why: 1 validation, 2 quality filter (non-dive places), 3 de-duplication,
/// 4 standardisation (names, ids, regions, licences; only CC0/CC-BY/ODbL are exported),
/// 5 quality checks (flags), 6 referential validation of dives and sightings, 7 regional tiles
/// with a manifest and an attribution file.
///
/// Bad records never stop a run: they are dropped with a reason. The output depends only on
/// the input and the options (not on the number of cores); every step is linear or
/// n log n in the number of records.
public struct SitePipeline: Sendable {
    public let options: PipelineOptions
    private let logger: Logger

    public init(options: PipelineOptions = PipelineOptions(), logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// Runs every stage on the JSON Lines file `input` and writes the dataset into the folder
    /// `output` (created if missing): `tiles/*.json.gz`, `manifest.json`, `attribution.json`,
    /// `dives.jsonl`, `sightings.jsonl` and `report.json`.
    ///
    /// - Throws: `PipelineError` when the input cannot be read or the output cannot be written.
    public func run(input: URL, output: URL) throws(PipelineError) -> PipelineReport {
        let data = try Self.read(input)
        let processed = data.withUnsafeBytes { process($0.assumingMemoryBound(to: UInt8.self)) }
        options.progress?(.tiling)
        let start = ContinuousClock.now
        let writer = DatasetWriter(options: options)
        let report = try writer.write(processed, to: output, startedAt: start)
        log(report.tiling)
        return report
    }

    /// Stages 1–6 on the bytes of a JSON Lines input, in memory.
    func process(_ bytes: UnsafeBufferPointer<UInt8>) -> ProcessedDataset {
        let builder = StageReportBuilder(exampleLimit: options.exampleLimit, flaggedIDLimit: options.flaggedIDLimit)
        let parallelism = max(1, options.parallelism)

        options.progress?(.validation)
        var start = ContinuousClock.now
        var validation = ValidationStage(maximumLineBytes: options.maximumLineBytes, parallelism: parallelism).run(bytes)
        let validationReport = builder.validation(validation, seconds: seconds(since: start))
        log(validationReport)

        options.progress?(.qualityFilter)
        start = .now
        // The sites move on (so the filter can compact them in place without a copy).
        var sites = validation.sites
        validation.sites = []
        let validSites = sites.count
        let removed = QualityFilterStage(parallelism: parallelism).run(&sites)
        let filterReport = builder.qualityFilter(removed, input: validSites, kept: sites.count, seconds: seconds(since: start))
        log(filterReport)

        options.progress?(.deduplication)
        start = .now
        let deduplication = DeduplicationStage(
            radiusMeters: options.duplicateRadiusMeters, similarityThreshold: options.nameSimilarityThreshold,
            parallelism: parallelism
        ).run(sites)
        let deduplicationReport = builder.deduplication(deduplication, sites: sites, seconds: seconds(since: start))
        log(deduplicationReport)

        options.progress?(.standardisation)
        start = .now
        var standardisation = StandardisationStage(parallelism: parallelism).run(sites, clusters: deduplication.clusters)
        let standardisationReport = builder.standardisation(
            standardisation, records: sites, input: deduplication.clusters.count, seconds: seconds(since: start)
        )
        log(standardisationReport)

        options.progress?(.qualityChecks)
        start = .now
        let checks = QualityCheckStage(
            depthMeters: options.depthRangeMeters, visibilityMeters: options.visibilityRangeMeters,
            temperatureCelsius: options.temperatureRangeCelsius
        )
        let flagged = checks.run(&standardisation.sites)
        let (checksReport, flags) = builder.qualityChecks(flagged, sites: standardisation.sites, seconds: seconds(since: start))
        log(checksReport)

        options.progress?(.references)
        start = .now
        let references = resolveReferences(validation: validation, removed: removed, standardisation: standardisation)
        let (divesReport, sightingsReport) = builder.references(
            references, dives: validation.dives.count, sightings: validation.sightings.count, seconds: seconds(since: start)
        )
        log(divesReport)
        log(sightingsReport)

        let report = PipelineReport(
            generatedAt: options.generatedAt, inputLines: validation.records, validation: validationReport,
            qualityFilter: filterReport, deduplication: deduplicationReport, standardisation: standardisationReport,
            qualityChecks: checksReport, flags: flags, dives: divesReport, sightings: sightingsReport,
            tiling: StageReport(stage: PipelineStage.tiling.key, number: 7, input: 0, kept: 0, dropped: 0, reasons: []),
            tiles: []
        )
        return ProcessedDataset(
            validation: validation, sites: sites, nonDivePlaces: removed, deduplication: deduplication,
            standardisation: standardisation, flagged: flagged, references: references, report: report
        )
    }

    private func resolveReferences(
        validation: ValidationStage.Output, removed: [QualityFilterStage.Removed],
        standardisation: StandardisationStage.Output
    ) -> ReferenceStage.Output {
        var siteIDs: [String: String] = [:]
        siteIDs.reserveCapacity(standardisation.sites.count)
        for index in standardisation.sites.indices {
            let id = standardisation.sites[index].site.id
            for sourceID in standardisation.sites[index].site.sourceIDs { siteIDs[sourceID] = id }
        }
        return ReferenceStage().run(
            dives: validation.dives, sightings: validation.sightings, siteIDsBySourceID: siteIDs,
            removedSourceIDs: Set(removed.map(\.site.sourceID)),
            restrictedSourceIDs: Set(standardisation.restricted.flatMap(\.lineage))
        )
    }

    private static func read(_ url: URL) throws(PipelineError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .inputNotFound(path: url.path)
        }
        guard !isDirectory.boolValue else { throw .inputUnreadable(path: url.path, reason: "it is a folder") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .inputUnreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func log(_ stage: StageReport) {
        logger.info(
            "pipeline stage finished",
            metadata: [
                "stage": "\(stage.stage)", "input": "\(stage.input)", "kept": "\(stage.kept)",
                "dropped": "\(stage.dropped)", "seconds": "\(stage.seconds)",
            ]
        )
    }
}
