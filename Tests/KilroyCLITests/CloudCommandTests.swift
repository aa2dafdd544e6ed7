import Foundation
import Testing

@Suite("kilroy --cloud against an HTTP fake of the Kilroy API")
struct CloudCommandTests {
    @Test("two stores share drops through one server: upload, near merges, show by id, delete own")
    func twoStoresShareDrops() async throws {
        let server = FakeKilroyServer()
        try await server.run { url in
            let alice = KilroyProcess()
            let bob = KilroyProcess()
            let cloud = ["--cloud", url.absoluteString]
            let photo = try alice.file("photo.jpg", TestPhotos.jpeg)

            let dropped = try await alice.runDetached(["drop", "--lat", "51.5074", "--lon", "-0.1278", "--image", photo,
                                                       "--comment", "Big Ben", "--json"] + cloud)
            #expect(dropped.status == 0, "\(dropped.stderr)")
            let memory = try #require(try dropped.json() as? [String: Any])
            let id = try #require(memory["id"] as? String)
            #expect(memory["cloudStatus"] as? String == "uploaded")
            let aliceDevice = try String(contentsOf: alice.store.appendingPathComponent("device-id"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(await server.state.requests == ["POST /images \(aliceDevice)", "POST /kilroys \(aliceDevice)"])

            // Bob sees Alice's drop as a cloud kilroy, 100 m north of where he stands.
            let near = try await bob.runDetached(["near", "--lat", "51.5065", "--lon", "-0.1278", "--json"] + cloud)
            let rows = try #require(try near.json() as? [[String: Any]])
            #expect(rows.map { $0["id"] as? String } == [id])
            #expect(rows.first?["source"] as? String == "cloud")
            #expect(rows.first?["comment"] as? String == "Big Ben")
            #expect(abs((rows.first?["distanceMeters"] as? Double ?? 0) - 100.08) < 0.05)
            #expect((rows.first?["imageURL"] as? String)?.hasPrefix(url.absoluteString + "/kilroy/v1/images/") == true)
            let shown = try #require(try await bob.runDetached(["show", id, "--json"] + cloud).json() as? [String: Any])
            #expect(shown["deviceId"] as? String == aliceDevice)

            // Alice sees her own drop once, as her local memory.
            let own = try #require(try await alice.runDetached(["near", "--lat", "51.5074", "--lon", "-0.1278", "--json"] + cloud).json() as? [[String: Any]])
            #expect(own.map { $0["source"] as? String } == ["local"])

            // Deleting it locally deletes it on the server, so Bob no longer sees it.
            let deleted = try #require(try await alice.runDetached(["delete", id, "--json"] + cloud).json() as? [String: Any])
            #expect(deleted["cloudDelete"] as? String == "deleted")
            let after = try #require(try await bob.runDetached(["near", "--lat", "51.5065", "--lon", "-0.1278", "--json"] + cloud).json() as? [[String: Any]])
            #expect(after.isEmpty)
        }
    }

    @Test("drops made offline are pushed by sync once the server is there")
    func syncPushesOfflineDrops() async throws {
        let server = FakeKilroyServer()
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        for comment in ["one", "two"] {
            #expect(try await kilroy.runDetached(["drop", "--lat", "1", "--lon", "2", "--image", photo, "--comment", comment]).status == 0)
        }
        try await server.run { url in
            let sync = try await kilroy.runDetached(["sync", "--cloud", url.absoluteString])
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.text == "Uploaded 2, deleted 0, failed 0, pending 0.\n")
            #expect(await server.state.all().count == 2)
            let list = try #require(try await kilroy.runDetached(["list", "--json"]).json() as? [[String: Any]])
            #expect(list.map { $0["cloudStatus"] as? String } == ["uploaded", "uploaded"])
        }
    }
}
