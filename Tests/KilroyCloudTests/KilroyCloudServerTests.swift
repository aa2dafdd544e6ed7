import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Logging
import ServerKit
import TestSupport
import Testing

@testable import KilroyCloud

@Suite("Kilroy cloud service")
struct KilroyCloudServerTests {
    @Test("the OpenAPI document is served as application/yaml, byte for byte")
    func openAPIDocument() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let response = try await client.send(.get, "/openapi.yaml")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml")
            #expect(String(decoding: response.data, as: UTF8.self) == OpenAPIDocument.yaml)
        }
    }

    @Test("the cloud's own health answers ok while its store does")
    func health() async throws {
        let harness = try KilroyCloudHarness()
        #expect(await harness.service.health().isAvailable)
        try await harness.run { client in
            let response = try await client.send(.get, "/health")
            #expect(response.status == .ok)
            #expect(try response.decoded(Components.Schemas.Health.self).status == .ok)
        }
    }

    @Test("opening the data folder creates the database and the blob folder")
    func openDataDirectory() async throws {
        let folder = ScratchFolder.url("kilroy-data")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = try KilroyCloudServer.open(dataDirectory: folder, logger: .quiet)
        #expect(await service.health().isAvailable)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kilroy.sqlite").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("blobs/kilroy").path))
    }

    @Test("concurrent holders of one key never overlap; different keys do not wait for each other")
    func keyedLock() async throws {
        let lock = KeyedLock()
        let log = EventLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await lock.withLock("image") {
                        log.record("start")
                        try await Task.sleep(for: .milliseconds(1))
                        log.record("end")
                    }
                    _ = index
                }
            }
            try await group.waitForAll()
        }
        let events = log.events
        #expect(events.count == 40)
        #expect(events == Array(repeating: ["start", "end"], count: 20).flatMap { $0 })
        let value = try await lock.withLock("other") { 42 }
        #expect(value == 42)
    }
}

/// Events recorded from concurrent tasks.
///
/// `@unchecked Sendable` is safe: `storage` is only touched inside `lock.withLock`.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func record(_ event: String) { lock.withLock { storage.append(event) } }
    var events: [String] { lock.withLock { storage } }
}
