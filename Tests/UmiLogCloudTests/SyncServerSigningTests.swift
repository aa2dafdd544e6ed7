import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import ServerKit
import TestSupport
import Testing
import UmiLogAPI

@testable import UmiLogCloud

@Suite("Sync server: signed requests")
struct SyncServerSigningTests {
    @Test("each missing signature header is a 401 naming it")
    func missingHeaders() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let path = "/accounts/\(diver.accountID)/changes"
            for header in [RequestSigning.deviceHeader, RequestSigning.timestampHeader, RequestSigning.signatureHeader] {
                let response = try await client.signed(.get, path, by: diver.devices[0]) { $0[HTTPField.Name(header)!] = nil }
                #expect(response.status == .unauthorized)
                #expect(response.error?.code == "missing_signature")
                #expect(response.error?.field == header)
            }
            let unsigned = try await client.send(.get, path)
            #expect(unsigned.status == .unauthorized)
            #expect(unsigned.error?.field == RequestSigning.deviceHeader)
        }
    }

    @Test("malformed headers are 401s naming the header, without quoting it")
    func malformedHeaders() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let path = "/accounts/\(diver.accountID)/changes"
            let cases: [(String, String)] = [
                (RequestSigning.deviceHeader, diver.devices[0].id.uppercased()),
                (RequestSigning.timestampHeader, "0x6912"),
                (RequestSigning.timestampHeader, "+1763600000"),
                (RequestSigning.signatureHeader, "bm90IGEgc2lnbmF0dXJl"),
                (RequestSigning.signatureHeader, "%%%"),
            ]
            for (header, value) in cases {
                let response = try await client.signed(.get, path, by: diver.devices[0]) { $0[HTTPField.Name(header)!] = value }
                #expect(response.status == .unauthorized, "\(header): \(value)")
                #expect(response.error?.code == "malformed_signature", "\(header): \(value)")
                #expect(response.error?.field == header)
                #expect(!response.text.contains(value))
            }
        }
    }

    @Test("a signature over anything else than the request sent is a 401 bad_signature")
    func wrongSignature() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let path = "/accounts/\(diver.accountID)/changes"
            let body = try JSONEncoder().encode(["changes": [ChangeBody()]])
            // Signed by a key that is not the device's.
            let stranger = DeviceKey(id: diver.devices[0].id)
            let byStranger = try await client.signed(.post, path, by: stranger, body: body)
            #expect(byStranger.status == .unauthorized)
            #expect(byStranger.error?.code == "bad_signature")
            #expect(byStranger.error?.field == RequestSigning.signatureHeader)
            // Signed for another body.
            let signature = try RequestSigning.sign(
                method: "POST", path: path, body: Data("{}".utf8), deviceID: diver.devices[0].id, at: harness.clock.now,
                with: diver.devices[0].key)
            let otherBody = try await client.send(.post, path, body: body, headers: SyncClient.headers(signature))
            #expect(otherBody.status == .unauthorized)
            // Signed for another query.
            let query = try RequestSigning.sign(
                method: "GET", path: path + "?after=0", body: Data(), deviceID: diver.devices[0].id, at: harness.clock.now,
                with: diver.devices[0].key)
            #expect(try await client.send(.get, path + "?after=1", headers: SyncClient.headers(query)).status == .unauthorized)
            #expect(try await client.send(.get, path + "?after=0", headers: SyncClient.headers(query)).status == .ok)
            // Nothing was pushed.
            #expect(try await client.page(diver).changes.isEmpty)
        }
    }

    @Test("a request signed more than 5 minutes from the server's clock is a 401 stale_request, either way")
    func staleTimestamp() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let path = "/accounts/\(diver.accountID)/changes"
            for offset in [-301.0, 301] {
                let response = try await client.signed(.get, path, by: diver.devices[0], signedAt: harness.clock.now.addingTimeInterval(offset))
                #expect(response.status == .unauthorized)
                #expect(response.error?.code == "stale_request")
                #expect(response.error?.field == RequestSigning.timestampHeader)
            }
            #expect(try await client.signed(.get, path, by: diver.devices[0], signedAt: harness.clock.now.addingTimeInterval(-299)).status == .ok)
        }
    }

    @Test("a device of another account is a 403 unknown_device, even with a valid signature")
    func deviceOfAnotherAccount() async throws {
        let harness = try SyncServerHarness()
        let alice = Diver()
        let bob = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(alice).status == .created)
            try #require(try await client.createAccount(bob).status == .created)
            let response = try await client.signed(.get, "/accounts/\(alice.accountID)/changes", by: bob.devices[0])
            #expect(response.status == .forbidden)
            #expect(response.error?.code == "unknown_device")
            #expect(response.error?.field == RequestSigning.deviceHeader)
            let blob = try await client.signed(.get, "/accounts/\(alice.accountID)/blobs/\(String(repeating: "a", count: 64))", by: bob.devices[0])
            #expect(blob.status == .forbidden)
        }
    }

    @Test("the signature headers' parser refuses random text with a 401 naming a header, never a crash")
    func headerFuzz() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789abcdef-ABCDEF+/=% \t\u{7F}é".unicodeScalars)
        for _ in 0..<500 {
            var fields: HTTPFields = [:]
            for header in [RequestSigning.deviceHeader, RequestSigning.timestampHeader, RequestSigning.signatureHeader]
            where Bool.random(using: &generator) {
                let length = Int.random(in: 0...90, using: &generator)
                let value = String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
                fields[HTTPField.Name(header)!] = value
            }
            do {
                _ = try SignedRequestAuthentication.signatureHeaders(fields)
            } catch {
                #expect(error.status == .unauthorized)
                #expect(error.field?.hasPrefix("UmiLog-") == true)
            }
        }
    }
}
