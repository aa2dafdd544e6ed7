import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import Logging
import ServerKit
import Testing

/// A real server on a loopback port with the kit's limits: `/health` answers at once and
/// `POST /echo` reads its whole body before answering; `POST /stalled-echo` does too, but
/// answers a failed body only 4 s later (a router short of threads).
enum LimitedServer {
    static func run(
        _ limits: HTTPServerLimits, tally: ConnectionTally = ConnectionTally(), _ body: @Sendable (Int) async throws -> Void
    ) async throws {
        try await run(server: .limited(limits, tally: tally), body)
    }

    static func run(server: HTTPServerBuilder, _ body: @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.add(middleware: JSONErrorMiddleware(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))
        router.get("health") { _, _ in "ok" }
        router.post("echo") { request, _ in
            var request = request
            let received = try await request.collectBody(upTo: 1 << 20)
            return Response(status: .ok, body: ResponseBody(byteBuffer: received))
        }
        router.post("stalled-echo") { request, _ in
            var request = request
            do {
                let received = try await request.collectBody(upTo: 1 << 20)
                return Response(status: .ok, body: ResponseBody(byteBuffer: received))
            } catch {
                try? await Task.sleep(for: .seconds(4))
                throw error
            }
        }
        let app = Application(
            router: router, server: server, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.live) { client in
            try await body(try #require(client.port))
        }
    }
}
