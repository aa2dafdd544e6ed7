public import Foundation
public import Geo

/// `manifest.json` of a dataset folder: which regional tiles exist, how big they are and where
/// they lie, so the app can load only the tiles a map viewport touches (the seed's
/// "manifest-driven tile loading").
///
/// The pipeline writes it after every tile, so a reader never finds it naming a tile that is
/// not there yet.
public struct SiteTileManifest: Codable, Hashable, Sendable {
    /// The format this code writes and reads. A reader refuses other versions rather than guess.
    public static let currentVersion = 1

    public var version: Int
    public var generatedAt: Date
    /// One entry per non-empty region, sorted by name.
    public var tiles: [Tile]

    public init(version: Int = SiteTileManifest.currentVersion, generatedAt: Date, tiles: [Tile]) {
        self.version = version
        self.generatedAt = generatedAt
        self.tiles = tiles
    }

    /// One regional tile: a gzip-compressed JSON array of ``DatasetSite``, sorted by id.
    public struct Tile: Codable, Hashable, Sendable {
        /// The region's name ("Red Sea").
        public var name: String
        /// The tile's path relative to the dataset folder ("tiles/red-sea.json.gz").
        public var file: String
        /// How many sites the tile holds.
        public var count: Int
        /// Size of the file on disk.
        public var compressedBytes: Int
        /// Size of the JSON inside.
        public var uncompressedBytes: Int
        /// The smallest box holding every site of the tile; `west > east` when the sites straddle
        /// the antimeridian (the Pacific).
        public var bounds: MapBounds
        /// The middle of `bounds` (across the antimeridian if the box crosses it).
        public var center: Coordinate

        public init(
            name: String, file: String, count: Int, compressedBytes: Int, uncompressedBytes: Int,
            bounds: MapBounds, center: Coordinate
        ) {
            self.name = name
            self.file = file
            self.count = count
            self.compressedBytes = compressedBytes
            self.uncompressedBytes = uncompressedBytes
            self.bounds = bounds
            self.center = center
        }
    }

    /// The encoder the pipeline writes the manifest with: pretty, sorted keys, ISO 8601 dates.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The decoder that reads what ``encoder()`` wrote.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
