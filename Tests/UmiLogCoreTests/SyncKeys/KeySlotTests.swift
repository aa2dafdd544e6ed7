import Foundation
import Testing
import UmiLogCore

@Suite("KeySlot")
struct KeySlotTests {
    @Test("a passphrase slot opens with its passphrase, and only with it")
    func passphraseRoundTrip() throws {
        let master = MasterKey.generate()
        let slot = try SyncKeysFixtures.passphraseSlot(master)
        #expect(slot.kind == .passphrase)
        #expect(slot.version == 1)
        #expect(slot.wrappedKey.count == 60)
        #expect(try slot.unwrap(secret: .passphrase(SyncKeysFixtures.passphrase)) == master)
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try slot.unwrap(secret: .passphrase("correct horse battery stapler")) }
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try slot.unwrap(secret: .passphrase("")) }
        // Short passphrases are refused only when a slot is made: at unwrap they are merely wrong.
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try slot.unwrap(secret: .passphrase("abc")) }
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try slot.unwrap(secret: .recoveryCode(.generate())) }
    }

    @Test("a recovery-code slot opens with its code, and only with it")
    func recoveryCodeRoundTrip() throws {
        let master = MasterKey.generate()
        let code = RecoveryCode.generate()
        let slot = try SyncKeysFixtures.recoverySlot(master, code: code)
        #expect(slot.kind == .recoveryCode)
        #expect(try slot.unwrap(secret: .recoveryCode(code)) == master)
        #expect(try slot.unwrap(secret: .recoveryCode(RecoveryCode(parsing: code.description.lowercased()))) == master)
        #expect(throws: UmiLogKeyError.wrongRecoveryCode) { try slot.unwrap(secret: .recoveryCode(.generate())) }
        #expect(throws: UmiLogKeyError.wrongRecoveryCode) { try slot.unwrap(secret: .passphrase(SyncKeysFixtures.passphrase)) }
    }

    @Test("two slots of the same master key and passphrase share no salt and no wrapped key")
    func freshSaltAndNonce() throws {
        let master = MasterKey.generate()
        let first = try SyncKeysFixtures.passphraseSlot(master)
        let second = try SyncKeysFixtures.passphraseSlot(master)
        #expect(first.kdf.salt.count == 16)
        #expect(first.kdf.salt != second.kdf.salt)
        #expect(first.wrappedKey != second.wrappedKey)
    }

    @Test("a slot whose stored parameters, salt or id were edited does not open")
    func editedSlot() throws {
        let master = MasterKey.generate()
        let slot = try SyncKeysFixtures.passphraseSlot(master)
        let secret = KeySlotSecret.passphrase(SyncKeysFixtures.passphrase)
        let kdf = slot.kdf
        let edits = [
            try SyncKeysFixtures.edited(slot, kdf: KDFParameters(logN: 11, r: kdf.r, p: kdf.p, salt: kdf.salt)),
            try SyncKeysFixtures.edited(slot, kdf: KDFParameters(logN: kdf.logN, r: 4, p: kdf.p, salt: kdf.salt)),
            try SyncKeysFixtures.edited(slot, kdf: KDFParameters(logN: kdf.logN, r: kdf.r, p: 2, salt: kdf.salt)),
            try SyncKeysFixtures.edited(slot, kdf: KDFParameters(logN: kdf.logN, r: kdf.r, p: kdf.p, salt: Data(repeating: 0, count: 16))),
            try SyncKeysFixtures.edited(slot, slotID: "passphrase-2"),
        ]
        for edit in edits {
            #expect(throws: UmiLogKeyError.wrongPassphrase) { try edit.unwrap(secret: secret) }
        }
        var flipped = slot.wrappedKey
        flipped[flipped.startIndex + 20] ^= 1
        let damaged = try KeySlot(slotID: slot.slotID, kind: slot.kind, kdf: slot.kdf, wrappedKey: flipped, version: 1)
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try damaged.unwrap(secret: secret) }
    }

    /// The passphrase `AAAAAAAAAAAAAAAA` and a recovery code of sixteen 0x41 bytes feed the KDF
    /// the same bytes, so only the associated data's kind tells the two slots apart.
    @Test("a slot relabelled with the other kind does not open, even with the same secret bytes")
    func editedKind() throws {
        let master = MasterKey.generate()
        var generator = RepeatingByteGenerator(byte: UInt8(ascii: "A"))
        let code = RecoveryCode.generate(using: &generator)
        #expect(code.rawBytes == Data(repeating: UInt8(ascii: "A"), count: 16))
        let slot = try SyncKeysFixtures.recoverySlot(master, code: code, slotID: "recovery")
        #expect(try slot.unwrap(secret: .recoveryCode(code)) == master)
        let relabelled = try SyncKeysFixtures.edited(slot, kind: .passphrase)
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try relabelled.unwrap(secret: .passphrase("AAAAAAAAAAAAAAAA")) }
    }

    @Test("changing the passphrase rewrites the slot; the master key and old records stay")
    func rewrap() throws {
        let master = MasterKey.generate()
        let recordID = UUID()
        let record = try master.recordSealer.seal(Data("dive 1".utf8), recordID: recordID, kind: "dive", schemaVersion: 1)
        let old = try SyncKeysFixtures.passphraseSlot(master)
        let new = try old.rewrapped(
            opening: .passphrase(SyncKeysFixtures.passphrase), with: .passphrase("a brand new passphrase"), parameters: .cheapestForTesting
        )
        #expect(new.slotID == old.slotID)
        #expect(new != old)
        #expect(new.kdf.salt != old.kdf.salt)
        #expect(new.wrappedKey != old.wrappedKey)
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try new.unwrap(secret: .passphrase(SyncKeysFixtures.passphrase)) }
        let unwrapped = try new.unwrap(secret: .passphrase("a brand new passphrase"))
        #expect(unwrapped == master)
        #expect(try unwrapped.recordSealer.open(record, recordID: recordID, kind: "dive", schemaVersion: 1) == Data("dive 1".utf8))
        #expect(throws: UmiLogKeyError.wrongPassphrase) {
            try old.rewrapped(opening: .passphrase("not the passphrase"), with: .passphrase("whatever else"), parameters: .cheapestForTesting)
        }
    }

    @Test("NFC and NFD spellings of a passphrase open the same slot")
    func unicodeNormalisation() throws {
        let composed = "plong\u{E9}e \u{E0} C\u{F4}te-d'Ivoire"
        let decomposed = "plonge\u{301}e a\u{300} Co\u{302}te-d'Ivoire"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let master = MasterKey.generate()
        let fromComposed = try SyncKeysFixtures.passphraseSlot(master, passphrase: composed)
        let fromDecomposed = try SyncKeysFixtures.passphraseSlot(master, passphrase: decomposed)
        #expect(try fromComposed.unwrap(secret: .passphrase(decomposed)) == master)
        #expect(try fromDecomposed.unwrap(secret: .passphrase(composed)) == master)
    }

    @Test("new passphrases need 8 characters, counted as a person counts them")
    func passphraseLength() throws {
        let master = MasterKey.generate()
        for short in ["", "1234567", "abc", String(repeating: "e\u{301}", count: 7)] {
            #expect(throws: UmiLogKeyError.passphraseTooShort) { try SyncKeysFixtures.passphraseSlot(master, passphrase: short) }
        }
        for long in ["12345678", String(repeating: "e\u{301}", count: 8), "🐠🐠🐠🐠🐠🐠🐠🐠"] {
            let slot = try SyncKeysFixtures.passphraseSlot(master, passphrase: long)
            #expect(try slot.unwrap(secret: .passphrase(long)) == master)
        }
    }

    @Test("slot ids follow the contract's pattern")
    func slotIDs() throws {
        let master = MasterKey.generate()
        for id in ["passphrase", "p", "recovery-2", String(repeating: "a", count: 32)] {
            #expect(KeySlot.isValidSlotID(id))
        }
        for id in ["", "Passphrase", "2fa", "-x", "a_b", "a b", String(repeating: "a", count: 33), "caf\u{E9}", "a\u{0}b"] {
            #expect(!KeySlot.isValidSlotID(id))
            #expect(throws: UmiLogKeyError.self) { try SyncKeysFixtures.passphraseSlot(master, slotID: id) }
        }
    }

    @Test("the JSON is openapi.yaml's KeySlot, with standard base64, and reads back")
    func json() throws {
        let slot = try SyncKeysFixtures.passphraseSlot(MasterKey.generate())
        let json = try JSONEncoder().encode(slot)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["slotId", "kind", "kdf", "wrappedKey", "version"])
        #expect(object["slotId"] as? String == "passphrase")
        #expect(object["kind"] as? String == "passphrase")
        #expect(object["version"] as? Int == 1)
        #expect((object["wrappedKey"] as? String).flatMap { Data(base64Encoded: $0) } == slot.wrappedKey)
        let kdf = try #require(object["kdf"] as? [String: Any])
        #expect(Set(kdf.keys) == ["algorithm", "logN", "r", "p", "salt"])
        #expect(kdf["algorithm"] as? String == "scrypt")
        #expect(kdf["logN"] as? Int == 10)
        #expect(kdf["r"] as? Int == 8)
        #expect(kdf["p"] as? Int == 1)
        #expect((kdf["salt"] as? String).flatMap { Data(base64Encoded: $0) } == slot.kdf.salt)
        #expect(try JSONDecoder().decode(KeySlot.self, from: json) == slot)

        let recovery = try SyncKeysFixtures.recoverySlot(MasterKey.generate(), code: .generate())
        let recoveryObject = try JSONSerialization.jsonObject(with: JSONEncoder().encode(recovery)) as? [String: Any]
        #expect(recoveryObject?["kind"] as? String == "recoveryCode")
    }

    @Test("JSON slots that break the contract are typed errors")
    func invalidJSON() throws {
        let slot = try SyncKeysFixtures.passphraseSlot(MasterKey.generate())
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(slot)) as? [String: Any])
        func decode(_ change: (inout [String: Any]) -> Void) throws -> KeySlot {
            var edited = object
            change(&edited)
            return try JSONDecoder().decode(KeySlot.self, from: JSONSerialization.data(withJSONObject: edited))
        }
        func kdf(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
            { object in
                var kdf = object["kdf"] as? [String: Any] ?? [:]
                kdf[key] = value
                object["kdf"] = kdf
            }
        }
        #expect(throws: UmiLogKeyError.self) { try decode { $0["version"] = 2 } }
        #expect(throws: UmiLogKeyError.self) { try decode { $0["slotId"] = "Not Valid" } }
        #expect(throws: UmiLogKeyError.self) { try decode { $0["wrappedKey"] = Data(count: 59).base64EncodedString() } }
        #expect(throws: UmiLogKeyError.self) { try decode(kdf("logN", 23)) }
        #expect(throws: UmiLogKeyError.self) { try decode(kdf("logN", 9)) }
        #expect(throws: UmiLogKeyError.self) { try decode(kdf("r", 0)) }
        #expect(throws: UmiLogKeyError.self) { try decode(kdf("p", 17)) }
        #expect(throws: UmiLogKeyError.self) { try decode(kdf("algorithm", "argon2id")) }
        #expect(throws: UmiLogKeyError.self) { try decode(kdf("salt", Data(count: 15).base64EncodedString())) }
        #expect(throws: DecodingError.self) { try decode { $0["kind"] = "fingerprint" } }
        #expect(throws: DecodingError.self) { try decode { $0["wrappedKey"] = "not base64!" } }
        #expect(throws: DecodingError.self) { try decode { $0["slotId"] = nil } }
        #expect(throws: DecodingError.self) { try decode(kdf("logN", "16")) }
    }

    @Test("the real passphrase default (scrypt N = 2^16, r = 8, 64 MiB) works end to end")
    func realDefaults() throws {
        let master = MasterKey.generate()
        let parameters = KDFParameters.passphraseDefault
        #expect(parameters.logN == 16 && parameters.r == 8 && parameters.p == 1)
        #expect(parameters.memoryNeeded >= 64 << 20)
        let slot = try KeySlot.wrap(master, slotID: "passphrase", secret: .passphrase(SyncKeysFixtures.passphrase), parameters: parameters)
        let stored = try JSONDecoder().decode(KeySlot.self, from: JSONEncoder().encode(slot))
        #expect(try stored.unwrap(secret: .passphrase(SyncKeysFixtures.passphrase)) == master)
        #expect(throws: UmiLogKeyError.wrongPassphrase) { try stored.unwrap(secret: .passphrase("correct horse battery stable")) }
    }
}
