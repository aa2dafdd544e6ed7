import BudsAPI
import CloudWire
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Identity
import InMemoryLogging
import Logging
import ServerKit
import TestSupport
import Testing

@testable import BudsCloud

/// The relay as `app-server` mounts it: its document, health, refusals of requests the
/// generated code cannot read, housekeeping, and the client address behind its limits.
@Suite("Relay: the server")
struct RelayServerTests {
    @Test("the OpenAPI document, health, 405 with Allow, nosniff")
    func mounting() async throws {
        let harness = try RelayHarness()
        #expect(harness.relay.name == "buds")
        let health = await harness.relay.health()
        #expect(health == CloudHealth(store: .init(backend: "sqlite", isAvailable: true), blobs: .init(backend: "file", isAvailable: true)))
        try await harness.run { client in
            let document = try await client.send(.get, "/openapi.yaml")
            #expect(document.status == .ok)
            #expect(document.headers[.contentType] == "application/yaml")
            #expect(document.text == OpenAPIDocument.yaml)
            let ok = try await client.send(.get, "/health")
            #expect(ok.status == .ok)
            #expect(ok.headers[.xContentTypeOptions] == "nosniff")
            let wrongMethod = try await client.send(.delete, "/inbox")
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers[.allow] == "GET")
        }
    }

    @Test("open makes buds.sqlite and blobs/buds/ in the data folder")
    func opening() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let relay = try BudsRelayServer.open(
            dataDirectory: folder.url, configuration: BudsRelayConfiguration(key: RelayHarness.key), sms: RecordingSMS(), push: RecordingPush(),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("buds.sqlite").path))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("blobs/buds").path, isDirectory: &isFolder))
        #expect(isFolder.boolValue)
        #expect(await relay.health().isAvailable)
    }

    @Test("every refusal of an unreadable request is a JSON Error naming the field")
    func refusalShapes() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            let credential = alice.devices[0].credential
            let cases: [(response: TestResponse, status: HTTPResponse.Status, field: String?)] = [
                (try await client.send(.get, "/inbox"), .unauthorized, "Authorization"),
                (try await client.send(.get, "/inbox", authorization: "Basic abc"), .unauthorized, "Authorization"),
                (try await client.send(.post, "/sign-in", body: Data("{".utf8)), .badRequest, nil),
                (try await client.send(.post, "/sign-in", body: Data("{}".utf8)), .badRequest, "phone"),
                (try await client.send(.post, "/sign-in", body: Data(#"{"phone":1}"#.utf8)), .badRequest, "phone"),
                (
                    try await client.send(.post, "/sign-in", body: Data(#"{"phone":"+14155550101"}"#.utf8), contentType: "text/plain"),
                    .unsupportedMediaType, "Content-Type"
                ),
                (
                    try await client.send(
                        .post, "/sign-in/\(String(repeating: "z", count: 32))/resend", body: Data(#"{"phone":"+14155550101"}"#.utf8)), .badRequest,
                    "session"
                ),
                (try await client.json(.post, "/inbox/ack", ["ids": [1]], credential: credential), .badRequest, "ids.[0]"),
                (
                    try await client.json(.put, "/accounts/\(alice.did)/devices", ["deviceList": "AAAAA"], credential: credential), .badRequest,
                    "deviceList"
                ),
                (
                    try await client.json(
                        .post, "/circles/\(String(repeating: "0", count: 32))/invites", ["inviteId": "nope"], credential: credential), .badRequest,
                    "inviteId"
                ),
                (
                    try await client.json(.post, "/invites/\(String(repeating: "0", count: 31))/join", ["request": "AAAA"], credential: credential),
                    .badRequest, "inviteId"
                ),
            ]
            for (index, item) in cases.enumerated() {
                #expect(item.response.status == item.status, "case \(index): \(item.response.text)")
                #expect(item.response.headers[.contentType]?.hasPrefix("application/json") == true, "case \(index)")
                let error = try #require(item.response.error, "case \(index): \(item.response.text)")
                #expect(!error.code.isEmpty && !error.message.isEmpty)
                #expect(error.field == item.field, "case \(index): \(item.response.text)")
            }
        }
    }

    @Test("purging drops envelopes older than the retention and idle sign-ins")
    func purge() async throws {
        let harness = try RelayHarness()
        try await harness.run { client in
            let alice = try Person("alice", phone: Phones.alice, devices: 2)
            try #require(try await client.signIn(alice).status == .ok)
            try #require(try await client.link(alice, device: 1, version: 2).status == .created)
            let roster = try CircleRoster.create(by: alice.identity)
            try #require(try await client.putRoster(roster, by: alice.devices[0]).status == .noContent)
            let envelope = try alice.seal(circleId: roster.circleId, rosterVersion: 1, to: [alice.devices[1]])
            try #require(try await client.sendEnvelope(envelope, circleId: roster.circleId, by: alice.devices[0]).status == .created)
            let session = try await client.startSignIn(Phones.bob).decoded(Components.Schemas.SignInSession.self).session

            await harness.relay.purgeExpired()
            #expect(try await client.inbox(alice.devices[1]).envelopes.count == 1)
            harness.clock.advance(by: 30 * 86_400 + 1)
            await harness.relay.purgeExpired()
            #expect(try await client.inbox(alice.devices[1]).envelopes.isEmpty)
            #expect(try await client.resend(session, phone: Phones.bob).status == .notFound)
        }
    }

    @Test("behind no trusted proxy the connection's address counts, whatever X-Forwarded-For says")
    func connectionAddress() async throws {
        let harness = try RelayHarness { $0.signInStartsPerAddress = RateLimit(burst: 1, perMinute: 1) }
        let router = Router()
        try harness.relay.register(on: router)
        let app = Application(
            router: router, server: .limited(HTTPServerLimits()), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        defer { harness.directory.remove() }
        try await app.test(.live) { client in
            func start(_ phone: String, forwardedFor: String) async throws -> TestResponse {
                var headers: HTTPFields = [.contentType: "application/json"]
                headers[HTTPField.Name("X-Forwarded-For")!] = forwardedFor
                return try await client.execute(
                    uri: "/buds/v1/sign-in", method: .post, headers: headers,
                    body: ByteBuffer(bytes: try JSONEncoder().encode(Components.Schemas.SignInStart(phone: phone))))
            }
            #expect(try await start(Phones.alice, forwardedFor: "198.51.100.1").status == .accepted)
            let second = try await start(Phones.bob, forwardedFor: "198.51.100.2")
            #expect(second.status == .tooManyRequests)
        }
    }

    @Test("refusals are counted into one log line per code and interval, not written one by one")
    func sampledRefusals() async throws {
        let harness = try RelayHarness()
        let stranger = DeviceToken.generate()
        try await harness.run { client in
            for _ in 0..<30 { _ = try await client.send(.get, "/inbox", credential: stranger) }
            harness.clock.advance(by: 10)
            _ = try await client.send(.get, "/inbox", credential: stranger)
        }
        let lines = harness.log.entries.filter {
            "\($0.message)" == "buds requests refused" && $0.metadata["code"].map { "\($0)" } == "unregistered_device"
        }
        #expect(lines.map { $0.metadata["count"].map { "\($0)" } } == ["1", "30"])
    }

    @Test("the configuration never shows its key")
    func configurationDescription() {
        let configuration = BudsRelayConfiguration(key: RelayHarness.key)
        let shown = "\(configuration) \(String(reflecting: configuration))"
        #expect(shown.contains("<redacted>"))
        #expect(!shown.lowercased().contains("5a5a"))
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.lowercased().contains("5a5a"))
        #expect(!dumped.contains("90, 90"))
    }
}
