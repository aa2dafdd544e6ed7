import BudsCloud
import ServiceLifecycle

/// Runs beside the server: every 10 minutes the Buds relay drops what expired — envelopes
/// older than 30 days, closed link channels and invitations, idle sign-ins. Each app-server does
/// it; the store's deletes make running it in several processes harmless.
struct BudsHousekeeping: Service {
    let relay: BudsRelayServer
    /// Opens when the relay's store is migrated; nothing runs before.
    let ready: ReadinessGate
    var interval: Duration = .seconds(600)

    func run() async throws {
        await cancelWhenGracefulShutdown { await ready.wait() }
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await relay.purgeExpired()
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
