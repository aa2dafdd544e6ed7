import Foundation
import TestSupport
import Testing
import UmiLogCore

/// Backup files from an untrusted place (a cloud drive, a mail attachment): random bytes and
/// random damage to a valid file are always refused with a typed error, never a crash, a hang
/// or a wrong payload.
@Suite("BackupFile: fuzzing")
struct BackupFileFuzzTests {
    static let master = MasterKey.generate()
    static let payload = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    static let valid: Data =
        (try? BackupFile.seal(
            payload: payload, slots: [SyncKeysFixtures.passphraseSlot(master)], accountID: UUID(), master: master
        )) ?? Data()

    @Test("random bytes, with and without a valid start, are refused")
    func randomBytes() {
        var generator = SplitMix64(seed: 0xBAC0_0001)
        let starts = [Data(), Data("UMILOGBK".utf8), Data("UMILOGBK".utf8) + Data([0, 1]), Self.valid.prefix(14)]
        for _ in 0..<3000 {
            let start = starts.randomElement(using: &generator) ?? Data()
            let file = start + Data(generator.bytes(Int.random(in: 0...300, using: &generator)))
            #expect(throws: UmiLogKeyError.self) { try BackupFile.open(file, master: Self.master) }
            _ = try? BackupFile.readHeader(file)
        }
    }

    @Test("random mutations of a valid file are refused")
    func mutations() throws {
        #expect(try BackupFile.open(Self.valid, master: Self.master) == Self.payload)
        var generator = SplitMix64(seed: 0xBAC0_0002)
        var checked = 0
        for _ in 0..<3000 {
            let mutated = Data(generator.mutated([UInt8](Self.valid)))
            guard mutated != Self.valid else { continue }
            checked += 1
            #expect(throws: UmiLogKeyError.self) { try BackupFile.open(mutated, master: Self.master) }
            _ = try? BackupFile.readHeader(mutated)
        }
        #expect(checked > 2500)
    }
}
