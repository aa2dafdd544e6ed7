import Foundation
import TestSupport
import Testing
import UmiLogCore

@Suite("KDFParameters")
struct KDFParametersTests {
    @Test("presets: 64 MiB for passphrases, 16 MiB for recovery codes, each with a fresh salt")
    func presets() {
        let passphrase = KDFParameters.passphraseDefault
        #expect(passphrase.logN == 16 && passphrase.r == 8 && passphrase.p == 1)
        let recovery = KDFParameters.recoveryCodeDefault
        #expect(recovery.logN == 14 && recovery.r == 8 && recovery.p == 1)
        let cheap = KDFParameters.cheapestForTesting
        #expect(cheap.logN == 10)
        #expect(passphrase.salt.count == 16)
        #expect(KDFParameters.passphraseDefault.salt != passphrase.salt)
        #expect(KDFParameters.recoveryCodeDefault.salt != recovery.salt)
    }

    /// Random values from a wide spread (including the extremes of `Int`) either build checked
    /// parameters, exactly when every value is within the documented range, or are refused with
    /// a typed error; the same through JSON, where the values come from a server.
    @Test("validation accepts exactly logN 10…22, r 1…32, p 1…16 and 16…64 bytes of salt")
    func validationProperty() throws {
        var generator = SplitMix64(seed: 0x5C27_0001)
        let edges = [Int.min, -1, 0, 1, 8, 9, 10, 16, 17, 22, 23, 32, 33, 64, 65, 1 << 20, Int.max]
        func value(_ generator: inout SplitMix64) -> Int {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: edges.randomElement(using: &generator) ?? 0
            case 1, 2: Int.random(in: -3...35, using: &generator)
            default: Int(truncatingIfNeeded: generator.next())
            }
        }
        var accepted = 0
        for _ in 0..<10_000 {
            let logN = value(&generator)
            let r = value(&generator)
            let p = value(&generator)
            let saltCount = Int.random(in: 0...72, using: &generator)
            let salt = Data(generator.bytes(saltCount))
            let valid = (10...22).contains(logN) && (1...32).contains(r) && (1...16).contains(p) && (16...64).contains(saltCount)
            let parameters: KDFParameters?
            do {
                parameters = try KDFParameters(logN: logN, r: r, p: p, salt: salt)
            } catch {
                #expect(error.isUnsupportedKeyParameters)
                parameters = nil
            }
            #expect((parameters != nil) == valid, "logN \(logN) r \(r) p \(p) salt \(saltCount)")
            #expect(parameters == nil || parameters?.salt == salt)
            if parameters != nil { accepted += 1 }
            let json = Data(#"{"algorithm":"scrypt","logN":\#(logN),"r":\#(r),"p":\#(p),"salt":"\#(salt.base64EncodedString())"}"#.utf8)
            let decoded = try? JSONDecoder().decode(KDFParameters.self, from: json)
            #expect((decoded != nil) == valid)
        }
        #expect(accepted > 100)
    }

    @Test("only scrypt is accepted")
    func algorithm() {
        for algorithm in ["", "Scrypt", "argon2id", "pbkdf2", "scrypt "] {
            #expect(throws: UmiLogKeyError.self) {
                try KDFParameters.validate(algorithm: algorithm, logN: 16, r: 8, p: 1, saltByteCount: 16)
            }
        }
    }

    /// Settings inside the contract's range can still need gigabytes (N = 2^22, r = 32 is 16 GiB):
    /// such a slot is refused before scrypt allocates anything.
    @Test("slots needing more memory than the device allows are refused, not attempted")
    func memoryLimit() throws {
        let huge = try KDFParameters(logN: 22, r: 32, p: 16, salt: Data(count: 16))
        #expect(huge.memoryNeeded > KDFParameters.memoryLimit)
        let slot = try KeySlot(slotID: "passphrase", kind: .passphrase, kdf: huge, wrappedKey: Data(count: 60), version: 1)
        let unwrapError = #expect(throws: UmiLogKeyError.self) { try slot.unwrap(secret: .passphrase("anything at all")) }
        #expect(unwrapError?.isUnsupportedKeyParameters == true)
        let wrapError = #expect(throws: UmiLogKeyError.self) {
            try KeySlot.wrap(MasterKey.generate(), slotID: "passphrase", secret: .passphrase("anything at all"), parameters: huge)
        }
        #expect(wrapError?.isUnsupportedKeyParameters == true)
        let largest = try KDFParameters(logN: 20, r: 8, p: 1)
        #expect(largest.memoryNeeded <= KDFParameters.memoryLimit)
    }

    /// BoringSSL's scrypt refuses some in-range combinations (r above 16 with p = 1 exceeds the
    /// memory bound swift-crypto gives it): a typed error, never a crash.
    @Test("parameters scrypt itself refuses are a typed error")
    func scryptRefusal() throws {
        let parameters = try KDFParameters(logN: 10, r: 32, p: 1)
        let slot: KeySlot
        do {
            slot = try KeySlot.wrap(MasterKey.generate(), slotID: "passphrase", secret: .passphrase("anything at all"), parameters: parameters)
        } catch {
            #expect(error.isUnsupportedKeyParameters)
            return
        }
        #expect(try slot.unwrap(secret: .passphrase("anything at all")).rawBytes.count == 32)
    }
}
