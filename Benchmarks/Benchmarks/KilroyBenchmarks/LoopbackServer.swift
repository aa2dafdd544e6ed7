import Foundation
import Hummingbird
import KilroyCloud
import Logging
import ServerKit

/// The Kilroy cloud served over HTTP on 127.0.0.1 (a free port), with its data in a temporary
/// folder and no rate limits, for the drops-per-second benchmark. Started once per process.
actor LoopbackServer {
    private var port: Int?
    private var dataDirectory: URL?

    /// The base URL of the running server, `http://127.0.0.1:<port>`, starting it if needed.
    func baseURL() async throws -> URL {
        if let port, let url = URL(string: "http://127.0.0.1:\(port)") { return url }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("kilroy-bench-http-\(UUID().uuidString)")
        dataDirectory = data
        let quiet = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
        let configuration = KilroyCloudConfiguration(dropRateLimit: nil, uploadRateLimit: nil, reportRateLimit: nil)
        let service = try KilroyCloudServer.open(dataDirectory: data, configuration: configuration, logger: quiet)
        let router = Router()
        try service.register(on: router)
        let bound = PortBox()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "kilroy-bench"),
            onServerRunning: { channel in await bound.set(channel.localAddress?.port) },
            logger: quiet
        )
        Task { try await app.runService(gracefulShutdownSignals: []) }
        let port = try await bound.wait()
        self.port = port
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        return url
    }
}

/// Hands the bound port from the server's start-up callback to the benchmark.
private actor PortBox {
    private var port: Int?
    private var failed = false
    private var waiters: [CheckedContinuation<Int, any Error>] = []

    func set(_ port: Int?) {
        guard let port else {
            failed = true
            waiters.forEach { $0.resume(throwing: URLError(.cannotConnectToHost)) }
            waiters = []
            return
        }
        self.port = port
        waiters.forEach { $0.resume(returning: port) }
        waiters = []
    }

    func wait() async throws -> Int {
        if let port { return port }
        if failed { throw URLError(.cannotConnectToHost) }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }
}
