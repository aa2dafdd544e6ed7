import CloudWire
import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 13: every kilroy carried its dropper's `deviceId`, the only thing the server checked, so
/// anyone who saw a drop could delete it and act as its owner. A device is now known by a
/// credential it alone holds; answers carry `isMine` and nothing that identifies another device.
@Suite("Regression: a device's credential is a secret the server never reveals")
struct CredentialSecrecyTests {
    /// Every way the credential could appear in text: as sent, its digest in hex, and both in base64.
    static func spellings(of token: String) -> [String] {
        let digest = Devices.digest(token).bytes
        return [
            token, digest.map { String(format: "%02x", $0) }.joined(), Data(digest).base64EncodedString(),
            Data(DeviceToken(text: token)!.bytes).base64EncodedString(),
        ]
    }

    @Test("near, get and create answers carry isMine and no credential, digest or device id")
    func answersRevealNoOwner() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            let created = try await client.create(drop)
            let bobsNear = try await client.near(lat: drop.latitude, lon: drop.longitude, device: Devices.bob)
            let bobsGet = try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.bob)
            let alicesNear = try await client.near(lat: drop.latitude, lon: drop.longitude, device: Devices.alice)
            for response in [created, bobsNear, bobsGet, alicesNear] {
                let text = String(decoding: response.data, as: UTF8.self)
                #expect(!text.contains("deviceId"))
                for spelling in Self.spellings(of: Devices.alice) + Self.spellings(of: Devices.bob) {
                    #expect(!text.contains(spelling), "\(text)")
                }
            }
            #expect(try created.decoded(Components.Schemas.Kilroy.self).isMine)
            #expect(try bobsGet.decoded(Components.Schemas.Kilroy.self).isMine == false)
            #expect(try bobsNear.decoded(Components.Schemas.NearbyKilroys.self).kilroys.map(\.kilroy.isMine) == [false])
            #expect(try alicesNear.decoded(Components.Schemas.NearbyKilroys.self).kilroys.map(\.kilroy.isMine) == [true])
        }
    }

    @Test("a viewer cannot delete or replay another's kilroy with anything it was shown")
    func viewerCannotActAsOwner() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            let shown = try await client.near(lat: drop.latitude, lon: drop.longitude, device: Devices.bob)
            // Whatever Bob read, used as a credential or as the old header, deletes nothing.
            let object = try #require(try JSONSerialization.jsonObject(with: shown.data) as? [String: Any])
            let kilroy = try #require((object["kilroys"] as? [[String: Any]])?.first?["kilroy"] as? [String: Any])
            for value in kilroy.values.compactMap({ $0 as? String }) {
                let asBearer = try await client.send(.delete, "/kilroys/\(drop.id)", authorization: "Bearer \(value)")
                #expect(asBearer.status == .unauthorized || asBearer.status == .forbidden)
            }
            var oldHeader: HTTPFields = [:]
            oldHeader[HTTPField.Name("X-Device-ID")!] = "device-alice-0001"
            let legacy = try await client.client.execute(
                uri: "/kilroy/v1/kilroys/\(drop.id)", method: .delete, headers: oldHeader)
            #expect(legacy.status == .unauthorized)
            #expect(try await client.send(.delete, "/kilroys/\(drop.id)", device: Devices.bob).status == .forbidden)
            #expect(try await harness.store.kilroy(id: drop.id) != nil)
        }
    }

    @Test("a credential of the wrong shape is a 401 naming the Authorization header, and never echoed")
    func malformedCredentials() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let secretish = String(repeating: "Q", count: 42) + "x"
            for header in [
                "Bearer", "Bearer ", "Basic " + Devices.alice, "Bearer " + Devices.alice + "=",
                "Bearer " + secretish, Devices.alice, "Bearer  " + Devices.alice,
            ] {
                let response = try await client.send(.get, "/kilroys/near?lat=1&lon=2", authorization: header)
                #expect(response.status == .unauthorized, "\(header)")
                #expect(response.error?.code == "invalid_credential", "\(header)")
                #expect(response.error?.field == "Authorization")
                #expect(response.headers[.wwwAuthenticate] == #"Bearer realm="kilroy""#)
                #expect(!String(decoding: response.data, as: UTF8.self).contains(secretish))
            }
            // Health and image downloads need no credential.
            #expect(try await client.send(.get, "/health").status == .ok)
            let imageID = try await client.uploadedImageID()
            #expect(try await client.send(.get, "/images/\(imageID)").status == .ok)
        }
    }

    @Test("the store keeps 32-byte digests only: no credential text or bytes anywhere in the database")
    func storeHoldsDigestsOnly() async throws {
        let folder = ScratchFolder.url("kilroy-secrecy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteKilroyStore.open(at: folder.appendingPathComponent("kilroy.sqlite"))
        let harness = try KilroyCloudHarness(store: store)
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            _ = try await client.create(drop)
            try await client.dropElsewhere(device: Devices.bob)
            _ = try await client.report(drop.id, device: Devices.bob, reason: "test")
        }
        let owners = try await store.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT owner FROM kilroys UNION ALL SELECT uploader FROM images UNION ALL SELECT reporter FROM reports
                    UNION ALL SELECT owner FROM device_drops UNION ALL SELECT owner FROM upload_log
                    """
            ).map { $0[0] as DatabaseValue }
        }
        #expect(!owners.isEmpty)
        for owner in owners {
            guard case .blob(let data) = owner.storage else {
                Issue.record("not a BLOB: \(owner)")
                continue
            }
            #expect(data.count == 32)
        }
        try await store.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        var files = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files += try Data(contentsOf: folder.appendingPathComponent(name))
        }
        for token in [Devices.alice, Devices.bob] {
            #expect(files.range(of: Data(token.utf8)) == nil)
            #expect(files.range(of: Data(DeviceToken(text: token)!.bytes)) == nil)
        }
    }

    @Test("digests of credentials and of legacy ids never collide, even when the bytes are chosen to")
    func domainSeparation() {
        // A 32-character legacy id whose bytes a client could also use as its token's 32 bytes.
        let legacy = "abcdefghijklmnopqrstuvwxyz012345"
        let token = DeviceToken(bytes: Array(legacy.utf8))!
        #expect(DeviceDigest(token: token) != DeviceDigest(legacyDeviceID: legacy))
        #expect(DeviceDigest(token: token) == DeviceDigest(token: DeviceToken(text: token.text)!))
        #expect(!"\(DeviceDigest(token: token))".contains(token.text))
    }
}
