import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `kilroy --cloud` against the real `app-server` executable on loopback: two stores on one
/// machine, each with its own device credential, sharing drops through one server.
@Suite("kilroy --cloud against a real app-server", .serialized)
struct CloudCommandTests {
    private static func credential(of kilroy: KilroyProcess) throws -> String {
        try String(contentsOf: kilroy.store.appendingPathComponent("device-token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func nearIDs(
        _ kilroy: KilroyProcess, lat: String, lon: String, radius: String = "1000",
        cloud: [String]
    ) async throws -> [(id: String, source: String)] {
        let near = try await kilroy.runDetached(["near", "--lat", lat, "--lon", lon, "--radius", radius, "--json"] + cloud)
        #expect(near.status == 0, "\(near.stderr)")
        let rows = try #require(try near.json() as? [[String: Any]])
        return rows.map { ($0["id"] as? String ?? "?", $0["source"] as? String ?? "?") }
    }

    @Test("two stores share drops through one server: upload, near merges, show by id, delete own")
    func twoStoresShareDrops() async throws {
        let server = try AppServerProcess()
        defer { server.stop() }
        let alice = KilroyProcess()
        let bob = KilroyProcess()
        let url = server.baseURL
        let cloud = ["--cloud", url.absoluteString]
        let photo = try alice.file("photo.jpg", TestPhotos.jpeg)

        let dropped = try await alice.runDetached(
            [
                "drop", "--lat", "51.5074", "--lon", "-0.1278", "--image", photo,
                "--comment", "Big Ben", "--json",
            ] + cloud)
        #expect(dropped.status == 0, "\(dropped.stderr)")
        let memory = try #require(try dropped.json() as? [String: Any])
        let id = try #require(memory["id"] as? String)
        #expect(memory["cloudStatus"] as? String == "uploaded")
        let aliceCredential = try Self.credential(of: alice)

        // Bob sees Alice's drop as a cloud kilroy, 100 m north of where he stands.
        let near = try await bob.runDetached(["near", "--lat", "51.5065", "--lon", "-0.1278", "--json"] + cloud)
        let rows = try #require(try near.json() as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == [id])
        #expect(rows.first?["source"] as? String == "cloud")
        #expect(rows.first?["comment"] as? String == "Big Ben")
        #expect(abs((rows.first?["distanceMeters"] as? Double ?? 0) - 100.08) < 0.05)
        let imageURL = try #require(rows.first?["imageURL"] as? String)
        #expect(imageURL.hasPrefix(url.absoluteString + "/kilroy/v1/images/"))

        // The photo Bob is pointed at is the very bytes Alice dropped.
        let (photoBytes, _) = try await URLSession.shared.data(from: try #require(URL(string: imageURL)))
        #expect(photoBytes == TestPhotos.jpeg)

        let shown = try #require(try await bob.runDetached(["show", id, "--json"] + cloud).json() as? [String: Any])
        #expect(shown["isMine"] as? Bool == false)
        #expect(shown["deviceId"] == nil)
        #expect(try Self.credential(of: bob) != aliceCredential)
        let ownView = try #require(try await alice.runDetached(["show", id, "--json"] + cloud).json() as? [String: Any])
        #expect(ownView["cloudStatus"] as? String == "uploaded")

        // Alice sees her own drop once, as her local memory.
        let own = try await Self.nearIDs(alice, lat: "51.5074", lon: "-0.1278", cloud: cloud)
        #expect(own.map(\.source) == ["local"])

        // Bob cannot delete Alice's kilroy; Alice can, and then Bob no longer sees it.
        let deleted = try #require(try await alice.runDetached(["delete", id, "--json"] + cloud).json() as? [String: Any])
        #expect(deleted["cloudDelete"] as? String == "deleted")
        #expect(try await Self.nearIDs(bob, lat: "51.5065", lon: "-0.1278", cloud: cloud).isEmpty)
    }

    @Test("with reciprocity local, the second store sees the first's drop only after dropping nearby")
    func reciprocityLocalUnlocksByDroppingNearby() async throws {
        let server = try AppServerProcess(arguments: ["--reciprocity", "local:500"])
        defer { server.stop() }
        let alice = KilroyProcess()
        let bob = KilroyProcess()
        let cloud = ["--cloud", server.baseURL.absoluteString]
        let photo = try alice.file("photo.jpg", TestPhotos.jpeg)
        let otherPhoto = try bob.file("photo.png", TestPhotos.png)

        let aliceDrop = try #require(
            try await alice.runDetached(
                ["drop", "--lat", "48.8584", "--lon", "2.2945", "--image", photo, "--comment", "Eiffel", "--json"] + cloud
            ).json() as? [String: Any])
        let aliceID = try #require(aliceDrop["id"] as? String)
        #expect(aliceDrop["cloudStatus"] as? String == "uploaded")

        // Bob has dropped nothing: Alice's kilroy, 200 m away, is withheld.
        #expect(try await Self.nearIDs(bob, lat: "48.8602", lon: "2.2945", cloud: cloud).isEmpty)

        // A drop far away (Lyon) does not unlock Paris.
        let lyon = try await bob.runDetached(["drop", "--lat", "45.7640", "--lon", "4.8357", "--image", otherPhoto, "--json"] + cloud)
        #expect(lyon.status == 0, "\(lyon.stderr)")
        #expect(try await Self.nearIDs(bob, lat: "48.8602", lon: "2.2945", cloud: cloud).isEmpty)

        // Dropping within 500 m of Alice's kilroy unlocks it.
        let nearby = try #require(
            try await bob.runDetached(
                ["drop", "--lat", "48.8600", "--lon", "2.2950", "--image", otherPhoto, "--json"] + cloud
            ).json() as? [String: Any])
        let bobID = try #require(nearby["id"] as? String)
        let seen = try await Self.nearIDs(bob, lat: "48.8602", lon: "2.2945", cloud: cloud)
        #expect(Set(seen.map(\.id)) == [aliceID, bobID])
        #expect(seen.first { $0.id == aliceID }?.source == "cloud")
        #expect(seen.first { $0.id == bobID }?.source == "local")

        // Alice, who dropped in Paris first, sees Bob's Paris drop too.
        let aliceSees = try await Self.nearIDs(alice, lat: "48.8584", lon: "2.2945", cloud: cloud)
        #expect(Set(aliceSees.map(\.id)) == [aliceID, bobID])
    }

    @Test("drops made while the server is down are pushed by sync once it is up")
    func syncPushesOfflineDrops() async throws {
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        for comment in ["one", "two"] {
            #expect(try await kilroy.runDetached(["drop", "--lat", "1", "--lon", "2", "--image", photo, "--comment", comment]).status == 0)
        }
        let server = try AppServerProcess()
        defer { server.stop() }
        let cloud = ["--cloud", server.baseURL.absoluteString]
        let sync = try await kilroy.runDetached(["sync"] + cloud)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.text == "Uploaded 2, deleted 0, failed 0, pending 0.\n")
        let list = try #require(try await kilroy.runDetached(["list", "--json"]).json() as? [[String: Any]])
        #expect(list.map { $0["cloudStatus"] as? String } == ["uploaded", "uploaded"])

        // Another device finds both on the server; the same photo was stored once.
        let other = KilroyProcess()
        let found = try await Self.nearIDs(other, lat: "1", lon: "2", cloud: cloud)
        #expect(Set(found.map(\.id)) == Set(list.compactMap { $0["id"] as? String }))
        let blobFolder = server.dataDirectory.appendingPathComponent("blobs/kilroy")
        let files =
            FileManager.default.enumerator(at: blobFolder, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        #expect(files.count == 1)
    }
}
