import Foundation
import TestSupport
import Testing
import UmiLogCore

@Suite("RecordSealer")
struct RecordSealerTests {
    let master = MasterKey.generate()
    let recordID = UUID()
    let plaintext = Data(#"{"site":"blue-hole","depth":31.5}"#.utf8)

    @Test("a sealed record opens to its plaintext; sealing twice gives different ciphertexts")
    func roundTrip() throws {
        let sealer = master.recordSealer
        let first = try sealer.seal(plaintext, recordID: recordID, kind: "dive", schemaVersion: 2)
        let second = try sealer.seal(plaintext, recordID: recordID, kind: "dive", schemaVersion: 2)
        #expect(first != second)
        #expect(first.count == plaintext.count + 28)
        #expect(first.range(of: plaintext) == nil)
        for sealed in [first, second] {
            #expect(try sealer.open(sealed, recordID: recordID, kind: "dive", schemaVersion: 2) == plaintext)
        }
        let empty = try sealer.seal(Data(), recordID: recordID, kind: "dive", schemaVersion: 2)
        #expect(try sealer.open(empty, recordID: recordID, kind: "dive", schemaVersion: 2) == Data())
        // Another device with the same master key opens it too.
        let otherDevice = try MasterKey(rawBytes: master.rawBytes).recordSealer
        #expect(try otherDevice.open(first, recordID: recordID, kind: "dive", schemaVersion: 2) == plaintext)
    }

    @Test("a record moved to another id, relabelled, given another version or key does not open")
    func bindings() throws {
        let sealed = try master.recordSealer.seal(plaintext, recordID: recordID, kind: "dive", schemaVersion: 2)
        let sealer = master.recordSealer
        let uppercaseTwin = try #require(UUID(uuidString: recordID.uuidString.uppercased()))
        #expect(try sealer.open(sealed, recordID: uppercaseTwin, kind: "dive", schemaVersion: 2) == plaintext)
        #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(sealed, recordID: UUID(), kind: "dive", schemaVersion: 2) }
        #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(sealed, recordID: recordID, kind: "site", schemaVersion: 2) }
        #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(sealed, recordID: recordID, kind: "Dive", schemaVersion: 2) }
        #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(sealed, recordID: recordID, kind: "dive", schemaVersion: 1) }
        #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(sealed, recordID: recordID, kind: "dive", schemaVersion: 21) }
        #expect(throws: UmiLogKeyError.cannotOpenRecord) {
            try MasterKey.generate().recordSealer.open(sealed, recordID: recordID, kind: "dive", schemaVersion: 2)
        }
        // The separators keep kind and version apart: "dive" v12 is not "dive1" v2.
        let twelve = try sealer.seal(plaintext, recordID: recordID, kind: "dive", schemaVersion: 12)
        #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(twelve, recordID: recordID, kind: "dive1", schemaVersion: 2) }
    }

    @Test("every flipped bit, every truncation and random bytes are refused, never crash")
    func damaged() throws {
        let sealer = master.recordSealer
        let sealed = try sealer.seal(plaintext, recordID: recordID, kind: "dive", schemaVersion: 2)
        for index in sealed.indices {
            for bit in 0..<8 {
                var flipped = sealed
                flipped[index] ^= 1 << bit
                #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(flipped, recordID: recordID, kind: "dive", schemaVersion: 2) }
            }
        }
        for length in 0..<sealed.count {
            #expect(throws: UmiLogKeyError.cannotOpenRecord) {
                try sealer.open(sealed.prefix(length), recordID: recordID, kind: "dive", schemaVersion: 2)
            }
            #expect(throws: UmiLogKeyError.cannotOpenRecord) {
                try sealer.open(sealed.suffix(length), recordID: recordID, kind: "dive", schemaVersion: 2)
            }
        }
        var generator = SplitMix64(seed: 0x5EA1_0001)
        for _ in 0..<2000 {
            let bytes = Data(generator.bytes(Int.random(in: 0...120, using: &generator)))
            #expect(throws: UmiLogKeyError.cannotOpenRecord) { try sealer.open(bytes, recordID: recordID, kind: "dive", schemaVersion: 2) }
        }
    }
}
