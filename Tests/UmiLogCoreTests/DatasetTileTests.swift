import Foundation
import Geo
import Storage
import TestSupport
import Testing
import UmiLogCore

@Suite("Dataset tiles: manifest-driven loading")
struct DatasetTileTests {
    /// A dataset folder with three tiles: the Red Sea, the Caribbean and a Pacific tile that
    /// crosses the antimeridian.
    private struct Fixture {
        let folder: URL
        let manifest: SiteTileManifest

        init() throws {
            folder = ScratchFolder.url("tiles")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("tiles"), withIntermediateDirectories: true)
            let tiles = [
                (
                    "Red Sea", "red-sea", [("elphinstone", 25.31, 34.86), ("thistlegorm", 27.81, 33.92)],
                    try MapBounds(south: 25.31, west: 33.92, north: 27.81, east: 34.86)
                ),
                ("Caribbean", "caribbean", [("salt-pier", 12.08, -68.28)], try MapBounds(south: 12.08, west: -68.28, north: 12.08, east: -68.28)),
                (
                    "Pacific", "pacific", [("fiji-east", -17.0, 179.8), ("tonga", -21.0, -175.2)],
                    try MapBounds(south: -21, west: 179.8, north: -17, east: -175.2)
                ),
            ]
            var entries: [SiteTileManifest.Tile] = []
            for (name, slug, sites, bounds) in tiles {
                let records = try sites.map { id, latitude, longitude in
                    DatasetSite(
                        id: id, name: id.capitalized, coordinate: try Coordinate(latitude: latitude, longitude: longitude), region: name,
                        maxDepthMeters: 30, licence: "CC0-1.0", attribution: "Wikidata (CC0 1.0)", sourceIDs: ["wikidata:\(id)"]
                    )
                }
                let json = try [UInt8](JSONEncoder().encode(records))
                let compressed = try Gzip.compress(json)
                let file = "tiles/\(slug).json.gz"
                try Data(compressed).write(to: folder.appendingPathComponent(file))
                entries.append(
                    SiteTileManifest.Tile(
                        name: name, file: file, count: records.count, compressedBytes: compressed.count, uncompressedBytes: json.count,
                        bounds: bounds, center: try Coordinate(latitude: (bounds.south + bounds.north) / 2, longitude: bounds.west)
                    ))
            }
            manifest = SiteTileManifest(generatedAt: Date(timeIntervalSince1970: 1_760_000_000), tiles: entries)
            try write(manifest)
        }

        func write(_ manifest: SiteTileManifest) throws {
            try SiteTileManifest.encoder().encode(manifest).write(to: folder.appendingPathComponent("manifest.json"))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test(
        "only the tiles a viewport touches are chosen, across the antimeridian too",
        arguments: [
            ((25.0, 33.0, 28.0, 35.0), ["Red Sea"]), ((-25.0, 170.0, -10.0, 179.0), []), ((-25.0, 179.0, -10.0, -179.0), ["Pacific"]),
            ((-22.0, -176.0, -20.0, -175.0), ["Pacific"]), ((0.0, -70.0, 30.0, 40.0), ["Red Sea", "Caribbean"]),
            ((-90.0, -180.0, 90.0, 180.0), ["Red Sea", "Caribbean", "Pacific"]), ((40.0, 0.0, 50.0, 10.0), []),
        ])
    func selection(box: (Double, Double, Double, Double), expected: [String]) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let loader = try SiteTileLoader(folder: fixture.folder)
        let bounds = try MapBounds(south: box.0, west: box.1, north: box.2, east: box.3)
        #expect(loader.tiles(intersecting: bounds).map(\.name) == expected)
    }

    @Test("sites(in:) loads the touched tiles and keeps the sites inside the viewport")
    func sitesInViewport() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let loader = try SiteTileLoader(folder: fixture.folder)
        #expect(try loader.sites(in: MapBounds(south: -18, west: 179, north: -16, east: -179)).map(\.id) == ["fiji-east"])
        #expect(try loader.sites(in: MapBounds(south: 25, west: 34, north: 26, east: 35)).map(\.id) == ["elphinstone"])
        let pacific = try loader.load(loader.manifest.tiles[2])
        #expect(pacific.map(\.id) == ["fiji-east", "tonga"])
        #expect(pacific[0].coordinate.longitude == 179.8 && pacific[0].sourceIDs == ["wikidata:fiji-east"] && pacific[0].flags.isEmpty)
    }

    @Test("a damaged or mismatching tile is an error naming the file, never a crash")
    func damagedTiles() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let loader = try SiteTileLoader(folder: fixture.folder)
        let tile = loader.manifest.tiles[0]
        let url = fixture.folder.appendingPathComponent(tile.file)
        let original = try Data(contentsOf: url)

        var damaged = original
        damaged[damaged.count / 2] ^= 0xFF
        try damaged.write(to: url)
        #expect(throws: SiteTileLoaderError.self) { try loader.load(tile) }

        try original.prefix(original.count - 4).write(to: url)
        #expect(throws: SiteTileLoaderError.self) { try loader.load(tile) }

        try Data(Gzip.compress(Array("[{\"id\":\"x\"}]".utf8))).write(to: url)
        #expect(throws: SiteTileLoaderError.self) { try loader.load(tile) }

        try FileManager.default.removeItem(at: url)
        do {
            _ = try loader.load(tile)
            Issue.record("expected an error")
        } catch {
            #expect(error.errorDescription?.contains(tile.file) == true)
        }
    }

    @Test("a site off the map is rejected when decoding")
    func invalidPosition() throws {
        let json = #"{"id":"x","name":"X","latitude":95,"longitude":0,"region":"Pacific","licence":"CC0-1.0","attribution":"a"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DatasetSite.self, from: Data(json.utf8)) }
        let valid = #"{"id":"x","name":"X","latitude":5,"longitude":0,"region":"Pacific","licence":"CC0-1.0","attribution":"a"}"#
        let site = try JSONDecoder().decode(DatasetSite.self, from: Data(valid.utf8))
        #expect(site.tags.isEmpty && site.sourceIDs.isEmpty && site.country == nil)
    }

    @Test("a missing, unreadable, newer or escaping manifest is refused")
    func manifests() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(throws: SiteTileLoaderError.self) { try SiteTileLoader(folder: fixture.folder.appendingPathComponent("tiles")) }

        var newer = fixture.manifest
        newer.version = 2
        try fixture.write(newer)
        #expect(throws: SiteTileLoaderError.unsupportedVersion(path: fixture.folder.appendingPathComponent("manifest.json").path, version: 2)) {
            try SiteTileLoader(folder: fixture.folder)
        }

        var escaping = fixture.manifest
        escaping.tiles[0].file = "../../etc/passwd"
        try fixture.write(escaping)
        #expect(throws: SiteTileLoaderError.self) { try SiteTileLoader(folder: fixture.folder) }

        try Data("{not json".utf8).write(to: fixture.folder.appendingPathComponent("manifest.json"))
        #expect(throws: SiteTileLoaderError.self) { try SiteTileLoader(folder: fixture.folder) }
    }

    @Test("the manifest round-trips through its encoder and decoder")
    func manifestCoding() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let data = try SiteTileManifest.encoder().encode(fixture.manifest)
        #expect(try SiteTileManifest.decoder().decode(SiteTileManifest.self, from: data) == fixture.manifest)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"compressedBytes\"") && text.contains("\"generatedAt\" : \"2025-10-09T08:53:20Z\""))
    }
}
