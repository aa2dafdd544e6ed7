import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOPosix
import ServerKit
import Testing

/// The limited server runs each connection's requests on the connection's own event loop, so a
/// request is not handed between threads on its way in and out.
@Suite("Requests on their connection's event loop")
struct EventLoopTaskExecutorTests {
    /// Where a handler ran: whether on an event loop thread at all, and whether that loop stayed
    /// the same across a suspension and in a child task.
    @Test("a handler, its code after a suspension and its child tasks run on the connection's loop")
    func handlersRunOnTheirLoop() async throws {
        let router = Router()
        router.get("where") { _, _ -> String in
            guard let before = MultiThreadedEventLoopGroup.currentEventLoop else { return "pool" }
            try await Task.sleep(for: .milliseconds(2))
            async let child = MultiThreadedEventLoopGroup.currentEventLoop.map { $0 === before } ?? false
            let after = MultiThreadedEventLoopGroup.currentEventLoop.map { $0 === before } ?? false
            return "loop after=\(after) child=\(await child)"
        }
        let app = Application(
            router: router, server: .limited(HTTPServerLimits()), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.live) { client in
            for _ in 0..<3 {
                let response = try await client.execute(uri: "/where", method: .get)
                #expect(String(buffer: response.body) == "loop after=true child=true")
            }
        }
    }

    /// The default server (Hummingbird's own HTTP/1 channel) hands requests to the task pool:
    /// the test above would pass vacuously if the probe could not tell the two apart.
    @Test("the probe tells a pool thread from a loop thread")
    func probeDistinguishesThreads() async throws {
        let router = Router()
        router.get("where") { _, _ -> String in MultiThreadedEventLoopGroup.currentEventLoop == nil ? "pool" : "loop" }
        let app = Application(router: router, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.live) { client in
            let response = try await client.execute(uri: "/where", method: .get)
            #expect(String(buffer: response.body) == "pool")
        }
    }
}
