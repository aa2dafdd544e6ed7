import Foundation
import TestSupport
import Testing

/// Issue 18's acceptance run: three people on one machine (separate journals, one of them with
/// two devices) through a real `app-server` on loopback — verify phones with codes from the
/// development outbox, make a circle, invite, share, edit a shared memory, remove a member,
/// share again — each seeing exactly what they should, and nothing they wrote reaching the
/// relay in the clear.
@Suite("buds circles through a real app-server", .serialized, .enabled(if: AppServerProcess.executable != nil, "app-server is not built"))
struct BudsCirclesEndToEndTests {
    /// One person's device: the `buds` binary with its own journal, pointed at the relay.
    struct Device {
        let cli = CLIProcess(program: "buds", homeVariable: "BUDS_HOME")
        let server: AppServerProcess

        /// Runs `buds` with `arguments`; the relay's commands also get `--server`.
        func run(_ arguments: [String]) async throws -> CLIProcess.Result {
            let relayCommands: Set = ["account", "devices", "circle", "share", "sync", "inbox", "safety-number"]
            let server = relayCommands.contains(arguments.first ?? "") ? ["--server", self.server.baseURL.absoluteString] : []
            return try await cli.runDetached(arguments + server)
        }

        /// Runs a command with `--json` that must succeed.
        @discardableResult
        func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> Any {
            let result = try await run(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            return try result.json()
        }

        /// The journal's memories as `list --json` gives them, by strain.
        func memories() async throws -> [String: [String: Any]] {
            let result = try await cli.runDetached(["list", "--json"])
            let list = try #require(try result.json() as? [[String: Any]])
            return Dictionary(list.map { ($0["strainName"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    static let canaries = ["Canary Kush 7f3a", "canary-note-91b2 at the lake", "Canary Cove 55e1", "+14155550123"]

    @Test("three people, four devices: verify, circle, invite, share, edit, remove, share again")
    func threePeople() async throws {
        let folder = ScratchFolder.url("buds-e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outbox = folder.appendingPathComponent("sms")
        let log = folder.appendingPathComponent("server.log")
        let data = folder.appendingPathComponent("data")
        let server = try AppServerProcess(
            arguments: ["--buds-sms-outbox", outbox.path, "--log-level", "debug"], dataDirectory: data, logFile: log)
        defer { server.stop() }
        let alice = Device(server: server)
        let alicePhone = Device(server: server)
        let bob = Device(server: server)
        let carol = Device(server: server)

        // Phones verified with the codes the development relay wrote to its outbox.
        for (device, phone, name) in [(alice, "+14155550123", "Alice"), (bob, "+14155550124", "Bob"), (carol, "+447700900125", "Carol")] {
            let account = try #require(
                try await device.json(["account", "verify-phone", phone, "--name", name, "--sms-outbox", outbox.path]) as? [String: Any])
            #expect((account["did"] as? String)?.hasPrefix("did:buds:") == true)
        }

        // Alice links her second device.
        let link = try #require(try await alicePhone.json(["devices", "link", "--name", "Alice", "--wait", "0"]) as? [String: String])
        let code = try #require(link["code"])
        try await alice.json(["devices", "accept-link", code])
        let linked = try #require(try await alicePhone.json(["devices", "link", "--finish"]) as? [String: Any])
        #expect((linked["devices"] as? [String])?.count == 2)
        let aliceAccount = try #require(try await alice.json(["account", "show"]) as? [String: Any])
        #expect(linked["did"] as? String == aliceAccount["did"] as? String)

        // Alice makes a circle and invites Bob and Carol; her next sync takes them in.
        try await alice.json(["circle", "create", "Friends"])
        for friend in [bob, carol] {
            let invite = try #require(try await alice.json(["circle", "invite", "Friends"]) as? [String: String])
            let inviteCode = try #require(invite["code"])
            try await friend.json(["circle", "join", inviteCode, "--name", "Friends"])
        }
        try await alice.json(["sync"])
        let members = try #require(try await bob.json(["circle", "members", "Friends"]) as? [String: Any])
        let circle = try #require(members["circle"] as? [String: Any])
        #expect((circle["members"] as? [[String: Any]])?.count == 3)

        // Alice shares a memory with canaries in strain, notes and place, and a photo.
        let photo = ValidImages.png(18)
        let photoFile = try alice.cli.file("photo.png", photo)
        let added = try #require(
            try await alice.json([
                "add", "--strain", Self.canaries[0], "--type", "flower", "--rating", "4", "--notes", Self.canaries[1], "--lat", "52.37",
                "--lon", "4.89", "--place", Self.canaries[2], "--image", photoFile,
            ]) as? [String: Any])
        let memoryID = try #require(added["id"] as? String)
        let shared = try #require(try await alice.json(["share", memoryID, "--circle", "Friends"]) as? [String: Any])
        #expect(shared["devices"] as? Int == 3)  // Bob, Carol and Alice's other device.

        for (device, expected) in [(bob, "Alice"), (carol, "Alice")] {
            let report = try #require(try await device.json(["sync"]) as? [String: Any])
            let received = try #require(report["received"] as? [[String: Any]])
            #expect(received.count == 1 && received.first?["from"] as? String == expected)
            let memory = try #require(try await device.memories()[Self.canaries[0]])
            #expect(memory["isShared"] as? Bool == true)
            #expect((memory["sharedBy"] as? [String: Any])?["name"] as? String == "Alice")
            #expect(memory["notes"] as? String == Self.canaries[1])
            #expect(memory["imageCID"] as? String == added["imageCID"] as? String)
            // A shared memory is read-only for its recipients.
            let edit = try await device.cli.runDetached(["edit", memoryID, "--rating", "1"])
            #expect(edit.status != 0)
        }
        let own = try await alicePhone.json(["sync"])
        #expect(try await alicePhone.memories()[Self.canaries[0]] != nil, "\(own)")

        // Bob links a tablet: the circle shows that he added a device, and the tablet gets what
        // is shared from then on.
        let bobTablet = Device(server: server)
        let tabletLink = try #require(try await bobTablet.json(["devices", "link", "--name", "Bob", "--wait", "0"]) as? [String: String])
        let tabletCode = try #require(tabletLink["code"])
        try await bob.json(["devices", "accept-link", tabletCode])
        try await bobTablet.json(["devices", "link", "--finish"])
        let seen = try #require(try await alice.json(["circle", "members", "Friends"]) as? [String: Any])
        let events = try #require(seen["events"] as? [[String: Any]])
        #expect(events.contains { $0["kind"] as? String == "device_added" && $0["name"] as? String == "Bob" }, "\(events)")

        // Alice edits it; the edit follows on her next sync.
        try await alice.json(["edit", memoryID, "--rating", "2"])
        let sent = try #require(try await alice.json(["sync"]) as? [String: Any])
        #expect(sent["sentUpdates"] as? Int == 1)
        for device in [bob, bobTablet] { try await device.json(["sync"]) }
        #expect(try await bob.memories()[Self.canaries[0]]?["rating"] as? Int == 2)
        #expect(try await bobTablet.memories()[Self.canaries[0]]?["rating"] as? Int == 2)

        // Alice removes Carol and shares again: Bob gets it, Carol nothing.
        try await alice.json(["circle", "remove", "Friends", "Carol"])
        let second = try #require(try await alice.json(["add", "--strain", "After Removal", "--type", "edible", "--rating", "5"]) as? [String: Any])
        let secondID = try #require(second["id"] as? String)
        let secondShare = try #require(try await alice.json(["share", secondID, "--circle", "Friends"]) as? [String: Any])
        #expect(secondShare["devices"] as? Int == 3)  // Bob's two devices and Alice's other one.
        _ = try await bob.json(["sync"])
        #expect(try await bob.memories()["After Removal"] != nil)
        _ = try await carol.run(["sync", "--json"])
        #expect(try await carol.memories()["After Removal"] == nil)
        #expect(try await carol.memories()[Self.canaries[0]] != nil)

        // Alice deletes the second memory: the deletion follows, and Bob's copy goes too.
        try await alice.json(["delete", secondID])
        _ = try await alice.json(["sync"])
        let deletion = try #require(try await bob.json(["sync"]) as? [String: Any])
        #expect((deletion["received"] as? [[String: Any]])?.first?["isDeleted"] as? Bool == true)
        #expect(try await bob.memories()["After Removal"] == nil)

        // Nothing anyone wrote reached the relay in the clear: not its database, not its blobs,
        // not its log (and not the phone numbers either).
        server.stop()
        var relayBytes = Data()
        let files = FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if let bytes = try? Data(contentsOf: file) { relayBytes += bytes }
        }
        relayBytes += try Data(contentsOf: log)
        #expect(relayBytes.count > 10_000)
        for canary in Self.canaries + ["+14155550124", "+447700900125", "4155550123"] {
            #expect(relayBytes.range(of: Data(canary.utf8)) == nil, "\(canary) reached the relay")
        }
        #expect(relayBytes.range(of: photo) == nil, "the photo reached the relay in the clear")
    }
}
