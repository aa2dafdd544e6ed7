import Foundation
import Hummingbird
import Logging
import UmiLogCloud

/// The real UmiLog sync server (SQLite store and blob folder in `dataDirectory`) mounted in a
/// Hummingbird application as `app-server` mounts it, served on 127.0.0.1 at a free port. It
/// runs until the benchmark process ends.
enum LoopbackSyncServer {
    /// Starts the server and returns its base URL, `http://127.0.0.1:<port>`.
    static func start(dataDirectory: URL, logger: Logger) async throws -> URL {
        // No rate limits (the benchmark is one client going as fast as it can) and room for the
        // device every first-sync iteration registers; every other limit is the contract's.
        let configuration = UmiLogSyncConfiguration(limits: .init(maximumDevices: 10_000), rateLimits: .none)
        let server = try UmiLogSyncServer.open(dataDirectory: dataDirectory, configuration: configuration, logger: logger)
        let router = Router()
        try server.register(on: router)
        let bound = PortBox()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "umilog-sync-bench"),
            onServerRunning: { channel in await bound.set(channel.localAddress?.port) },
            logger: logger
        )
        Task { try await app.runService(gracefulShutdownSignals: []) }
        let port = try await bound.wait()
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
