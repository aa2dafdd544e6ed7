import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing
import UmiLogAPI

@testable import UmiLogCloud

@Suite("Sync server: sealed blobs and the quota")
struct SyncServerBlobTests {
    static let name = String(repeating: "ab", count: 32)

    @Test("a blob is stored (201), read back byte for byte, kept with its first bytes (200); an unknown name is 404")
    func putAndGet() async throws {
        let harness = try SyncServerHarness()
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            try #require(try await client.register(diver, device: 1).status == .created)
            let bytes = Data(randomBytes(70_000))
            let put = try await client.putBlob(bytes, name: Self.name, for: diver)
            #expect(put.status == .created, "\(put.text)")
            let got = try await client.getBlob(Self.name, for: diver, by: 1)
            #expect(got.status == .ok)
            #expect(got.headers[.contentType] == "application/octet-stream")
            #expect(got.data == bytes)

            let again = try await client.putBlob(Data(randomBytes(100)), name: Self.name, for: diver, by: 1)
            #expect(again.status == .ok)
            #expect(try await client.getBlob(Self.name, for: diver).data == bytes)

            let missing = try await client.getBlob(String(repeating: "0", count: 64), for: diver)
            #expect(missing.status == .notFound)
            #expect(missing.error?.code == "blob_not_found")
            #expect(missing.error?.field == "blobName")
            let badName = try await client.getBlob("ABCD", for: diver)
            #expect(badName.status == .badRequest)
            #expect(badName.error?.field == "blobName")
        }
    }

    @Test("a blob over its limit is a JSON 413 and stores nothing")
    func blobTooLarge() async throws {
        let harness = try SyncServerHarness { $0.limits.maximumBlobBytes = 10_000 }
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let response = try await client.putBlob(Data(count: 10_001), name: Self.name, for: diver)
            #expect(response.status == .contentTooLarge)
            #expect(response.error?.code == "blob_too_large")
            #expect(try await client.getBlob(Self.name, for: diver).status == .notFound)
            #expect(try await client.putBlob(Data(count: 10_000), name: Self.name, for: diver).status == .created)
            // A device the account does not have is refused before its body is read.
            var stranger = diver
            stranger.devices[0] = DeviceKey()
            #expect(try await client.putBlob(Data(count: 10_001), name: Self.name, for: stranger).status == .forbidden)
        }
    }

    @Test("past the account's quota a push and a blob are 507 quota_exceeded and nothing is written")
    func quota() async throws {
        let harness = try SyncServerHarness { $0.limits.quotaBytesPerAccount = 1_000 }
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            try #require(try await client.push([ChangeBody(sealed: Data(count: 600))], for: diver).status == .ok)
            let push = try await client.push([ChangeBody(sealed: Data(count: 600))], for: diver)
            #expect(push.status.code == 507)
            #expect(push.error?.code == "quota_exceeded")
            #expect(try await client.page(diver).changes.count == 1)

            let blob = try await client.putBlob(Data(count: 500), name: Self.name, for: diver)
            #expect(blob.status.code == 507)
            #expect(blob.error?.code == "quota_exceeded")
            #expect(try await client.getBlob(Self.name, for: diver).status == .notFound)
            #expect(try await client.putBlob(Data(count: 300), name: Self.name, for: diver).status == .created)
        }
    }
}
