import BudsCore
import DAGCBOR
import Foundation
import Geo
import Identity
import Receipts
import TestSupport
import Testing
import Validation

@Suite("Receipt manager: sessions become signed receipt chains")
struct ReceiptManagerTests {
    @Test("a new session is stored as a verifiable created receipt whose CID names its bytes")
    func createStoresVerifiableReceipt() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(
            SessionDraft(
                strainName: "  Blue Dream ", productType: .flower, rating: 5, notes: "Great strain", brand: "Cookies",
                thcPercent: 23.5, cbdPercent: 0.8, amountGrams: 3.5, effects: ["Relaxed", "creative", "relaxed"],
                consumptionMethod: .vape
            ))
        #expect(memory.strainName == "Blue Dream")
        #expect(memory.effects == ["relaxed", "creative"])
        #expect(memory.rootCID == memory.receiptCID)
        #expect(memory.receiptCID.hasPrefix("bafyrei"))

        let receipt = try await test.repository.receipt(memory.receiptCID)
        #expect(receipt.cid.string == memory.receiptCID)
        #expect(CID(codec: .dagCBOR, hashing: receipt.rawCBOR) == receipt.cid)
        try ReceiptVerifier.verify(receipt)
        #expect(receipt.header.receiptType == "app.buds.session.created/v1")
        #expect(receipt.header.did == test.journal.identity.did)
        #expect(receipt.header.deviceId == test.journal.deviceId.uuidString.lowercased())
        #expect(receipt.header.parentCID == nil && receipt.header.rootCID == nil)
        #expect(memory.id == MemoryID.forRoot(receipt.cid))
    }

    @Test("absent optionals are omitted from the signed payload, never null")
    func absentOptionalsAreOmitted() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(.sample())
        let receipt = try await test.repository.receipt(memory.receiptCID)
        let body = try #require(DAGCBORValue.decode(receipt.rawCBOR).mapValue)
        #expect(body.entries.map(\.key) == ["did", "payload", "deviceId", "signingKey", "createdAtMs", "receiptType"])
        let payload = try #require(body["payload"]?.mapValue)
        #expect(Set(payload.entries.map(\.key)) == ["rating", "effects", "productName", "productType"])
    }

    @Test("an edit chains to the latest receipt and the first one, and the memory keeps its id")
    func editExtendsChain() async throws {
        let test = try TestJournal()
        let first = try await test.repository.create(.sample(rating: 3))
        test.clock.advance(by: 60)
        var draft = SessionDraft.sample(rating: 4)
        draft.notes = "better the second time"
        let second = try await test.repository.update(first.id, with: draft)
        test.clock.advance(by: 60)
        let third = try await test.repository.update(first.id, with: .sample(rating: 5))

        #expect(second.id == first.id && third.id == first.id)
        #expect(third.rating == 5 && third.notes == nil)
        #expect(third.rootCID == first.receiptCID)
        let latest = try await test.repository.receipt(third.receiptCID)
        #expect(latest.header.receiptType == "app.buds.session.edited/v1")
        #expect(latest.header.parentCID?.string == second.receiptCID)
        #expect(latest.header.rootCID?.string == first.receiptCID)
        #expect(third.updatedAt > first.createdAt)
        #expect(third.createdAt == first.createdAt)

        let history = try await test.repository.history(of: first.id.uuidString)
        #expect(history.map(\.cid) == [first.receiptCID, second.receiptCID, third.receiptCID])
        #expect(history.allSatisfy { $0.isVerified })
    }

    @Test("deleting appends a signed tombstone; the memory disappears but its history stays")
    func deleteAppendsTombstone() async throws {
        let test = try TestJournal()
        let memory = try await test.repository.create(.sample())
        try await test.repository.delete(memory.id)

        #expect(try await test.repository.fetch(id: memory.id) == nil)
        #expect(try await test.repository.fetchAll().isEmpty)
        let history = try await test.repository.history(of: memory.receiptCID)
        #expect(history.map(\.receiptType) == ["app.buds.session.created/v1", "app.buds.session.deleted/v1"])
        #expect(history.last?.parentCID == memory.receiptCID)
        await #expect(throws: BudsError.memoryDeleted(memory.receiptCID)) {
            try await test.repository.resolve(memory.receiptCID)
        }
        await #expect(throws: BudsError.memoryDeleted(memory.id.uuidString.lowercased())) {
            try await test.repository.update(memory.id, with: .sample())
        }
    }

    @Test("an invalid session writes nothing and names the field")
    func invalidDraftWritesNothing() async throws {
        let test = try TestJournal()
        await #expect(throws: BudsError.invalidField(FieldIssue(.rating, "must be a whole number from 1 to 5"))) {
            try await test.repository.create(.sample(rating: 6))
        }
        await #expect(throws: BudsError.invalidField(FieldIssue(.strain, "is required"))) {
            try await test.repository.create(.sample("   "))
        }
        var draft = SessionDraft.sample()
        draft.thcPercent = 120
        await #expect(throws: BudsError.invalidField(FieldIssue(.thc, "must be a percentage from 0 to 100"))) {
            try await test.repository.create(draft)
        }
        let report = try await test.journal.verifier.verifyAll()
        #expect(report.total == 0)
    }

    @Test("optional text is trimmed, blank text is absent, and overlong text names its field")
    func optionalTextIsCanonical() throws {
        let now = Date(timeIntervalSince1970: 1_763_600_000)
        var draft = SessionDraft.sample()
        draft.notes = "  smooth \n"
        draft.brand = " \t "
        let canonical = try draft.validated(now: now)
        #expect(canonical.notes == "smooth" && canonical.brand == nil)
        draft.brand = String(repeating: "b", count: 101)
        draft.notes = String(repeating: "n", count: 5_000)
        #expect(draft.issues(now: now) == [FieldIssue(.brand, "must be at most 100 characters")])
    }

    @Test("a photo must be an image by its bytes; it is stored once, by CID, and loads lazily")
    func photosAreCheckedAndStoredByCID() async throws {
        let test = try TestJournal()
        var draft = SessionDraft.sample()
        draft.image = .data(Data("not an image".utf8))
        await #expect(throws: BudsError.unsupportedImage("the file is not a photo: only JPEG, PNG and HEIC images are accepted.")) {
            try await test.repository.create(draft)
        }
        draft.image = .data(pngBytes)
        let memory = try await test.repository.create(draft)
        let imageCID = try #require(memory.imageCID)
        #expect(imageCID.hasPrefix("bafkrei"))
        #expect(try test.repository.imageData(for: memory) == pngBytes)
        let payload = try await test.repository.receipt(memory.receiptCID).body(as: SessionPayload.self).payload
        #expect(payload.imageCID?.string == imageCID)
    }

    @Test("only the snapped coordinate is stored unless the user opts into exact location")
    func locationIsSnappedByDefault() async throws {
        let test = try TestJournal()
        var draft = SessionDraft.sample()
        draft.location = LocationInput(coordinate: try .init(latitude: 37.774929, longitude: -122.419416), placeName: "Home")
        let snapped = try await test.repository.create(draft)
        let location = try #require(snapped.location)
        #expect(!location.isExact)
        #expect(abs(location.latitude - 37.773) < 1e-9)
        #expect(abs(location.longitude - -122.418) < 1e-9)
        #expect(location.placeName == "Home")
        // Neither the exact latitude's IEEE bytes (as SQLite and CBOR store them) nor its text
        // appear anywhere in the database files.
        let files = try FileManager.default.contentsOfDirectory(at: test.directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("buds.sqlite") }
        let stored = try files.reduce(into: Data()) { $0 += try Data(contentsOf: $1) }
        let exactBytes = withUnsafeBytes(of: 37.774929.bitPattern.bigEndian) { Data($0) }
        #expect(stored.range(of: exactBytes) == nil)
        #expect(stored.range(of: Data("37.774929".utf8)) == nil)

        draft.location?.exact = true
        let exact = try await test.repository.create(draft)
        #expect(exact.location == MemoryLocation(latitude: 37.774929, longitude: -122.419416, isExact: true, placeName: "Home"))
    }

    @Test("only the author may edit or delete a chain")
    func otherIdentityCannotEdit() async throws {
        let clock = TestClock()
        let author = try TestJournal(clock: clock)
        let memory = try await author.repository.create(.sample())
        let (archive, _) = try await author.journal.archive.export()

        let other = try TestJournal(clock: clock)
        _ = try await other.journal.archive.importArchive(archive)
        await #expect(throws: BudsError.notAuthor(memory.id.uuidString.lowercased())) {
            try await other.repository.update(memory.id, with: .sample(rating: 1))
        }
        await #expect(throws: BudsError.notAuthor(memory.id.uuidString.lowercased())) {
            try await other.repository.delete(memory.id)
        }
    }

    @Test("a batch of sessions is recorded in one transaction, all or none")
    func batchIsAtomic() async throws {
        let test = try TestJournal()
        let ids = try await test.journal.manager.createBatch((1...20).map { .sample("Strain \($0)") })
        #expect(Set(ids).count == 20)
        await #expect(throws: BudsError.self) {
            try await test.journal.manager.createBatch([.sample("Fine"), .sample("Broken", rating: 0)])
        }
        #expect(try await test.repository.fetchAll().count == 20)
    }
}
