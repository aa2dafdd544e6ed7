import Logging
import ServiceLifecycle

/// Runs beside the server: every 10 minutes, the Kilroy store's maintenance
/// (`KilroyServerStore.performMaintenance()`: on PostgreSQL, pruning the change log the near
/// caches learn from). It used to run inside a near request, which then waited for it: the first
/// pruning after a bulk load deleted a million entries and held that request, and the ones
/// queued behind it, for about a second.
struct KilroyHousekeeping: Service {
    /// One round of maintenance: the store's, in app-server.
    let maintenance: @Sendable () async throws -> Void
    /// Opens when the store is migrated; nothing runs before.
    let ready: ReadinessGate
    var interval: Duration = .seconds(600)
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown { await ready.wait() }
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await performMaintenance()
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// One round; a failure is logged and left for the next.
    func performMaintenance() async {
        do {
            try await maintenance()
        } catch is CancellationError {
            return
        } catch {
            logger.error("kilroy store maintenance failed", metadata: ["error_type": "\(String(reflecting: type(of: error)))"])
        }
    }
}
