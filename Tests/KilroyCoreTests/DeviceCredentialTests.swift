import CloudWire
import Foundation
import KilroyAPI
import KilroyCore
import Testing

@Suite("DeviceCredential: this device's 256-bit credential")
struct DeviceCredentialTests {
    @Test("the credential is created once, kept in device-token with mode 0600, and read back the same")
    func createdOnceAndKept() throws {
        let folder = temporaryStoreFolder()
        let first = try DeviceCredential.loadOrCreate(in: folder)
        #expect(first.bytes.count == 32)
        #expect(try DeviceCredential.loadOrCreate(in: folder) == first)
        let path = folder.appendingPathComponent("device-token").path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first.text + "\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["device-token"])
        // Another store gets another credential.
        #expect(try DeviceCredential.loadOrCreate(in: temporaryStoreFolder()) != first)
    }

    @Test("concurrent first uses agree on one credential")
    func racingCreatorsAgree() async throws {
        let folder = temporaryStoreFolder()
        let tokens = try await withThrowingTaskGroup(of: DeviceToken.self) { group in
            for _ in 0..<16 { group.addTask { try DeviceCredential.loadOrCreate(in: folder) } }
            return try await group.reduce(into: Set<DeviceToken>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
    }

    @Test("a damaged device-token is reported without its contents and never replaced")
    func damagedFileIsReported() throws {
        let folder = temporaryStoreFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("device-token")
        try Data("not-a-token-secret".utf8).write(to: url)
        #expect(throws: KilroyStoreError.invalidCredential(path: url.path)) { try DeviceCredential.loadOrCreate(in: folder) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "not-a-token-secret")
        #expect(KilroyStoreError.invalidCredential(path: url.path).errorDescription?.contains("not-a-token-secret") == false)
    }

    @Test("the old device id of a pre-credential store is read, checked and forgotten")
    func legacyID() throws {
        let folder = temporaryStoreFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try DeviceCredential.legacyDeviceID(in: folder) == nil)
        let url = folder.appendingPathComponent("device-id")
        try Data("0f8fad5b-d9cb-469f-a165-70867728950e\n".utf8).write(to: url)
        #expect(try DeviceCredential.legacyDeviceID(in: folder) == "0f8fad5b-d9cb-469f-a165-70867728950e")
        try DeviceCredential.forgetLegacyDeviceID(in: folder)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try DeviceCredential.forgetLegacyDeviceID(in: folder)
        try Data("not ok!".utf8).write(to: url)
        #expect(throws: KilroyStoreError.invalidDeviceID(path: url.path)) { try DeviceCredential.legacyDeviceID(in: folder) }
        #expect(!DeviceCredential.isValidLegacyID("short") && !DeviceCredential.isValidLegacyID(String(repeating: "a", count: 65)))
        #expect(DeviceCredential.isValidLegacyID("device_01-AB"))
    }

    @Test("tokens round-trip through their 43-character form; every other text is refused, never a crash")
    func tokenText() {
        for _ in 0..<200 {
            let token = DeviceToken.generate()
            #expect(token.text.utf8.count == 43)
            #expect(DeviceToken(text: token.text) == token)
            #expect(DeviceToken(authorization: "Bearer " + token.text) == token)
            #expect(DeviceToken(authorization: "bearer " + token.text) == token)
        }
        let zero = DeviceToken(bytes: Array(repeating: 0, count: 32))!
        #expect(zero.text == String(repeating: "A", count: 43))
        // The last character carries 4 bits; the 2 left over must be zero ("B" sets one).
        #expect(DeviceToken(text: String(repeating: "A", count: 42) + "B") == nil)
        #expect(DeviceToken(text: String(repeating: "A", count: 42) + "E") != nil)
        for bad in [
            "", "short", String(repeating: "A", count: 44), String(repeating: "A", count: 42) + "=",
            String(repeating: "A", count: 42) + "+", String(repeating: "é", count: 43),
        ] {
            #expect(DeviceToken(text: bad) == nil, "\(bad)")
        }
        for bad in ["Bearer", "Basic " + zero.text, "Bearer  " + zero.text, "Bearer " + zero.text + " x", zero.text] {
            #expect(DeviceToken(authorization: bad) == nil, "\(bad)")
        }
        // Printing a token never shows it.
        #expect(!"\(zero)".contains(zero.text))
        #expect(!String(reflecting: zero).contains(zero.text))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...60, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = DeviceToken(text: String(decoding: bytes, as: UTF8.self))
            _ = DeviceToken(authorization: String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test("the hand-written base64url reader agrees with Foundation's base64 on 43-character texts")
    func tokenTextAgreesWithFoundation() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var random = SystemRandomNumberGenerator()
        for round in 0..<4_000 {
            var characters = (0..<43).map { _ in alphabet.randomElement(using: &random)! }
            // Every fourth text gets one character from outside the alphabet somewhere.
            if round % 4 == 0 { characters[Int.random(in: 0..<43, using: &random)] = ["+", "/", "=", ".", " "].randomElement()! }
            let text = String(characters)
            // Foundation's reading: translated to base64, padded, decoded, and accepted only if
            // written back the same way (one spelling per 32 bytes).
            let translated = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            let expected =
                text.allSatisfy { alphabet.contains($0) }
                ? Data(base64Encoded: translated + "=").flatMap { data -> DeviceToken? in
                    let written = data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
                    return written == text ? DeviceToken(bytes: Array(data)) : nil
                } : nil
            #expect(DeviceToken(text: text) == expected, "\(text)")
            if let expected { #expect(expected.text == text) }
        }
    }
}
