import ArgumentParser
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KilroyCloud
import Logging
import ServerKit
import TestSupport
import Testing

@testable import AppServer

@Suite("app-server application on loopback")
struct AppServerTests {
    static func settings(data: URL, reciprocity: ReciprocityPolicy = .off) -> ServerSettings {
        ServerSettings(host: "127.0.0.1", port: 0, dataDirectory: data, reciprocity: reciprocity, logLevel: .error)
    }

    static func withApplication<T: Sendable>(
        reciprocity: ReciprocityPolicy = .off,
        data: URL? = nil, now: (@Sendable () -> Date)? = nil, idleTimeout: Duration? = nil,
        logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
        _ body: @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let folder = data ?? ScratchFolder.url("app-server-tests")
        // A folder the caller passes is the caller's to remove (it may start a second server on it).
        defer { if data == nil { try? FileManager.default.removeItem(at: folder) } }
        var settings = settings(data: folder, reciprocity: reciprocity)
        if let now { settings.kilroy.now = now }
        if let idleTimeout { settings.limits.idleTimeout = idleTimeout }
        let configured = settings
        return try await AppBuilder.withBackends(settings: configured, logger: logger) { backends in
            let app = try AppBuilder.makeApplication(settings: configured, backends: backends, loggers: ServerLoggers(all: logger))
            return try await app.test(.live, body)
        }
    }

    @Test("/health answers JSON ok for every cloud")
    func health() async throws {
        try await Self.withApplication { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let report = try JSONDecoder().decode(HealthReport.self, from: Data(response.body.readableBytesView))
            let local = CloudHealth(
                store: BackendHealth(backend: "sqlite", isAvailable: true), blobs: BackendHealth(backend: "file", isAvailable: true))
            #expect(report == HealthReport(status: "ok", clouds: ["kilroy": local, "buds": local, "umilog": local]))
        }
    }

    @Test("/health is 503 naming the backend that is down (the blob folder vanished), so a balancer skips the instance")
    func healthWhenBlobsAreGone() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await Self.withApplication(data: folder.url) { client in
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("blobs/kilroy"))
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .serviceUnavailable)
            let report = try JSONDecoder().decode(HealthReport.self, from: Data(response.body.readableBytesView))
            #expect(report.status == "unavailable")
            #expect(report.clouds["kilroy"]?.blobs == BackendHealth(backend: "file", isAvailable: false))
            #expect(report.clouds["kilroy"]?.store == BackendHealth(backend: "sqlite", isAvailable: true))
        }
    }

    @Test("/health with an object store that does not answer: 503 naming s3 for every cloud, the stores up")
    func healthWhenObjectStoreIsUnreachable() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var settings = Self.settings(data: folder.url)
        // Nothing listens on port 1: each cloud's S3 check fails or runs to its bound.
        settings.blobs = try BlobLocation(
            parsing: "s3://bucket?endpoint=http://127.0.0.1:1&region=us-east-1", source: "--blobs",
            environment: ["AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test"])
        let configured = settings
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        try await AppBuilder.withBackends(settings: configured, logger: logger) { backends in
            let app = try AppBuilder.makeApplication(settings: configured, backends: backends, loggers: ServerLoggers(all: logger))
            try await app.test(.live) { client in
                let response = try await client.execute(uri: "/health", method: .get)
                #expect(response.status == .serviceUnavailable)
                let report = try JSONDecoder().decode(HealthReport.self, from: Data(response.body.readableBytesView))
                for name in ["kilroy", "buds", "umilog"] {
                    #expect(report.clouds[name]?.blobs == BackendHealth(backend: "s3", isAvailable: false), "\(name)")
                    #expect(report.clouds[name]?.store == BackendHealth(backend: "sqlite", isAvailable: true), "\(name)")
                }
            }
        }
    }

    /// A cloud whose check waits until every cloud's check has started (or 30 s), and reports
    /// its backends up only if they all did: asked one after the other, the first never sees
    /// the others start.
    struct RendezvousCloud: AppCloud {
        /// How many checks have started, shared by the clouds of one report.
        actor Arrivals {
            var count = 0
            func arrive() { count += 1 }
        }

        let name: String
        let arrivals: Arrivals
        let expected: Int

        func register(on router: Router<BasicRequestContext>) throws {}

        func health() async -> CloudHealth {
            await arrivals.arrive()
            var everyoneStarted = false
            for _ in 0..<3_000 where !everyoneStarted {
                everyoneStarted = await arrivals.count == expected
                if !everyoneStarted { try? await Task.sleep(for: .milliseconds(10)) }
            }
            let health = BackendHealth(backend: "s3", isAvailable: everyoneStarted)
            return CloudHealth(store: health, blobs: health)
        }
    }

    @Test("/health asks every cloud at once: one slow backend per cloud costs one bound, not one per cloud")
    func healthAsksCloudsConcurrently() async {
        let arrivals = RendezvousCloud.Arrivals()
        let clouds = ["kilroy", "buds", "umilog"].map { RendezvousCloud(name: $0, arrivals: arrivals, expected: 3) }
        let report = await HealthReport.check(clouds)
        #expect(report.status == "ok", "\(report)")
        #expect(report.clouds.count == 3)
    }

    @Test("the Kilroy OpenAPI document is served at /kilroy/v1/openapi.yaml")
    func openAPIDocument() async throws {
        try await Self.withApplication { client in
            let response = try await client.execute(uri: "/kilroy/v1/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml")
            #expect(String(buffer: response.body).hasPrefix("openapi: 3.0.3"))
        }
    }

    @Test("UmiLog's sync server is mounted: its document at /umilog/v1/openapi.yaml, its data in umilog-sync.sqlite")
    func umilogMounted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try await Self.withApplication(data: folder.url) { client in
            let document = try await client.execute(uri: "/umilog/v1/openapi.yaml", method: .get)
            #expect(document.status == .ok)
            #expect(String(buffer: document.body).contains("title: UmiLog sync"))
            let health = try await client.execute(uri: "/umilog/v1/health", method: .get)
            #expect(String(buffer: health.body) == #"{"status":"ok"}"#)
            let unsigned = try await client.execute(uri: "/umilog/v1/accounts/\(UUID().uuidString.lowercased())/changes", method: .get)
            #expect(unsigned.status == .unauthorized)
        }
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("umilog-sync.sqlite").path))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("blobs/umilog").path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
    }

    @Test("unknown paths and methods are JSON 404s")
    func notFound() async throws {
        try await Self.withApplication { client in
            for (uri, method) in [("/nothing/here", HTTPRequest.Method.get), ("/kilroy/v2/health", .get), ("/health", .post)] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .notFound, "\(method) \(uri)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let body = try JSONDecoder().decode([String: String].self, from: Data(response.body.readableBytesView))
                #expect(body["code"] == "not_found")
                #expect(body["message"]?.contains(uri) == true)
            }
        }
    }

    @Test("a drop made over real HTTP is found by another device")
    func dropAndFind() async throws {
        try await Self.withApplication { client in
            let device: HTTPFields = [.authorization: "Bearer " + String(repeating: "A", count: 43), .contentType: "image/jpeg"]
            let image = ByteBuffer(bytes: ValidImages.jpeg())
            let upload = try await client.execute(uri: "/kilroy/v1/images", method: .post, headers: device, body: image)
            #expect(upload.status == .created)
            let imageID =
                try #require(
                    JSONSerialization.jsonObject(with: Data(upload.body.readableBytesView)) as? [String: Any])["id"] as? String
            let drop =
                #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","latitude":51.5,"longitude":-0.12,"imageId":"\#(imageID ?? "")","createdAt":"2025-06-01T12:00:00Z"}"#
            var json = device
            json[.contentType] = "application/json"
            let created = try await client.execute(
                uri: "/kilroy/v1/kilroys", method: .post, headers: json, body: ByteBuffer(string: drop))
            #expect(created.status == .created)
            let other: HTTPFields = [.authorization: "Bearer " + String(repeating: "B", count: 42) + "A"]
            let near = try await client.execute(uri: "/kilroy/v1/kilroys/near?lat=51.5&lon=-0.12", method: .get, headers: other)
            #expect(near.status == .ok)
            #expect(String(buffer: near.body).contains("6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        }
    }
}

@Suite("app-server command line")
struct AppServerCommandTests {
    /// `arguments` parsed as `app-server` parses them (serve is the default command).
    static func serve(_ arguments: [String]) throws -> AppServerCommand.Serve {
        try #require(try AppServerCommand.parseAsRoot(arguments) as? AppServerCommand.Serve)
    }

    @Test("defaults are 127.0.0.1:8080, ./.data and reciprocity off")
    func defaults() throws {
        let settings = try Self.serve([]).options.settings(environment: [:])
        #expect(settings.host == "127.0.0.1")
        #expect(settings.port == 8080)
        #expect(settings.dataDirectory.lastPathComponent == ".data")
        #expect(settings.reciprocity == .off)
    }

    @Test("flags set host, port, data folder and reciprocity")
    func flags() throws {
        let settings = try Self.serve(["--host", "0.0.0.0", "--port", "9000", "--data", "/tmp/x", "--reciprocity", "local:250"])
            .options.settings(environment: [:])
        #expect(settings.host == "0.0.0.0")
        #expect(settings.port == 9000)
        #expect(settings.dataDirectory.path == "/tmp/x")
        #expect(settings.kilroyConfiguration.reciprocity == .local(radiusMeters: 250))
    }

    @Test(
        "bad flags are usage errors (exit 2) with a message naming the flag",
        arguments: [
            (["--port", "70000"], "--port"), (["--port", "http"], "port"), (["--reciprocity", "always"], "--reciprocity"),
            (["--reciprocity", "global:0"], "--reciprocity"), (["--log-level", "loud"], "--log-level"), (["--frobnicate"], "frobnicate"),
        ]
    )
    func badFlags(arguments: [String], mentions: String) {
        do {
            _ = try AppServerCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(AppServerCommand.exitCode(for: error) == .validationFailure)
            #expect(AppServerCommand.fullMessage(for: error).contains(mentions))
        }
    }

    @Test("--help documents the reciprocity syntax")
    func help() {
        let help = AppServerCommand.helpMessage(for: AppServerCommand.Serve.self)
        #expect(help.contains("local:<metres>"))
        #expect(help.contains("global:<drops>"))
        #expect(help.contains("--data"))
    }
}
