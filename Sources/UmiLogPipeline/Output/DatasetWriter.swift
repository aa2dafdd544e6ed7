import Foundation
import Geo
import Storage
import UmiLogCore

/// Stage 7: writes the dataset folder — one gzip JSON tile per region, `dives.jsonl`,
/// `sightings.jsonl`, `attribution.json`, `report.json`, and last `manifest.json`, so that a
/// reader that finds a manifest finds the tiles it names.
///
/// Every file is replaced atomically. Tiles of an earlier run whose region is now empty are
/// removed, so the folder holds exactly what the manifest lists.
struct DatasetWriter {
    var options: PipelineOptions

    static let tilesFolder = "tiles"
    static let notice = """
        Dive sites from open data, redistributed under each record's licence (CC0 1.0, CC BY or ODbL 1.0; \
        see "licence" and "attribution" per site). Positions are approximate: not for navigation.
        """

    /// A tile ready to write.
    private struct EncodedTile: Sendable {
        var region: String
        var file: String
        var count: Int
        var json: Int
        var compressed: Result<[UInt8], GzipError>
        var coordinates: [Coordinate]
    }

    func write(
        _ dataset: ProcessedDataset, to folder: URL, startedAt start: ContinuousClock.Instant
    ) throws(PipelineError) -> PipelineReport {
        try Self.makeFolder(folder)
        try Self.makeFolder(folder.appendingPathComponent(Self.tilesFolder))

        // Sites are grouped and sorted by index: copying 700,000 records would cost more than
        // encoding them.
        let sites = dataset.standardisation.sites
        var byRegion: [String: [Int]] = [:]
        for index in sites.indices { byRegion[sites[index].site.region, default: []].append(index) }
        let regions = byRegion.keys.sorted()
        let level = options.compressionLevel
        let encoded = Parallel.map(regions.count) { index -> EncodedTile in
            let region = regions[index]
            let members = (byRegion[region] ?? []).sorted { sites[$0].site.id < sites[$1].site.id }
            let json = DatasetSiteJSON.encode(members.lazy.map { sites[$0].site })
            let compressed = Result { () throws(GzipError) in try Gzip.compress(json, level: level) }
            return EncodedTile(
                region: region, file: "\(Self.tilesFolder)/\(RegionAssigner.slug(region)).json.gz", count: members.count,
                json: json.count, compressed: compressed, coordinates: members.map { sites[$0].site.coordinate }
            )
        }

        var manifestTiles: [SiteTileManifest.Tile] = []
        for tile in encoded {
            let bytes: [UInt8]
            switch tile.compressed {
            case .success(let value): bytes = value
            case .failure(let error): throw .compressionFailed(file: tile.file, reason: error.errorDescription ?? "\(error)")
            }
            try Self.write(bytes, to: folder.appendingPathComponent(tile.file))
            let bounds: (bounds: MapBounds, center: Coordinate)
            do {
                bounds = try TileBounds.bounds(of: tile.coordinates)
            } catch {
                throw .invalidTileBounds(region: tile.region, reason: error.errorDescription ?? "\(error)")
            }
            manifestTiles.append(
                SiteTileManifest.Tile(
                    name: tile.region, file: tile.file, count: tile.count, compressedBytes: bytes.count,
                    uncompressedBytes: tile.json, bounds: bounds.bounds, center: bounds.center
                ))
        }
        try removeStaleTiles(in: folder, keeping: Set(manifestTiles.map(\.file)))

        try Self.write(diveLines(dataset.references), to: folder.appendingPathComponent("dives.jsonl"))
        try Self.write(sightingLines(dataset.references), to: folder.appendingPathComponent("sightings.jsonl"))
        let credits = attribution(dataset.standardisation.sites, records: dataset.sites)
        try Self.write(try encode(credits, file: "attribution.json"), to: folder.appendingPathComponent("attribution.json"))

        var report = dataset.report
        let elapsed = ContinuousClock.now - start
        report.tiles = manifestTiles.map {
            TileSummary(name: $0.name, file: $0.file, count: $0.count, compressedBytes: $0.compressedBytes, uncompressedBytes: $0.uncompressedBytes)
        }
        let written = manifestTiles.reduce(0) { $0 + $1.count }
        report.tiling = StageReport(
            stage: PipelineStage.tiling.key, number: 7, input: sites.count, kept: written, dropped: sites.count - written,
            reasons: [],
            details: [
                "tiles": manifestTiles.count, "compressedBytes": manifestTiles.reduce(0) { $0 + $1.compressedBytes },
                "uncompressedBytes": manifestTiles.reduce(0) { $0 + $1.uncompressedBytes },
            ],
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        )
        let reportBytes: [UInt8]
        do {
            reportBytes = [UInt8](try report.jsonData())
        } catch {
            throw .outputNotWritable(path: folder.appendingPathComponent("report.json").path, reason: "\(error)")
        }
        try Self.write(reportBytes, to: folder.appendingPathComponent("report.json"))
        if let copy = options.reportCopy { try Self.write(reportBytes, to: copy) }

        let manifest = SiteTileManifest(generatedAt: options.generatedAt, tiles: manifestTiles)
        try Self.write(try encode(manifest, file: "manifest.json"), to: folder.appendingPathComponent("manifest.json"))
        return report
    }

    // MARK: Files

    private func diveLines(_ references: ReferenceStage.Output) -> [UInt8] {
        var writer = JSONWriter(capacity: references.dives.count * 96)
        for kept in references.dives {
            writer.object(kept.dive.object, replacing: ["site_id": kept.siteID])
            writer.raw(0x0A)
        }
        return writer.bytes
    }

    private func sightingLines(_ references: ReferenceStage.Output) -> [UInt8] {
        var writer = JSONWriter(capacity: references.sightings.count * 80)
        for sighting in references.sightings {
            writer.object(sighting.object)
            writer.raw(0x0A)
        }
        return writer.bytes
    }

    private func attribution(_ sites: [StandardisationStage.StandardisedSite], records: [RawSite]) -> DatasetAttribution {
        struct Key: Hashable {
            var source: String
            var licence: Licence
        }
        var counts: [Key: (records: Int, latest: String)] = [:]
        for index in sites.indices {
            let origin = sites[index].origin
            let key = Key(source: records[origin].source, licence: records[origin].licence)
            let entry = counts[key] ?? (0, "")
            counts[key] = (entry.records + 1, max(entry.latest, records[origin].retrievedOn))
        }
        let sources = counts.map { key, entry in
            DatasetAttribution.Source(
                source: key.source, licence: key.licence.identifier, licenceURL: SourceAttribution.url(for: key.licence),
                records: entry.records, attribution: SourceAttribution.text(source: key.source, licence: key.licence),
                retrievedUntil: entry.latest
            )
        }
        .sorted { ($0.source, $0.licence) < ($1.source, $1.licence) }
        return DatasetAttribution(generatedAt: options.generatedAt, notice: Self.notice, sources: sources)
    }

    private func encode(_ value: some Encodable, file: String) throws(PipelineError) -> [UInt8] {
        do {
            return [UInt8](try SiteTileManifest.encoder().encode(value))
        } catch {
            throw .outputNotWritable(path: file, reason: "\(error)")
        }
    }

    private func removeStaleTiles(in folder: URL, keeping files: Set<String>) throws(PipelineError) {
        let tiles = folder.appendingPathComponent(Self.tilesFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tiles.path)) ?? []
        for name in names where name.hasSuffix(".json.gz") && !files.contains("\(Self.tilesFolder)/\(name)") {
            do {
                try FileManager.default.removeItem(at: tiles.appendingPathComponent(name))
            } catch {
                throw .outputNotWritable(path: tiles.appendingPathComponent(name).path, reason: error.localizedDescription)
            }
        }
    }

    private static func makeFolder(_ url: URL) throws(PipelineError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .outputNotAFolder(path: url.path) }
            return
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .outputNotWritable(path: url.path, reason: error.localizedDescription)
        }
    }

    private static func write(_ bytes: [UInt8], to url: URL) throws(PipelineError) {
        do {
            try AtomicFile.write(Data(bytes), to: url)
        } catch {
            throw .outputNotWritable(path: url.path, reason: error.errorDescription ?? "\(error)")
        }
    }
}
