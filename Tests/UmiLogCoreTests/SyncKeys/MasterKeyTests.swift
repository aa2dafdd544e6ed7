import Crypto
import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("MasterKey")
struct MasterKeyTests {
    @Test("printing, debug-printing and dumping never show the key bytes")
    func redacted() {
        let master = MasterKey.generate()
        let hex = master.rawBytes.map { String(format: "%02x", $0) }.joined()
        var dumped = ""
        dump(master, to: &dumped)
        for text in [master.description, String(describing: master), String(reflecting: master), "\(master)", dumped] {
            #expect(!text.contains(hex))
            #expect(!text.contains(master.rawBytes.base64EncodedString()))
        }
        #expect(master.description == "MasterKey(redacted)")
        #expect(String(reflecting: master) == "MasterKey(redacted)")
        #expect(master.recordSealer.description == "RecordSealer(redacted)")
        #expect(master.blobSealer.description == "BlobSealer(redacted)")
    }

    @Test("the raw bytes restore the same key; other lengths are refused")
    func rawBytes() throws {
        let master = MasterKey.generate()
        #expect(master.rawBytes.count == 32)
        #expect(try MasterKey(rawBytes: master.rawBytes) == master)
        #expect(MasterKey.generate() != master)
        for count in [0, 16, 31, 33, 64] {
            #expect(throws: UmiLogKeyError.invalidMasterKey) { try MasterKey(rawBytes: Data(repeating: 7, count: count)) }
        }
    }

    /// Known answers computed apart (Python's hmac: HKDF-SHA256, empty salt, one block), so the
    /// labels and the derivation cannot drift without a test noticing: every device must derive
    /// the same keys from the same master key.
    @Test("each purpose's key is HKDF-SHA256 of the master key under its own label")
    func derivedKeys() throws {
        let master = try MasterKey(rawBytes: Data(0..<32))
        let expected: [MasterKey.Purpose: String] = [
            .record: "9e3eb5d2a18541d2e0dfdbfb089c104e79bf2fa242104e41975a580833f03e1b",
            .recordID: "f9c1ed28cb1f1d3404270bc506fbbee1e1aecb50fb9656245fb92d7af181c48a",
            .blob: "dc6c8c78a28e4599028346de8955086914733defed0b6b531c3dedcc4b727bb8",
            .blobName: "cb3611ca6d9285b17ff74e0f554fbda065c6208dcb6bb7937cdd171bec178172",
            .account: "63d2be655de8a3e7b8d918beb94b48fc7b8ee12e0e5fe0995102986fd5f8313b",
            .backup: "955aa592527a2b7e7d650d198e0608d6d2984ff45d696f7a90472397f4f717e9",
        ]
        for purpose in MasterKey.Purpose.allCases {
            let bytes = master.derivedKey(purpose).withUnsafeBytes { Data($0) }
            #expect(bytes == expected[purpose].map { Data(hex: $0) }, "\(purpose)")
        }
        #expect(master.accountSigningKey.rawRepresentation == expected[.account].map { Data(hex: $0) })
    }

    @Test("the account signing key is the same on every device with the master key, and signs")
    func accountSigningKey() throws {
        let master = MasterKey.generate()
        let otherDevice = try MasterKey(rawBytes: master.rawBytes)
        let publicKey = master.accountSigningKey.publicKey
        #expect(otherDevice.accountSigningKey.publicKey.rawRepresentation == publicKey.rawRepresentation)
        #expect(MasterKey.generate().accountSigningKey.publicKey.rawRepresentation != publicKey.rawRepresentation)
        let registration = Data("register device 0f0e".utf8)
        let signature = try otherDevice.accountSigningKey.signature(for: registration)
        #expect(publicKey.isValidSignature(signature, for: registration))
        #expect(!publicKey.isValidSignature(signature, for: Data("register device 0f0f".utf8)))
    }
}
