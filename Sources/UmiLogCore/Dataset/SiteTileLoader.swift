public import Foundation
import Geo
import Storage

/// Reads a dataset folder written by the pipeline (`manifest.json` + `tiles/*.json.gz`) and
/// loads only the regional tiles a map viewport touches: the app never holds the whole world's
/// sites in memory to show one bay.
///
/// Tiles are untrusted input: a tile that is not what the manifest promises (size, count,
/// gzip, JSON, positions) is an error, never a crash, and never decompresses beyond the size
/// the manifest declares.
public struct SiteTileLoader: Sendable {
    /// The dataset folder (holding `manifest.json`).
    public let folder: URL
    public let manifest: SiteTileManifest

    /// Opens a dataset folder and checks its manifest.
    ///
    /// - Throws: `SiteTileLoaderError.manifestMissing`, `.manifestInvalid` or `.unsupportedVersion`.
    public init(folder: URL) throws(SiteTileLoaderError) {
        let url = folder.appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: url.path) else { throw .manifestMissing(path: url.path) }
        let manifest: SiteTileManifest
        do {
            manifest = try SiteTileManifest.decoder().decode(SiteTileManifest.self, from: Data(contentsOf: url))
        } catch {
            throw .manifestInvalid(path: url.path, reason: Self.describe(error))
        }
        guard manifest.version == SiteTileManifest.currentVersion else {
            throw .unsupportedVersion(path: url.path, version: manifest.version)
        }
        for tile in manifest.tiles {
            if let problem = Self.problem(with: tile) {
                throw .manifestInvalid(path: url.path, reason: "tile \"\(tile.name)\": \(problem)")
            }
        }
        self.folder = folder
        self.manifest = manifest
    }

    /// The tiles whose bounds share at least a point with `bounds`, in manifest order.
    /// Either box may cross the antimeridian.
    public func tiles(intersecting bounds: MapBounds) -> [SiteTileManifest.Tile] {
        let viewport = bounds.boundingBox
        return manifest.tiles.filter { $0.bounds.boundingBox.intersects(viewport) }
    }

    /// Every site of one tile, as written (sorted by id).
    ///
    /// - Throws: `SiteTileLoaderError.tileUnreadable` or `.tileCorrupt`.
    public func load(_ tile: SiteTileManifest.Tile) throws(SiteTileLoaderError) -> [DatasetSite] {
        let url = folder.appendingPathComponent(tile.file)
        let compressed: [UInt8]
        do {
            compressed = try [UInt8](Data(contentsOf: url))
        } catch {
            throw .tileUnreadable(path: url.path, reason: Self.describe(error))
        }
        guard compressed.count == tile.compressedBytes else {
            throw .tileCorrupt(path: url.path, reason: "\(compressed.count) bytes on disk, the manifest says \(tile.compressedBytes)")
        }
        let json: [UInt8]
        do {
            json = try Gzip.decompress(compressed, maximumSize: tile.uncompressedBytes)
        } catch {
            throw .tileCorrupt(path: url.path, reason: error.errorDescription ?? "not gzip")
        }
        guard json.count == tile.uncompressedBytes else {
            throw .tileCorrupt(path: url.path, reason: "\(json.count) bytes of JSON, the manifest says \(tile.uncompressedBytes)")
        }
        let sites: [DatasetSite]
        do {
            sites = try JSONDecoder().decode([DatasetSite].self, from: Data(json))
        } catch {
            throw .tileCorrupt(path: url.path, reason: Self.describe(error))
        }
        guard sites.count == tile.count else {
            throw .tileCorrupt(path: url.path, reason: "\(sites.count) sites, the manifest says \(tile.count)")
        }
        return sites
    }

    /// The sites inside `bounds` (edges included), loading only the tiles that intersect it;
    /// sorted by id.
    ///
    /// - Throws: the first tile's `SiteTileLoaderError` that could not be loaded.
    public func sites(in bounds: MapBounds) throws(SiteTileLoaderError) -> [DatasetSite] {
        var found: [DatasetSite] = []
        for tile in tiles(intersecting: bounds) {
            found += try load(tile).filter { bounds.contains($0.coordinate) }
        }
        return found.sorted { $0.id < $1.id }
    }

    /// What is wrong with a manifest entry, if anything. A tile's file must stay inside the
    /// dataset folder: a manifest must not make the app read elsewhere.
    private static func problem(with tile: SiteTileManifest.Tile) -> String? {
        let components = tile.file.split(separator: "/", omittingEmptySubsequences: false)
        if tile.file.isEmpty || tile.file.hasPrefix("/") || components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            return "file \"\(tile.file)\" is not a plain path inside the dataset folder"
        }
        if tile.count < 0 || tile.compressedBytes < 0 || tile.uncompressedBytes < 0 {
            return "negative count or size"
        }
        do {
            _ = try MapBounds(south: tile.bounds.south, west: tile.bounds.west, north: tile.bounds.north, east: tile.bounds.east)
        } catch {
            return "bounds: \(error.errorDescription ?? "invalid")"
        }
        return nil
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return (error as? any LocalizedError)?.errorDescription ?? error.localizedDescription
        }
    }
}
