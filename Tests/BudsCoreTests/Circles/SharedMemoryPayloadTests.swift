import DAGCBOR
import Foundation
import GRDB
import Geo
import Receipts
import TestSupport
import Testing

@testable import BudsCore

/// The pieces of sharing that need no relay (issue 18): photos sealed apart and bound to their
/// CID, a memory's chain packed for a circle, and edits of shared memories queued locally.
@Suite("Shared memory payloads and the share outbox")
struct SharedMemoryPayloadTests {
    @Test("a sealed photo opens only with its entry: another key, CID or changed byte is refused")
    func photoSealing() throws {
        let photo = pngBytes
        let cid = CID(codec: .raw, hashing: photo)
        let (sealed, entry) = try SharedMemoryPayload.sealPhoto(photo, cid: cid)
        #expect(sealed.range(of: photo) == nil)
        #expect(entry.blob == SharedMemoryPayload.blobId(of: sealed) && entry.blob.count == 64)
        #expect(try SharedMemoryPayload.openPhoto(sealed, entry: entry) == photo)
        var otherKey = entry
        otherKey.key = Data(repeating: 1, count: 32)
        var otherCID = entry
        otherCID.cid = CID(codec: .raw, hashing: Data("other".utf8))
        for bad in [otherKey, otherCID] {
            #expect(throws: CircleError.self) { try SharedMemoryPayload.openPhoto(sealed, entry: bad) }
        }
        for index in stride(from: 0, to: sealed.count, by: 11) {
            var changed = sealed
            changed[index] ^= 1
            #expect(throws: CircleError.self) { try SharedMemoryPayload.openPhoto(changed, entry: entry) }
        }
    }

    @Test("a chain's archive holds every version and its location, verifies as an import, and leaves photos apart")
    func chainArchive() async throws {
        let test = try TestJournal()
        var draft = SessionDraft.sample("Chain Strain")
        draft.image = .data(pngBytes)
        draft.location = LocationInput(coordinate: try Coordinate(latitude: 52.37, longitude: 4.89), placeName: "Home")
        let memory = try await test.repository.create(draft)
        _ = try await test.repository.update(memory.id, with: SessionDraft.sample("Chain Strain", rating: 2))
        let (car, photos) = try await test.journal.circles.database.read { db in
            try ArchiveService.chainArchive(root: memory.rootCID, in: db, blobs: test.journal.circles.blobs, at: Date())
        }
        #expect(photos.count == 1 && photos[0].data == pngBytes)
        #expect(!car.blocks.contains { $0.cid == photos[0].cid })
        let withPhoto = CARv1(roots: car.roots, blocks: car.blocks + [CARv1.Block(cid: photos[0].cid, data: photos[0].data)])
        let fresh = try TestJournal()
        let plan = try await ArchiveService.plan(withPhoto, against: fresh.journal.circles.database)
        #expect(plan.receipts.count == 2 && plan.locations.count == 1 && plan.photos.count == 1)
        // Without its photo the chain does not verify: a share must carry it.
        await #expect(throws: BudsError.self) { _ = try await ArchiveService.plan(car, against: fresh.journal.circles.database) }
    }

    @Test("editing or deleting a shared memory queues it for each of its circles, in the edit's transaction")
    func outboxQueuesEdits() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(SessionDraft.sample("Queued"))
        let other = try await test.repository.create(SessionDraft.sample("Not shared"))
        let database = test.journal.circles.database
        try await database.write { db in
            try db.execute(sql: "INSERT INTO circles (id, name, version, joined_at) VALUES ('aa', 'One', 1, 0), ('bb', 'Two', 1, 0)")
            try db.execute(
                sql: "INSERT INTO memory_circles (memory_uuid, circle_id, shared_at) VALUES (?, 'aa', 0), (?, 'bb', 0)",
                arguments: [memory.id.uuidString.lowercased(), memory.id.uuidString.lowercased()])
        }
        _ = try await test.repository.update(memory.id, with: SessionDraft.sample("Queued", rating: 1))
        _ = try await test.repository.update(other.id, with: SessionDraft.sample("Not shared", rating: 1))
        var pending = try await database.read { db in try ShareOutbox.pending(in: db) }
        #expect(pending.map(\.circle).sorted() == ["aa", "bb"])
        #expect(Set(pending.map(\.memory)) == [memory.id.uuidString.lowercased()])
        // Sent, then edited again before the removal: the newer edit still waits.
        test.clock.advance(by: 5)
        _ = try await test.repository.delete(memory.id)
        let sentEntry = pending[0]
        try await database.write { db in try ShareOutbox.remove(sentEntry, in: db) }
        pending = try await database.read { db in try ShareOutbox.pending(in: db) }
        #expect(pending.count == 2)
        let memories = try await test.repository.fetchAll()
        #expect(memories.first { $0.id == other.id }?.isShared == false)
    }
}

/// What arrives in an envelope is outside input even after it decrypts (a member's app may be
/// broken or hostile): every mutation of a real payload is read or refused, never a crash, and
/// whatever still verifies as a plan is the original chain.
@Suite("Shared memory payloads, fuzzed")
struct SharedMemoryPayloadFuzzTests {
    @Test("2,000 mutated payloads: decoded, unpacked and planned, or refused with an error")
    func mutatedPayloads() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(SessionDraft.sample("Fuzzed"))
        _ = try await test.repository.update(memory.id, with: SessionDraft.sample("Fuzzed", rating: 1))
        let (car, _) = try await test.journal.circles.database.read { db in
            try ArchiveService.chainArchive(root: memory.rootCID, in: db, blobs: test.journal.circles.blobs, at: Date())
        }
        let payload = SharedMemoryPayload(
            format: SharedMemoryPayload.currentFormat, root: try CID(string: memory.rootCID), sharer: "Fuzz", archive: try car.encoded(), photos: [])
        let bytes = try DAGCBOREncoder().encode(payload)
        let empty = try TestJournal()
        var random = SplitMix64(seed: 1818)
        var planned = 0
        for round in 0..<2_000 {
            var mutated = bytes
            for _ in 0...(round % 4) {
                let index = Int.random(in: 0..<mutated.count, using: &random)
                mutated[index] = UInt8.random(in: 0...255, using: &random)
            }
            if round % 10 == 0 { mutated = mutated.prefix(Int.random(in: 0..<mutated.count, using: &random)) }
            guard let read = try? DAGCBORDecoder().decode(SharedMemoryPayload.self, from: mutated),
                let unpacked = try? CARv1.decode(read.archive)
            else { continue }
            if let plan = try? await ArchiveService.plan(unpacked, against: empty.journal.circles.database) {
                planned += 1
                #expect(plan.receipts.allSatisfy { $0.receipt.rootCID.string == memory.rootCID })
            }
        }
        #expect(planned < 2_000)
    }
}
