import DAGCBOR
import Foundation
import GRDB
import Geo
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
