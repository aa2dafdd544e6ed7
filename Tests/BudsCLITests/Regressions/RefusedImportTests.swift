import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Guards issue 13: a refused `buds import` into a new folder still created a journal and a new
/// identity there; and failures read "NSCocoaErrorDomain error 256" or "The data is missing.".
@Suite("buds import: a refused archive leaves nothing behind and says why")
struct RefusedImportTests {
    private static let genericTexts = ["NSCocoaErrorDomain", "The data is missing", "could not be completed"]

    private func scratch(_ buds: BudsProcess) throws -> URL {
        let folder = buds.store.deletingLastPathComponent().appendingPathComponent(buds.store.lastPathComponent + "-in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a tampered archive into a new folder creates no folder, journal or identity")
    func tamperedIntoNewFolder() throws {
        let source = BudsProcess()
        _ = try source.add(["--strain", "Blue Dream", "--type", "flower", "--rating", "4"])
        let car = source.store.appendingPathComponent("journal.car")
        #expect(try source.run(["export", car.path]).status == 0)
        var bytes = try Data(contentsOf: car)
        bytes[bytes.count - 10] ^= 0xFF
        try bytes.write(to: car)

        let target = BudsProcess()
        let result = try target.run(["import", car.path])
        #expect(result.status == 1 && result.stderr.contains("rejected"))
        #expect(!FileManager.default.fileExists(atPath: target.store.path))
    }

    @Test("an existing empty folder stays exactly as it was")
    func emptyFolderStaysEmpty() throws {
        let target = BudsProcess()
        try FileManager.default.createDirectory(at: target.store, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: target.store) }
        let junk = try scratch(target).appendingPathComponent("junk.car")
        try Data("not a car".utf8).write(to: junk)
        let result = try target.run(["import", junk.path])
        #expect(result.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.store.path).isEmpty)
    }

    @Test("an accepted archive into a new folder creates the journal")
    func acceptedIntoNewFolder() throws {
        let source = BudsProcess()
        _ = try source.add(["--strain", "Blue Dream", "--type", "flower", "--rating", "4"])
        let car = source.store.appendingPathComponent("journal.car")
        #expect(try source.run(["export", car.path]).status == 0)
        let target = BudsProcess()
        #expect(try target.run(["import", car.path]).status == 0)
        #expect((try target.run(["list", "--json"]).json() as? [Any])?.count == 1)
    }

    @Test("a manifest that lacks its fields is named, not 'The data is missing.'")
    func manifestMissingFields() throws {
        let buds = BudsProcess()
        let manifest = try DAGCBOREncoder().encode(["hello": 1])
        let root = CID(codec: .dagCBOR, hashing: manifest)
        let car = try CARv1(roots: [root], blocks: [CARv1.Block(cid: root, data: manifest)]).encoded()
        let file = try scratch(buds).appendingPathComponent("odd.car")
        try car.write(to: file)
        let result = try buds.run(["import", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the manifest is unreadable: the field \"format\" is missing"), "\(result.stderr)")
        for text in Self.genericTexts { #expect(!result.stderr.contains(text), "\(result.stderr)") }
        #expect(!FileManager.default.fileExists(atPath: buds.store.path))
    }

    @Test("a folder given as the archive or the photo is named as a folder, not 'NSCocoaErrorDomain error 256'")
    func folderInsteadOfFile() throws {
        let buds = BudsProcess()
        let folder = try scratch(buds)
        let imported = try buds.run(["import", folder.path])
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("file: \(folder.path) is a folder, not a file."), "\(imported.stderr)")
        let added = try buds.run(["add", "--strain", "X", "--type", "flower", "--rating", "3", "--image", folder.path])
        #expect(added.status == 1)
        #expect(added.stderr.contains("image: \(folder.path) is a folder, not a file."), "\(added.stderr)")
        for text in Self.genericTexts {
            #expect(!imported.stderr.contains(text) && !added.stderr.contains(text))
        }
    }
}
