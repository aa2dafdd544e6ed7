import BudsCore
import DAGCBOR
import Foundation
import TestSupport
import Testing

/// Guards issue 13: a refused import into a new folder created a journal and an identity there.
@Suite("A refused import creates no journal")
struct RefusedImportCoreTests {
    private func newFolder() -> URL {
        ScratchFolder.url("buds-import")
    }

    private func archive() async throws -> Data {
        let source = try TestJournal()
        _ = try await source.repository.create(.sample())
        return try await source.journal.archive.export().archive
    }

    @Test("a tampered archive leaves a new folder absent")
    func tampered() async throws {
        var bytes = try await archive()
        bytes[bytes.count - 10] ^= 0xFF
        let folder = newFolder()
        await #expect(throws: BudsError.self) { _ = try await BudsServices.importArchive(bytes, into: folder, logger: testLogger) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("an edit whose parent is not in the archive is refused for a new journal")
    func orphanEdit() async throws {
        let source = try TestJournal()
        let memory = try await source.repository.create(.sample())
        let full = try await source.journal.archive.export().archive
        _ = try await source.repository.update(memory.id, with: .sample(rating: 2))
        let later = try await source.journal.archive.export().archive
        // Keep only the edit's receipt in the manifest: its parent is nowhere.
        let car = try CARv1.decode(later)
        let firstCAR = try CARv1.decode(full)
        let known = Set(firstCAR.blocks.map(\.cid))
        let manifestBlock = try #require(car.blocks.first { $0.cid == car.roots[0] })
        let manifest = try #require(DAGCBORValue.decode(manifestBlock.data).mapValue)
        let receipts = try #require(manifest["receipts"]?.arrayValue)
        var fields = Dictionary(uniqueKeysWithValues: manifest.entries.map { ($0.key, $0.value) })
        fields["receipts"] = .array(
            receipts.filter { entry in
                guard let cid = entry.mapValue?["receipt"]?.linkValue else { return true }
                return !known.contains(cid)
            })
        #expect(fields["receipts"]?.arrayValue?.count == 1)
        let manifestBytes = try DAGCBORValue.map(DAGCBORMap(fields)).encoded()
        let root = CID(codec: .dagCBOR, hashing: manifestBytes)
        let edited = try CARv1(
            roots: [root], blocks: [CARv1.Block(cid: root, data: manifestBytes)] + car.blocks.filter { $0.cid != car.roots[0] }
        ).encoded()
        let folder = newFolder()
        await #expect(throws: BudsError.self) { _ = try await BudsServices.importArchive(edited, into: folder, logger: testLogger) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("an accepted archive creates the journal with its memories")
    func accepted() async throws {
        let folder = newFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (journal, summary) = try await BudsServices.importArchive(try await archive(), into: folder, logger: testLogger)
        #expect(summary.receiptsImported == 1)
        #expect(journal.createdIdentity)
        #expect(try await journal.repository.fetchAll().count == 1)
    }
}
