import Crypto
import Foundation
import Testing
import UmiLogAPI

@Suite struct SignedRequestTests {
    @Test func aSignatureVerifiesOnlyForTheRequestItSigned() throws {
        let key = Curve25519.Signing.PrivateKey()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let body = Data("{\"changes\":[]}".utf8)
        let headers = try RequestSigning.sign(
            method: "POST", path: "/accounts/a/changes", body: body, deviceID: "d", at: now, with: key)
        #expect(
            RequestSigning.verify(
                headers, method: "POST", path: "/accounts/a/changes", body: body, publicKey: key.publicKey, now: now))
        #expect(
            !RequestSigning.verify(
                headers, method: "POST", path: "/accounts/b/changes", body: body, publicKey: key.publicKey, now: now))
        #expect(
            !RequestSigning.verify(
                headers, method: "POST", path: "/accounts/a/changes", body: Data("{}".utf8), publicKey: key.publicKey,
                now: now))
        #expect(
            !RequestSigning.verify(
                headers, method: "POST", path: "/accounts/a/changes", body: body, publicKey: key.publicKey,
                now: now.addingTimeInterval(301)))
        var otherDevice = headers
        otherDevice.deviceID = "e"
        #expect(
            !RequestSigning.verify(
                otherDevice, method: "POST", path: "/accounts/a/changes", body: body, publicKey: key.publicKey, now: now))
    }
}
