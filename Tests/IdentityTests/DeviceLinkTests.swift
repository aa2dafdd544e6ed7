import Crypto
import Foundation
import Identity
import TestSupport
import Testing

/// Linking a device (issue 18): the identity key travels sealed to a key only the new device's
/// screen shows, so the relay that carries it cannot open, alter or redirect it.
@Suite("Device links")
struct DeviceLinkTests {
    static func payload() throws -> DeviceLinkPayload {
        let identity = Identity.generate()
        return DeviceLinkPayload(
            signingKey: identity.signingKey.rawRepresentation, deviceList: Data("list".utf8),
            circles: [.init(id: Data(repeating: 7, count: 16), name: "Friends")])
    }

    @Test("the new device opens what was sealed for its code; codes read back from their text")
    func roundTrip() throws {
        let key = Curve25519.KeyAgreement.PrivateKey()
        let code = DeviceLinkCode(token: Data(repeating: 1, count: 16), key: key.publicKey.rawRepresentation)
        #expect(try DeviceLinkCode(text: " " + code.text.uppercased() + "\n") == code)
        let payload = try Self.payload()
        let sealed = try DeviceLink.seal(payload, for: code)
        #expect(try DeviceLink.open(sealed, with: key, token: code.token) == payload)
        // The identity key is nowhere in the sealed bytes.
        #expect(sealed.range(of: payload.signingKey) == nil)
    }

    @Test("another key, another token, or any changed byte opens nothing")
    func refusals() throws {
        let key = Curve25519.KeyAgreement.PrivateKey()
        let code = DeviceLinkCode(token: Data(repeating: 1, count: 16), key: key.publicKey.rawRepresentation)
        let sealed = try DeviceLink.seal(try Self.payload(), for: code)
        #expect(throws: DeviceLinkError.unreadable) { try DeviceLink.open(sealed, with: Curve25519.KeyAgreement.PrivateKey(), token: code.token) }
        #expect(throws: DeviceLinkError.unreadable) { try DeviceLink.open(sealed, with: key, token: Data(repeating: 2, count: 16)) }
        for index in stride(from: 0, to: sealed.count, by: 7) {
            var changed = sealed
            changed[index] ^= 0x40
            #expect(throws: DeviceLinkError.unreadable) { try DeviceLink.open(changed, with: key, token: code.token) }
        }
        for length in [0, 31, 32, 60, sealed.count - 1] {
            #expect(throws: DeviceLinkError.unreadable) { try DeviceLink.open(sealed.prefix(length), with: key, token: code.token) }
        }
        for bad in ["", String(code.text.dropLast()), code.text + "00", String(repeating: "z", count: 96)] {
            #expect(throws: DeviceLinkError.invalidCode) { try DeviceLinkCode(text: bad) }
        }
    }
}
