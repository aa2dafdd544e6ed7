import Foundation
import HTTPTypes
import HummingbirdTesting
import ServerKit
import TestSupport
import Testing
import UmiLogAPI

@testable import UmiLogCloud

@Suite("Sync server: body limits, rate limits and the served document")
struct SyncServerLimitTests {
    @Test("a JSON body over the limit is a JSON 413 naming body, before anything reads it")
    func jsonBodyTooLarge() async throws {
        let harness = try SyncServerHarness { $0.limits.maximumJSONBodyBytes = 4096 }
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            let response = try await client.push([ChangeBody(sealed: Data(count: 4096))], for: diver)
            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(response.error?.code == "body_too_large")
            #expect(response.error?.field == "body")
            let anonymous = try await client.send(.post, "/accounts", body: Data(repeating: 0x20, count: 5000))
            #expect(anonymous.status == .contentTooLarge)
        }
    }

    @Test("key-slot reads are limited per address and per account: 429 with Retry-After")
    func keySlotReadLimit() async throws {
        let harness = try SyncServerHarness {
            $0.rateLimits.keySlotReadsPerAddress = RateLimit(burst: 3, perMinute: 1)
        }
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            for _ in 0..<3 { #expect(try await client.keySlots(diver).status == .ok) }
            let limited = try await client.keySlots(diver)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.error?.code == "rate_limited")
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
            harness.clock.advance(by: 60)
            #expect(try await client.keySlots(diver).status == .ok)
        }

        let perAccount = try SyncServerHarness { $0.rateLimits.keySlotReadsPerAccount = RateLimit(burst: 2, perMinute: 1) }
        let other = Diver()
        try await perAccount.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            try #require(try await client.createAccount(other).status == .created)
            for _ in 0..<2 { #expect(try await client.keySlots(diver).status == .ok) }
            #expect(try await client.keySlots(diver).status == .tooManyRequests)
            // Another account's slots have their own bucket.
            #expect(try await client.keySlots(other).status == .ok)
        }
    }

    @Test("signed requests are limited per device; another device of the account has its own bucket")
    func deviceLimit() async throws {
        let harness = try SyncServerHarness { $0.rateLimits.requestsPerDevice = RateLimit(burst: 2, perMinute: 1) }
        let diver = Diver()
        try await harness.run { client in
            try #require(try await client.createAccount(diver).status == .created)
            try #require(try await client.register(diver, device: 1).status == .created)
            for _ in 0..<2 { #expect(try await client.pull(diver).status == .ok) }
            let limited = try await client.pull(diver)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(try await client.pull(diver, by: 1).status == .ok)
        }
    }

    @Test("account creations are limited per address")
    func creationLimit() async throws {
        let harness = try SyncServerHarness { $0.rateLimits.accountCreationsPerAddress = RateLimit(burst: 1, perMinute: 1) }
        try await harness.run { client in
            #expect(try await client.createAccount(Diver()).status == .created)
            let limited = try await client.createAccount(Diver())
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
    }

    @Test("the document is served at /umilog/v1/openapi.yaml; health answers ok; other methods are 405 with Allow")
    func documentAndHealth() async throws {
        let harness = try SyncServerHarness()
        try await harness.run { client in
            let document = try await client.send(.get, "/openapi.yaml")
            #expect(document.status == .ok)
            #expect(document.headers[.contentType] == "application/yaml")
            #expect(document.text == OpenAPIDocument.yaml)
            #expect(try await client.send(.get, "/health").text == #"{"status":"ok"}"#)
            let delete = try await client.send(.delete, "/accounts")
            #expect(delete.status == .methodNotAllowed)
            #expect(delete.headers[.allow] == "POST")
            let health = await harness.server.health()
            #expect(health.isAvailable)
            #expect(health.store.backend == "sqlite")
            #expect(health.blobs.backend == "file")
        }
    }
}
