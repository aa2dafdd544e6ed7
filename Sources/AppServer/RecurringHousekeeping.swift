import BudsCloud
import Logging
import ServiceLifecycle

/// Runs beside the server once the stores are migrated: `round` every `interval`, until the
/// server shuts down. Each app-server runs its own, so a round must be harmless when several
/// processes run it at once.
struct RecurringHousekeeping: Service {
    /// Opens when the stores are migrated; nothing runs before.
    let ready: ReadinessGate
    var interval: Duration = .seconds(600)
    /// One round; it deals with its own failures (the next round tries again).
    let round: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown { await ready.wait() }
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await round()
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}

extension RecurringHousekeeping {
    /// Every 10 minutes the Buds relay drops what expired — envelopes older than 30 days, closed
    /// link channels and invitations, idle sign-ins. The store's deletes make several processes
    /// doing it harmless.
    static func buds(relay: BudsRelayServer, ready: ReadinessGate) -> RecurringHousekeeping {
        RecurringHousekeeping(ready: ready) { await relay.purgeExpired() }
    }

    /// Every 10 minutes, the Kilroy store's maintenance (`KilroyServerStore.performMaintenance()`:
    /// on PostgreSQL, pruning the change log the near caches learn from); a failure is logged
    /// and left for the next round. It used to run inside a near request, which then waited for
    /// it: the first pruning after a bulk load deleted a million entries and held that request,
    /// and the ones queued behind it, for about a second.
    static func kilroy(
        maintenance: @escaping @Sendable () async throws -> Void, ready: ReadinessGate, interval: Duration = .seconds(600),
        logger: Logger
    ) -> RecurringHousekeeping {
        RecurringHousekeeping(ready: ready, interval: interval) {
            do {
                try await maintenance()
            } catch is CancellationError {
                return
            } catch {
                logger.error("kilroy store maintenance failed", metadata: ["error_type": "\(String(reflecting: type(of: error)))"])
            }
        }
    }
}
