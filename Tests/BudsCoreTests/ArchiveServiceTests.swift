import BudsCore
import DAGCBOR
import Foundation
import Geo
import TestSupport
import Testing

@Suite("Archive: CAR v1 export and all-or-nothing import")
struct ArchiveServiceTests {
    private func populated() async throws -> TestJournal {
        let test = try TestJournal()
        var draft = SessionDraft.sample("Blue Dream", effects: ["relaxed", "creative"])
        draft.location = LocationInput(coordinate: try .init(latitude: 52.37, longitude: 4.89), placeName: "Amsterdam")
        draft.image = .data(pngBytes)
        let first = try await test.repository.create(draft)
        test.clock.advance(by: 10)
        var edit = draft
        edit.rating = 5
        edit.image = first.imageCID.map { .existing(cid: $0) }
        _ = try await test.repository.update(first.id, with: edit)
        let second = try await test.repository.create(.sample("Sour Diesel", type: .vape))
        _ = try await test.repository.setFavorite(second.id, true)
        let third = try await test.repository.create(.sample("Gone"))
        try await test.repository.delete(third.id)
        return test
    }

    @Test("an exported journal imports into a fresh one with the same memories, ids and history")
    func roundTrip() async throws {
        let source = try await populated()
        let (archive, summary) = try await source.journal.archive.export()
        #expect(summary.receipts == 5 && summary.locations == 1 && summary.images == 1)

        let car = try CARv1.decode(archive)
        #expect(car.roots.map(\.string) == [summary.rootCID])
        #expect(car.blocks.count == 8)  // manifest, 5 receipts, 1 location, 1 photo

        let target = try TestJournal()
        let imported = try await target.journal.archive.importArchive(archive)
        #expect(imported.receiptsImported == 5 && imported.receiptsAlreadyPresent == 0)
        let before = try await source.repository.fetchAll()
        let after = try await target.repository.fetchAll()
        #expect(after == before)
        #expect(after.first { $0.strainName == "Sour Diesel" }?.isFavorited == true)
        #expect(try target.repository.imageData(for: try #require(after.first { $0.imageCID != nil })) == pngBytes)
        #expect(try await target.journal.verifier.verifyAll().verified == 5)
    }

    @Test("importing the same archive twice adds nothing")
    func importIsIdempotent() async throws {
        let source = try await populated()
        let (archive, _) = try await source.journal.archive.export()
        let target = try TestJournal()
        _ = try await target.journal.archive.importArchive(archive)
        let again = try await target.journal.archive.importArchive(archive)
        #expect(again.receiptsImported == 0 && again.receiptsAlreadyPresent == 5)
        #expect(try await target.journal.verifier.verifyAll().total == 5)
    }

    @Test("a tampered archive is rejected and nothing is written", arguments: [0.3, 0.5, 0.7, 0.95])
    func tamperedArchiveIsRejected(position: Double) async throws {
        let source = try await populated()
        var archive = [UInt8](try await source.journal.archive.export().archive)
        archive[Int(Double(archive.count) * position)] ^= 0x01
        let target = try TestJournal()
        await #expect(throws: BudsError.self) {
            try await target.journal.archive.importArchive(Data(archive))
        }
        #expect(try await target.journal.verifier.verifyAll().total == 0)
        #expect(try await target.repository.fetchAll().isEmpty)
    }

    @Test("a truncated archive is rejected")
    func truncatedArchiveIsRejected() async throws {
        let source = try await populated()
        let archive = try await source.journal.archive.export().archive
        let target = try TestJournal()
        await #expect(throws: BudsError.self) {
            try await target.journal.archive.importArchive(archive.prefix(archive.count - 7))
        }
        #expect(try await target.journal.verifier.verifyAll().total == 0)
    }

    @Test("a re-signed archive whose block hashes match but whose signature is forged is rejected")
    func forgedSignatureIsRejected() async throws {
        let source = try await populated()
        let archive = try await source.journal.archive.export().archive
        var car = try CARv1.decode(archive)
        // Rewrite the manifest with one signature replaced by zeros; hashes are recomputed, so
        // only signature verification can catch it.
        var manifest = try #require(DAGCBORValue.decode(car.blocks[0].data).mapValue)
        var receipts = try #require(manifest["receipts"]?.arrayValue)
        var entry = try #require(receipts[0].mapValue)
        entry = try DAGCBORMap(entry.entries.map { ($0.key, $0.key == "signature" ? .bytes(Data(count: 64)) : $0.value) })
        receipts[0] = .map(entry)
        manifest = try DAGCBORMap(manifest.entries.map { ($0.key, $0.key == "receipts" ? .array(receipts) : $0.value) })
        let bytes = try DAGCBORValue.map(manifest).encoded()
        let cid = CID(codec: .dagCBOR, hashing: bytes)
        car = CARv1(roots: [cid], blocks: [CARv1.Block(cid: cid, data: bytes)] + car.blocks.dropFirst())
        let target = try TestJournal()
        await #expect(throws: BudsError.self) {
            try await target.journal.archive.importArchive(try car.encoded())
        }
        #expect(try await target.journal.verifier.verifyAll().total == 0)
    }
}
