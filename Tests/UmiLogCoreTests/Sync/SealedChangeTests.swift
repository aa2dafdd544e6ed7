import DAGCBOR
import Foundation
import Testing

@testable import UmiLogCore

@Suite("Sealed changes: what the server carries opens only as what it is")
struct SealedChangeTests {
    private let master = MasterKey.generate()

    private func sealed(_ change: SyncChange) throws -> SealedChange {
        let wireID = master.wireRecordID(for: change.recordID)
        let bytes = try master.recordSealer.seal(
            change.encoded(), recordID: wireID, kind: change.kind, schemaVersion: change.schemaVersion)
        return SealedChange(changeID: change.id, recordID: wireID, kind: change.kind, schemaVersion: change.schemaVersion, sealed: bytes)
    }

    private func change(record: UUID = UUID()) -> SyncChange {
        SyncChange(
            id: UUID(), recordID: record, kind: "dive", schemaVersion: 1,
            hlc: HLCTimestamp(wallMilliseconds: 1_000, counter: 0, node: "a"),
            fields: ["notes": SyncChange.FieldWrite(value: "Blue Hole, 27.3 33.9", base: nil)])
    }

    @Test func aChangeOpensUnderItsOwnRecord() throws {
        let original = change()
        #expect(SyncService.open(try sealed(original), sealer: master.recordSealer, master: master) == original)
    }

    @Test func aCiphertextMovedToAnotherRecordKindVersionOrChangeIdFailsToOpen() throws {
        let sealedChange = try sealed(change())
        let other = try sealed(change())
        var moved = sealedChange
        moved.recordID = other.recordID
        #expect(SyncService.open(moved, sealer: master.recordSealer, master: master) == nil)
        var relabelled = sealedChange
        relabelled.kind = "site"
        #expect(SyncService.open(relabelled, sealer: master.recordSealer, master: master) == nil)
        var reversioned = sealedChange
        reversioned.schemaVersion = 2
        #expect(SyncService.open(reversioned, sealer: master.recordSealer, master: master) == nil)
        var renamed = sealedChange
        renamed.changeID = UUID()
        #expect(SyncService.open(renamed, sealer: master.recordSealer, master: master) == nil)
        // Another diver's key opens nothing.
        let stranger = MasterKey.generate()
        #expect(SyncService.open(sealedChange, sealer: stranger.recordSealer, master: stranger) == nil)
    }

    @Test func theServerSeesKeyedRecordIdsAndNoPlaintext() throws {
        let record = UUID()
        let sealedChange = try sealed(change(record: record))
        #expect(sealedChange.recordID != record)
        #expect(master.wireRecordID(for: record) == sealedChange.recordID)
        #expect(MasterKey.generate().wireRecordID(for: record) != sealedChange.recordID)
        #expect(sealedChange.sealed.range(of: Data("Blue Hole".utf8)) == nil)
        // The same change sealed twice: two different ciphertexts (a fresh nonce each time).
        #expect(try sealed(change(record: record)).sealed != sealedChange.sealed)
    }

    @Test func aProfileBlobIsNamedByItsDigestAndASwappedBlobFails() throws {
        let profile = try DAGCBORValue.array([.array([.integer(10), .float(5.5)])]).encoded()
        let other = try DAGCBORValue.array([.array([.integer(20), .float(9.5)])]).encoded()
        let name = SyncService.blobName(ofProfile: DiveSyncMapping.digest(of: profile), master: master)
        #expect(name == master.blobSealer.name(for: profile))
        let sealedProfile = try master.blobSealer.seal(profile, name: name)
        #expect(try master.blobSealer.open(sealedProfile, name: name) == profile)
        let otherName = master.blobSealer.name(for: other)
        let sealedOther = try master.blobSealer.seal(other, name: otherName)
        #expect(throws: UmiLogKeyError.cannotOpenBlob) { try master.blobSealer.open(sealedOther, name: name) }
    }
}
