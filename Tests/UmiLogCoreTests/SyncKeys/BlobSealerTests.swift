import Crypto
import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("BlobSealer")
struct BlobSealerTests {
    let master = MasterKey.generate()
    let profile = Data((0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) })

    @Test("names are 64 lower-case hex digits, equal across devices of one account only")
    func names() throws {
        let name = master.blobSealer.name(for: profile)
        #expect(name.count == 64)
        #expect(name.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(master.blobSealer.name(for: profile) == name)
        #expect(try MasterKey(rawBytes: master.rawBytes).blobSealer.name(for: profile) == name)
        #expect(MasterKey.generate().blobSealer.name(for: profile) != name)
        #expect(master.blobSealer.name(for: profile + Data([0])) != name)
        // Keyed: not the plain SHA-256 a server could compute from a guess.
        #expect(name != SHA256.hash(data: profile).map { String(format: "%02x", $0) }.joined())
    }

    @Test("a sealed blob opens under its name on another device; sealing twice differs")
    func roundTrip() throws {
        let sealer = master.blobSealer
        let name = sealer.name(for: profile)
        let first = try sealer.seal(profile, name: name)
        let second = try sealer.seal(profile, name: name)
        #expect(first != second)
        let otherDevice = try MasterKey(rawBytes: master.rawBytes).blobSealer
        #expect(try otherDevice.open(first, name: name) == profile)
        #expect(try otherDevice.open(second, name: name) == profile)
        #expect(try sealer.open(sealer.seal(Data(), name: sealer.name(for: Data())), name: sealer.name(for: Data())) == Data())
        #expect(throws: UmiLogKeyError.cannotOpenBlob) { try MasterKey.generate().blobSealer.open(first, name: name) }
    }

    @Test("two blobs of the same account served in each other's place do not open")
    func swapped() throws {
        let sealer = master.blobSealer
        let other = Data("another profile".utf8)
        let nameA = sealer.name(for: profile)
        let nameB = sealer.name(for: other)
        let blobA = try sealer.seal(profile, name: nameA)
        let blobB = try sealer.seal(other, name: nameB)
        #expect(throws: UmiLogKeyError.cannotOpenBlob) { try sealer.open(blobA, name: nameB) }
        #expect(throws: UmiLogKeyError.cannotOpenBlob) { try sealer.open(blobB, name: nameA) }
    }

    /// A blob whose associated data names A but whose content is B can only be made with the
    /// blob key itself (a buggy or malicious client of the same account); the name check on
    /// opening still refuses it.
    @Test("content that does not match its name is refused even when it authenticates")
    func contentNameCheck() throws {
        let sealer = master.blobSealer
        let nameA = sealer.name(for: profile)
        let mislabelled = try ChaChaPoly.seal(
            Data("B".utf8), using: master.derivedKey(.blob), authenticating: BlobSealer.associatedData(nameA)
        ).combined
        #expect(throws: UmiLogKeyError.cannotOpenBlob) { try sealer.open(mislabelled, name: nameA) }
        #expect(throws: UmiLogKeyError.blobNameMismatch) { try sealer.seal(profile, name: sealer.name(for: Data("B".utf8))) }
        #expect(throws: UmiLogKeyError.blobNameMismatch) { try sealer.seal(profile, name: nameA.uppercased()) }
    }

    @Test("damaged and random blobs are refused, never crash")
    func damaged() throws {
        let sealer = master.blobSealer
        let name = sealer.name(for: profile)
        let sealed = try sealer.seal(profile, name: name)
        var generator = SplitMix64(seed: 0xB10B_0001)
        for _ in 0..<1000 {
            var mutated = sealed
            let index = mutated.startIndex + Int.random(in: 0..<mutated.count, using: &generator)
            mutated[index] ^= UInt8.random(in: 1...255, using: &generator)
            #expect(throws: UmiLogKeyError.cannotOpenBlob) { try sealer.open(mutated, name: name) }
            #expect(throws: UmiLogKeyError.cannotOpenBlob) {
                try sealer.open(sealed.prefix(Int.random(in: 0..<sealed.count, using: &generator)), name: name)
            }
            let random = Data(generator.bytes(Int.random(in: 0...100, using: &generator)))
            #expect(throws: UmiLogKeyError.cannotOpenBlob) { try sealer.open(random, name: name) }
        }
    }
}
