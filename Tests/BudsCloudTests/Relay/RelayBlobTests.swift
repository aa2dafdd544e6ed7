import BudsAPI
import CloudWire
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import HummingbirdTesting
import Identity
import Storage
import TestSupport
import Testing

@testable import BudsCloud

/// Encrypted photos: stored under the SHA-256 of their bytes, at most 12 MiB.
@Suite("Relay: blobs")
struct RelayBlobTests {
    static func id(_ data: Data) -> String { Hex.encode(SHA256.hash(data: data)) }

    @Test("a blob round-trips under its SHA-256, in the blob store under the CID it names")
    func roundTrip() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            var random = SplitMix64(seed: 7)
            let photo = Data(random.bytes(300_000))
            let put = try await client.send(
                .put, "/blobs/\(Self.id(photo))", credential: alice.devices[0].credential, body: photo, contentType: "application/octet-stream")
            #expect(put.status == .created, "\(put.text)")
            #expect(harness.blobs.contains(BlobStore.cid(for: photo)))
            let again = try await client.send(
                .put, "/blobs/\(Self.id(photo))", credential: alice.devices[0].credential, body: photo, contentType: "application/octet-stream")
            #expect(again.status == .created)
            let got = try await client.send(.get, "/blobs/\(Self.id(photo))", credential: alice.devices[0].credential)
            #expect(got.status == .ok)
            #expect(got.data == photo)
            #expect(got.headers[.contentType] == "application/octet-stream")
            let missing = try await client.send(.get, "/blobs/\(Self.id(Data("other".utf8)))", credential: alice.devices[0].credential)
            #expect(missing.status == .notFound)
            #expect(missing.error?.field == "blobId")
            // Only registered devices.
            #expect(try await client.send(.get, "/blobs/\(Self.id(photo))", credential: DeviceToken.generate()).status == .forbidden)
        }
    }

    @Test("the one mapping from a SHA-256 to the blob store's name matches the store's own")
    func mapping() {
        var random = SplitMix64(seed: 9)
        for size in [0, 1, 31, 1_000] {
            let data = Data(random.bytes(size))
            #expect(RelayBlobName.cid(sha256: Data(SHA256.hash(data: data))) == BlobStore.cid(for: data))
        }
        #expect(RelayBlobName.cid(sha256: Data(count: 31)) == nil)
    }

    @Test("bytes that do not hash to the id, a body over 12 MiB, a malformed id, another content type")
    func refusals() async throws {
        let harness = try RelayHarness { $0.maximumBlobBytes = 64 * 1024 }
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            let photo = Data(repeating: 0xAB, count: 1_000)
            let mismatch = try await client.send(
                .put, "/blobs/\(Self.id(Data("other".utf8)))", credential: alice.devices[0].credential, body: photo,
                contentType: "application/octet-stream")
            #expect(mismatch.status == .badRequest)
            #expect(mismatch.error?.code == "blob_hash_mismatch")
            #expect(mismatch.error?.field == "blobId")
            let big = Data(repeating: 1, count: 64 * 1024 + 1)
            let tooLarge = try await client.send(
                .put, "/blobs/\(Self.id(big))", credential: alice.devices[0].credential, body: big, contentType: "application/octet-stream")
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.error?.field == "body")
            let exact = Data(repeating: 1, count: 64 * 1024)
            #expect(
                try await client.send(
                    .put, "/blobs/\(Self.id(exact))", credential: alice.devices[0].credential, body: exact, contentType: "application/octet-stream"
                ).status == .created)
            for bad in ["ABCDEF", String(repeating: "A", count: 64), String(repeating: "g", count: 64)] {
                let response = try await client.send(.get, "/blobs/\(bad)", credential: alice.devices[0].credential)
                #expect(response.status == .badRequest)
                #expect(response.error?.field == "blobId")
            }
            let json = try await client.send(
                .put, "/blobs/\(Self.id(photo))", credential: alice.devices[0].credential, body: photo, contentType: "application/json")
            #expect(json.status == .unsupportedMediaType)
            #expect(json.error?.field == "Content-Type")
        }
    }
}
