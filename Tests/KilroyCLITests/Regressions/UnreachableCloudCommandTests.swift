import Foundation
import TestSupport
import Testing

/// Issue 13: every command that talks to the cloud printed a raw `NSError` dump when the server
/// could not be reached. Each now prints one line naming the server and the cause.
@Suite("Regression: cloud commands say plainly that the cloud cannot be reached")
struct UnreachableCloudCommandTests {
    /// Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    static let cloud = ["--cloud", "http://127.0.0.1:9"]
    static let line = "cannot reach the Kilroy cloud at http://127.0.0.1:9: connection refused"

    static func expectPlain(_ stderr: String, _ command: String) {
        #expect(stderr.contains(line), "\(command): \(stderr)")
        for dump in ["Domain=", "UserInfo", "NSLocalized", "Code=", "Error Domain"] {
            #expect(!stderr.contains(dump), "\(command): \(stderr)")
        }
        #expect(stderr.split(separator: "\n").count == 1, "\(command): \(stderr)")
    }

    @Test("drop, near, delete and sync warn or fail with the one line; show of a cloud id fails with it")
    func everyCommand() throws {
        let kilroy = KilroyProcess()
        let photo = try kilroy.file("photo.jpg", TestPhotos.jpeg)
        let drop = try kilroy.run(["drop", "--lat", "1", "--lon", "2", "--image", photo, "--json"] + Self.cloud)
        #expect(drop.status == 0)
        Self.expectPlain(drop.stderr, "drop")
        let id = try #require(try drop.json() as? [String: Any])["id"] as? String ?? ""

        let near = try kilroy.run(["near", "--lat", "1", "--lon", "2"] + Self.cloud)
        #expect(near.status == 0)
        Self.expectPlain(near.stderr, "near")

        let show = try kilroy.run(["show", "6f9619ff-8b86-d011-b42d-00c04fc964ff"] + Self.cloud)
        #expect(show.status == 1)
        Self.expectPlain(show.stderr, "show")

        let sync = try kilroy.run(["sync", "--now", "2030-01-01T00:00:00Z"] + Self.cloud)
        #expect(sync.status == 1)
        Self.expectPlain(sync.stderr, "sync")

        let delete = try kilroy.run(["delete", id] + Self.cloud)
        #expect(delete.status == 0)
        #expect(!delete.stderr.contains("Domain="), "\(delete.stderr)")
    }
}
