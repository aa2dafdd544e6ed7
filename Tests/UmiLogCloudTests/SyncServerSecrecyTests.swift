import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing
import UmiLogAPI

@testable import UmiLogCloud

/// What the server must never write down or say back: sealed changes, wrapped keys and salts,
/// public keys, signatures of requests and of the account key, blob bytes. Canaries go through
/// every path, right and wrong, and are then looked for in every log line and every refusal.
@Suite("Sync server: secrets stay out of logs and refusals")
struct SyncServerSecrecyTests {
    @Test("no sealed byte, wrapped key, key or signature appears in a log line or a refusal")
    func canaries() async throws {
        let harness = try SyncServerHarness { $0.limits.quotaBytesPerAccount = 4_000 }
        let diver = Diver()
        let sealed = Data("canary-sealed-change-7f3a".utf8) + Data(randomBytes(30))
        let blob = Data("canary-blob-91c2".utf8) + Data(randomBytes(30))
        var canarySlot = KeySlotBody.sample("passphrase")
        canarySlot.wrappedKey = Data("canary-wrapped-key-4d1e".utf8) + Data(randomBytes(24))
        let slot = canarySlot
        let (refusals, secrets) = try await harness.run { client -> ([String], [String]) in
            var refusals: [String] = []
            var signatures: [String] = []
            func note(_ response: TestResponse) {
                if response.status.code >= 400 { refusals.append(response.text) }
            }
            try #require(try await client.createAccount(diver, slots: [slot]).status == .created)
            note(try await client.createAccount(diver, slots: [slot, slot]))
            note(try await client.register(diver, device: 1, signedBy: Curve25519.Signing.PrivateKey()))
            try #require(try await client.register(diver, device: 1).status == .created)
            let change = ChangeBody(sealed: sealed)
            try #require(try await client.push([change], for: diver).status == .ok)
            var altered = change
            altered.sealed = sealed + sealed
            note(try await client.push([altered], for: diver))
            note(try await client.push([ChangeBody(sealed: Data(count: 5_000))], for: diver))
            try #require(try await client.putBlob(blob, name: String(repeating: "c", count: 64), for: diver).status == .created)
            note(try await client.putBlob(blob + Data(count: 5_000), name: String(repeating: "e", count: 64), for: diver))
            note(try await client.getBlob(String(repeating: "d", count: 64), for: diver))
            // A bad signature and a stale one: their values must not come back.
            let path = "/accounts/\(diver.accountID)/changes"
            let body = try JSONEncoder().encode(["changes": [ChangeBody(sealed: sealed)]])
            let forged = try RequestSigning.sign(
                method: "POST", path: path, body: body, deviceID: diver.devices[0].id, at: harness.clock.now,
                with: Curve25519.Signing.PrivateKey())
            signatures.append(forged.signature.base64EncodedString())
            note(try await client.send(.post, path, body: body, headers: SyncClient.headers(forged)))
            let stale = try RequestSigning.sign(
                method: "GET", path: path, body: Data(), deviceID: diver.devices[0].id, at: harness.clock.now.addingTimeInterval(-900),
                with: diver.devices[0].key)
            signatures.append(stale.signature.base64EncodedString())
            note(try await client.send(.get, path, headers: SyncClient.headers(stale)))
            // Bytes that are no base64, made of the sealed change's own text.
            let notBase64 = "canary-not-base64-" + String(sealed.base64EncodedString().prefix(20))
            note(
                try await client.signed(
                    .post, path, by: diver.devices[0],
                    body: Data(
                        #"{"changes":[{"changeId":"\#(change.changeId)","recordId":"\#(change.recordId)","kind":"dive","schemaVersion":1,"sealed":"\#(notBase64)"}]}"#
                            .utf8)))
            #expect(refusals.count == 9)
            let registration = try diver.registration(1)
            let keys = [registration.accountSignature, diver.devices[1].key.publicKey.rawRepresentation].map { $0.base64EncodedString() }
            return (refusals, signatures + [notBase64] + keys)
        }
        let log = harness.logText
        #expect(!log.isEmpty)
        let canaries = ["canary", sealed.base64EncodedString(), blob.base64EncodedString(), slot.wrappedKey.base64EncodedString()] + secrets
        for canary in canaries {
            #expect(!log.contains(canary), "log holds \(canary)")
            for refusal in refusals { #expect(!refusal.contains(canary), "refusal holds \(canary): \(refusal)") }
        }
    }
}
