import Synchronization

/// Opens once, when the backends are prepared (migrated, caches loaded); work that runs beside
/// the server waits on it. Housekeeping started with the application otherwise ran its first
/// round before the migrations, and on a new PostgreSQL database logged an error for every
/// table it looked for.
final class ReadinessGate: Sendable {
    private struct State {
        var isOpen = false
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Lets every waiter, present and future, through.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open, or as soon as the calling task is cancelled (a server
    /// stopped before it was ready): the caller checks which.
    func wait() async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passes = state.withLock { state in
                    guard !state.isOpen, !Task.isCancelled else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
