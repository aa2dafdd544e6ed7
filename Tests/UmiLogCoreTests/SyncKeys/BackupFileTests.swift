import Foundation
import TestSupport
import Testing
import UmiLogCore

/// A backup made, read back and unlocked; and the ways a damaged or tampered file is refused.
@Suite("BackupFile")
struct BackupFileTests {
    /// Chunk boundaries: `BackupFile.chunkByteCount` plaintext bytes per chunk.
    static let mebibyte = 1 << 20

    let master = MasterKey.generate()
    let code = RecoveryCode.generate()
    let accountID = UUID()
    let createdAt = Date(timeIntervalSince1970: 1_790_000_000)

    func slots() throws -> [KeySlot] {
        [try SyncKeysFixtures.passphraseSlot(master), try SyncKeysFixtures.recoverySlot(master, code: code)]
    }

    func backup(_ payload: Data) throws -> Data {
        try BackupFile.seal(payload: payload, slots: slots(), accountID: accountID, master: master, createdAt: createdAt)
    }

    static func payload(_ count: Int, seed: UInt64) -> Data {
        var generator = SplitMix64(seed: seed)
        return Data(generator.bytes(count))
    }

    /// The byte offsets where each chunk's length field starts.
    static func chunkOffsets(_ file: Data) -> [Int] {
        let headerLength = file[10..<14].reduce(0) { $0 << 8 | Int($1) }
        var offsets: [Int] = []
        var offset = 14 + headerLength
        while offset + 4 <= file.count {
            offsets.append(offset)
            offset += 4 + file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return offsets
    }

    @Test("empty, small, exactly one chunk and multi-chunk payloads round-trip", arguments: [0, 1, 1000, 1 << 20, 2 << 20, 5 << 19])
    func roundTrip(count: Int) throws {
        let payload = Self.payload(count, seed: UInt64(count))
        let file = try backup(payload)
        let chunks = max(1, (count + Self.mebibyte - 1) / Self.mebibyte)
        #expect(Self.chunkOffsets(file).count == chunks)
        #expect(file.prefix(8) == Data("UMILOGBK".utf8))
        #expect(try BackupFile.open(file, master: master) == payload)
        #expect(try BackupFile.open(file, master: MasterKey(rawBytes: master.rawBytes)) == payload)
    }

    @Test("the header is readable without a key and unlocks with the passphrase or the recovery code")
    func header() throws {
        let file = try backup(Data("the log".utf8))
        let header = try BackupFile.readHeader(file)
        #expect(header.formatVersion == 1)
        #expect(header.slots.map(\.kind) == [.passphrase, .recoveryCode])
        #expect(header.accountID == accountID)
        #expect(header.createdAt == createdAt)
        let byPassphrase = try header.unlock(with: .passphrase(SyncKeysFixtures.passphrase))
        let byCode = try header.unlock(with: .recoveryCode(code))
        #expect(byPassphrase == master && byCode == master)
        #expect(try BackupFile.open(file, master: byCode) == Data("the log".utf8))
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try header.unlock(with: .passphrase("not the passphrase")) }
        #expect(throws: UmiLogKeyError.wrongRecoveryCode) { try header.unlock(with: .recoveryCode(.generate())) }

        let anonymous = try BackupFile.seal(payload: Data(), slots: [], accountID: nil, master: master)
        #expect(try BackupFile.readHeader(anonymous).accountID == nil)
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try BackupFile.readHeader(anonymous).unlock(with: .passphrase("anything at all")) }
        #expect(try BackupFile.open(anonymous, master: master) == Data())
    }

    @Test("the payload does not appear in the file")
    func encrypted() throws {
        let payload = Data(String(repeating: "Blue Hole, Dahab, 31.5 m. ", count: 100).utf8)
        let file = try backup(payload)
        #expect(file.range(of: Data("Blue Hole".utf8)) == nil)
    }

    @Test("another log's key does not open the backup")
    func wrongKey() throws {
        let file = try backup(Data("the log".utf8))
        let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(file, master: MasterKey.generate()) }
        #expect(error?.corruptBackupReason != nil)
    }

    @Test("a file cut at a chunk boundary or inside a chunk is refused as cut short")
    func truncated() throws {
        let file = try backup(Self.payload(5 << 19, seed: 1))
        let offsets = Self.chunkOffsets(file)
        for cut in [offsets[2], offsets[1], offsets[2] + 3, offsets[2] + 100, file.count - 1] {
            let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(file.prefix(cut), master: master) }
            #expect(error?.corruptBackupReason?.contains("ends early") == true, "cut at \(cut): \(String(describing: error))")
        }
        let noBody = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(file.prefix(offsets[0]), master: master) }
        #expect(noBody?.corruptBackupReason != nil)
        for cut in [0, 4, 8, 11, 14, offsets[0] - 1] {
            #expect(throws: UmiLogKeyError.self) { try BackupFile.readHeader(file.prefix(cut)) }
        }
    }

    @Test("reordered, dropped or repeated chunks are refused")
    func reordered() throws {
        let file = try backup(Self.payload(5 << 19, seed: 2))
        let offsets = Self.chunkOffsets(file)
        let head = file[..<offsets[0]]
        let chunks = [file[offsets[0]..<offsets[1]], file[offsets[1]..<offsets[2]], file[offsets[2]...]]
        for order in [[1, 0, 2], [0, 2], [0, 0, 1, 2], [0, 1, 1, 2], [2, 1, 0], [0, 1, 2, 2]] {
            let rearranged = order.reduce(Data(head)) { $0 + chunks[$1] }
            let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(rearranged, master: master) }
            #expect(error?.corruptBackupReason != nil, "\(order)")
        }
    }

    @Test("bytes after the end are refused")
    func trailingBytes() throws {
        let file = try backup(Data("the log".utf8))
        for extra in [Data([0]), Data(count: 4), Data([0, 0, 0, 28]) + Data(count: 28), Self.payload(100, seed: 3), file] {
            let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(file + extra, master: master) }
            #expect(error?.corruptBackupReason != nil)
        }
        let appended = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(file + Data([1]), master: master) }
        #expect(appended?.corruptBackupReason != nil)
    }

    /// Every byte of a small backup, header included, flipped in turn: the header's digest is in
    /// every chunk's associated data, so even a change the JSON reader tolerates is caught.
    @Test("every flipped byte is refused")
    func flippedBytes() throws {
        let file = try backup(Data("a short log".utf8))
        for index in file.indices {
            var flipped = file
            flipped[index] ^= 0x01
            #expect(throws: UmiLogKeyError.self, "byte \(index)") { try BackupFile.open(flipped, master: master) }
        }
    }

    @Test("a header swapped for another backup's (other slots, same key) is refused")
    func swappedHeader() throws {
        let payload = Data("the log".utf8)
        let original = try backup(payload)
        let attackerSlot = try SyncKeysFixtures.passphraseSlot(master, passphrase: "the attacker's passphrase")
        let other = try BackupFile.seal(payload: payload, slots: [attackerSlot], accountID: accountID, master: master, createdAt: createdAt)
        let originalBody = original[Self.chunkOffsets(original)[0]...]
        let otherHead = other[..<Self.chunkOffsets(other)[0]]
        let spliced = Data(otherHead) + originalBody
        #expect(try BackupFile.readHeader(spliced).slots == [attackerSlot])
        let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(spliced, master: master) }
        #expect(error?.corruptBackupReason != nil)
    }

    @Test("other magic, format versions and impossible lengths are refused before anything is allocated")
    func malformedHeader() throws {
        let file = try backup(Data("the log".utf8))
        var otherMagic = file
        otherMagic[0] = UInt8(ascii: "X")
        var version2 = file
        version2[9] = 2
        var hugeHeader = file
        hugeHeader.replaceSubrange(10..<14, with: [0xFF, 0xFF, 0xFF, 0xFF])
        var emptyHeader = file
        emptyHeader.replaceSubrange(10..<14, with: [0, 0, 0, 0])
        var hugeChunk = file
        let firstChunk = Self.chunkOffsets(file)[0]
        hugeChunk.replaceSubrange(firstChunk..<firstChunk + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
        for damaged in [otherMagic, version2, hugeHeader, emptyHeader, Data(), Data("UMILOGBK".utf8)] {
            let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.readHeader(damaged) }
            #expect(error?.corruptBackupReason != nil)
        }
        let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(hugeChunk, master: master) }
        #expect(error?.corruptBackupReason?.contains("impossible length") == true)
    }

    @Test("error messages carry no key material")
    func messages() throws {
        let file = try backup(Data("the log".utf8))
        let error = #expect(throws: UmiLogKeyError.self) { try BackupFile.open(file.dropLast(), master: master) }
        let message = error?.errorDescription ?? ""
        #expect(!message.isEmpty)
        #expect(!message.contains(master.rawBytes.base64EncodedString()))
        #expect(UmiLogKeyError.wrongPassphrase.errorDescription == "That passphrase does not open this log. Check it, or use your recovery code.")
    }
}
