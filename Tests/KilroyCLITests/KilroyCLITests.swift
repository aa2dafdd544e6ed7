import Foundation
import TestSupport
import Testing

@Suite("kilroy CLI end to end")
struct KilroyCLITests {
    @Test("drop, list, show, near and delete work together on a fresh store")
    func lifecycle() throws {
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        let png = try kilroy.file("photo.png", TestPhotos.png)
        let first = try kilroy.drop([
            "--lat", "52.3731", "--lon", "4.8922", "--image", photo, "--comment", "First coffee in town",
            "--place", "Café de Jaren", "--address", "Nieuwe Doelenstraat 20", "--now", "2026-05-01T09:30:00Z",
        ])
        let id = try #require(first["id"] as? String)
        #expect(UUID(uuidString: id) != nil && id == id.lowercased())
        #expect(first["capturedAt"] as? String == "2026-05-01T09:30:00Z")
        #expect(first["cloudStatus"] as? String == "pending")
        #expect(first["imageFilename"] as? String == "\(id.uppercased()).jpg")
        let second = try kilroy.drop(["--lat", "52.3740", "--lon", "4.8922", "--image", png])
        let secondID = try #require(second["id"] as? String)
        #expect(second["imageFilename"] as? String == "\(secondID.uppercased()).png")

        // The seed's layout: memories.json and MemoryImages/{UUID}.jpg.
        let images = try FileManager.default.contentsOfDirectory(atPath: kilroy.store.appendingPathComponent("MemoryImages").path)
        #expect(Set(images) == ["\(id.uppercased()).jpg", "\(secondID.uppercased()).png"])
        let stored = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: kilroy.store.appendingPathComponent("memories.json"))) as? [[String: Any]])
        #expect(stored.count == 2)
        #expect(stored.first?["capturedAt"] as? Double == 799_320_600)  // seconds since 2001, as a plain JSONEncoder writes

        let list = try #require(try kilroy.run(["list", "--json"]).json() as? [[String: Any]])
        #expect(list.map { $0["id"] as? String } == [id, secondID])
        let table = try kilroy.run(["list"]).text
        #expect(table.contains(String(id.prefix(8))) && table.contains("Café de Jaren") && table.contains("pending"))

        let shown = try #require(try kilroy.run(["show", String(id.prefix(8)), "--json"]).json() as? [String: Any])
        #expect(shown["comment"] as? String == "First coffee in town")
        #expect(shown["placeAddress"] as? String == "Nieuwe Doelenstraat 20")
        #expect(try kilroy.run(["show", id]).text.contains("Place     Café de Jaren"))

        let near = try #require(
            try kilroy.run(["near", "--lat", "52.3731", "--lon", "4.8922", "--radius", "50", "--json"]).json() as? [[String: Any]])
        #expect(near.map { $0["id"] as? String } == [id])
        #expect(near.first?["distanceMeters"] as? Double == 0)
        #expect(near.first?["source"] as? String == "local")
        let wider = try #require(try kilroy.run(["near", "--lat", "52.3731", "--lon", "4.8922", "--json"]).json() as? [[String: Any]])
        #expect(wider.map { $0["id"] as? String } == [id, secondID])
        let distance = try #require(wider.last?["distanceMeters"] as? Double)
        #expect(abs(distance - 100.08) < 0.05)  // 0.0009° of latitude

        let deleted = try #require(try kilroy.run(["delete", id, "--json"]).json() as? [String: Any])
        #expect(deleted["id"] as? String == id && deleted["cloudDelete"] as? String == "none")
        #expect((try kilroy.run(["list", "--json"]).json() as? [Any])?.count == 1)
        #expect(!FileManager.default.fileExists(atPath: kilroy.store.appendingPathComponent("MemoryImages/\(id.uppercased()).jpg").path))
        let missing = try kilroy.run(["show", id])
        #expect(missing.status == 1 && missing.stderr.contains("No memory matches"))
    }

    @Test("bad input names the field or file, exits 1 on one line and writes nothing")
    func badInputWritesNothing() throws {
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        let text = try kilroy.file("notes.txt", Data("hello".utf8))
        let cases: [([String], String)] = [
            (["--lat", "95", "--lon", "4", "--image", photo], "lat: must be between -90 and 90"),
            (["--lat", "5", "--lon", "-190", "--image", photo], "lon: must be between -180 and 180"),
            (["--lat", "5", "--lon", "4", "--image", text], "image: is not a JPEG, PNG or HEIC photo"),
            (["--lat", "5", "--lon", "4", "--image", "/nonexistent/photo.jpg"], "image: cannot read /nonexistent/photo.jpg"),
            (
                ["--lat", "5", "--lon", "4", "--image", photo, "--comment", String(repeating: "x", count: 501)],
                "comment: must be at most 500 characters"
            ),
            (["--lat", "5", "--lon", "4", "--image", photo, "--place", "two\nlines"], "place: must be one line"),
        ]
        for (arguments, message) in cases {
            let result = try kilroy.run(["drop"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasPrefix("kilroy: ") && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        }
        #expect((try kilroy.run(["list", "--json"]).json() as? [Any])?.isEmpty == true)
        let queue = kilroy.store.appendingPathComponent("upload-queue.json")
        #expect(!FileManager.default.fileExists(atPath: queue.path))
    }

    @Test("usage errors exit 2")
    func usageErrorsExitTwo() throws {
        let kilroy = KilroyProcess()
        #expect(try kilroy.run(["drop", "--lat", "north", "--lon", "4", "--image", "x.jpg"]).status == 2)
        #expect(try kilroy.run(["drop", "--lon", "4", "--image", "x.jpg"]).status == 2)
        #expect(try kilroy.run(["frobnicate"]).status == 2)
        #expect(try kilroy.run(["near", "--lat", "1", "--lon", "2", "--limit", "0"]).status == 2)
        #expect(try kilroy.run(["list", "--now", "tomorrow"]).status == 2)
        #expect(try kilroy.run(["list", "--cloud", "ftp://example.org"]).status == 2)
        let sync = try kilroy.run(["sync"])
        #expect(sync.status == 2 && sync.stderr.contains("cloud"))
        let help = try kilroy.run(["--help"], withStore: false)
        #expect(help.status == 0 && help.text.contains("walk") && help.text.contains("geohash"))
    }

    @Test("$KILROY_HOME chooses the store when --store is absent")
    func kilroyHome() throws {
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        let result = try kilroy.run(
            ["drop", "--lat", "1", "--lon", "2", "--image", photo], withStore: false, environment: ["KILROY_HOME": kilroy.store.path]
        )
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: kilroy.store.appendingPathComponent("memories.json").path))
    }

    @Test("a corrupt memories.json is reported with exit 1 and kept aside")
    func corruptStoreIsReported() throws {
        let kilroy = KilroyProcess()
        try FileManager.default.createDirectory(at: kilroy.store, withIntermediateDirectories: true)
        try Data("[{\"id\": 1".utf8).write(to: kilroy.store.appendingPathComponent("memories.json"))
        let result = try kilroy.run(["list", "--now", "2026-05-01T09:30:00Z"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("memories.json is damaged") && result.stderr.contains("memories.corrupt-20260501T093000Z.json"))
        #expect(FileManager.default.fileExists(atPath: kilroy.store.appendingPathComponent("memories.corrupt-20260501T093000Z.json").path))
    }

    @Test("with the server unreachable a drop still succeeds and stays queued; sync exits 1 and keeps it")
    func offlineDropStaysQueued() throws {
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
        let cloud = ["--cloud", "http://127.0.0.1:9"]
        let dropped = try kilroy.run(["drop", "--lat", "1", "--lon", "2", "--image", photo, "--json"] + cloud)
        #expect(dropped.status == 0)
        #expect(dropped.stderr.contains("warning: cannot reach the Kilroy cloud at http://127.0.0.1:9: connection refused"))
        let object = try #require(try dropped.json() as? [String: Any])
        #expect(object["cloudStatus"] as? String == "pending")
        let sync = try kilroy.run(["sync", "--json", "--now", "2030-01-01T00:00:00Z"] + cloud)
        #expect(sync.status == 1)
        let report = try #require(try sync.json() as? [String: Any])
        #expect(report["pending"] as? Int == 1 && report["uploaded"] as? Int == 0)
        #expect(report["nextAttemptAt"] as? String == "2030-01-01T00:01:00Z")
        #expect(sync.stderr.contains("cannot reach the Kilroy cloud") && sync.stderr.split(separator: "\n").count == 1)
        // The device credential was created for the cloud, private to the user.
        let mode =
            try FileManager.default.attributesOfItem(atPath: kilroy.store.appendingPathComponent("device-token").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
