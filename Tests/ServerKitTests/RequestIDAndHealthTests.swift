import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ServerKit
import Testing

@Suite("Request ids: one per request, in the answer and in every log line written for it")
struct RequestIDTests {
    /// A router whose one route answers with what a log line written inside it would carry.
    private func application() -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: JSONErrorMiddleware(logger: Logger(label: "test"), notFoundHint: "none."))
        router.get("whoami") { _, _ in
            let metadata = RequestID.metadataProvider.get()
            return metadata["request"].map { "\($0)" } ?? "none"
        }
        return Application(router: router)
    }

    @Test("each request gets its own id, echoed in X-Request-ID and given to the log metadata")
    func generated() async throws {
        try await application().test(.router) { client in
            let first = try await client.execute(uri: "/whoami", method: .get)
            let second = try await client.execute(uri: "/whoami", method: .get)
            let firstID = try #require(first.headers[.xRequestID])
            #expect(String(buffer: first.body) == firstID)
            #expect(firstID != second.headers[.xRequestID])
            // Refusals carry an id too.
            #expect(try await client.execute(uri: "/nothing", method: .get).headers[.xRequestID] != nil)
        }
        // Outside a request nothing is added.
        #expect(RequestID.metadataProvider.get().isEmpty)
    }

    @Test(
        "a proxy's well-formed id is kept; one that could forge a log line or is too long is replaced",
        arguments: [
            ("nginx-4f1c2d_9.a", true), (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false),
            ("two words", false), ("id\"} injected", false), ("", false),
        ])
    func proxied(candidate: String, kept: Bool) async throws {
        try await application().test(.router) { client in
            let response = try await client.execute(uri: "/whoami", method: .get, headers: [.xRequestID: candidate])
            let echoed = try #require(response.headers[.xRequestID])
            #expect((echoed == candidate) == kept)
            #expect(String(buffer: response.body) == echoed)
        }
    }
}

@Suite("Backend health checks")
struct BackendHealthTests {
    private struct Down: Error {}

    @Test("a check that returns is available, one that throws is not, one that hangs is not after its timeout")
    func outcomes() async {
        #expect(await BackendHealth.checking("sqlite") {} == BackendHealth(backend: "sqlite", isAvailable: true))
        #expect(await BackendHealth.checking("s3") { throw Down() } == BackendHealth(backend: "s3", isAvailable: false))
        let hanging = await BackendHealth.checking("postgres", timeout: .milliseconds(100)) {
            try await Task.sleep(for: .seconds(3_600))
        }
        #expect(hanging == BackendHealth(backend: "postgres", isAvailable: false))
    }
}
