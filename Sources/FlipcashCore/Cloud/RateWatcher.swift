public import Foundation
public import GRPCCore
import Synchronization

/// Keeps the server's signed rates current from its live stream (StreamExchangeRates): the latest
/// batch, and whether it is too old to price with. A stream that fails, ends or says nothing for
/// 10 seconds is opened again after a back-off of 1 s, doubling up to 30 s, and back to 1 s once a
/// stream delivered rates.
///
/// Run it in a task (``run()`` returns when that task is cancelled); read ``latest`` and
/// ``isStale`` from anywhere, or follow ``updates()``.
public final class RateWatcher: Sendable {
    /// What the watcher reports as it goes.
    public enum Update: Sendable {
        /// A new batch of rates.
        case rates(SignedRates)
        /// The stream was lost (why, in words); the watcher opens it again after `retryIn`.
        case disconnected(reason: String, retryIn: Duration)
    }

    /// Opens one stream.
    public typealias Connect = @Sendable () -> AsyncThrowingStream<ExchangeRateStreamEvent, any Error>

    private struct State {
        var latest: SignedRates?
        var failures = 0
        var listeners: [UUID: AsyncStream<Update>.Continuation] = [:]
    }

    let connect: Connect
    let now: @Sendable () -> Date
    let backoff: ReconnectBackoff
    let silence: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    private let state = Mutex(State())

    /// - Parameters:
    ///   - now: the clock that ages the rates.
    ///   - backoff: the waits between two attempts.
    ///   - silence: how long a stream may say nothing (the server pings every 5 s) before it is
    ///     taken for dead.
    ///   - sleep: how the back-off is slept (tests record it).
    ///   - connect: opens one stream.
    public init(
        now: @escaping @Sendable () -> Date = Date.init, backoff: ReconnectBackoff = ReconnectBackoff(), silence: Duration = .seconds(10),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }, connect: @escaping Connect
    ) {
        self.connect = connect
        self.now = now
        self.backoff = backoff
        self.silence = silence
        self.sleep = sleep
    }

    /// A watcher of `client`'s rates for `currencies` (all when empty), and of the reserve states
    /// of the launchpad currencies `mints`.
    public convenience init<Transport: ClientTransport>(
        client: FlipcashClient<Transport>, currencies: [CurrencyCode] = [], mints: [Mint] = [],
        now: @escaping @Sendable () -> Date = Date.init, backoff: ReconnectBackoff = ReconnectBackoff(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.init(now: now, backoff: backoff, sleep: sleep) { client.exchangeRateStream(currencies, mints: mints) }
    }

    /// The newest batch received, if any.
    public var latest: SignedRates? { state.withLock { $0.latest } }

    /// Whether there is no batch, or the latest is ``SignedRates/maximumAge`` old or more: a send
    /// must not be priced with it.
    public var isStale: Bool { latest?.isStale(at: now()) ?? true }

    /// Failed or lost streams since the last one that delivered rates.
    public var consecutiveFailures: Int { state.withLock { $0.failures } }

    /// Every update from now on, until ``run()`` returns (the newest few kept for a slow reader).
    public func updates() -> AsyncStream<Update> {
        let (stream, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        state.withLock { $0.listeners[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Watches until the task is cancelled (or `sleep` throws).
    public func run() async {
        defer {
            let listeners = state.withLock { state in
                defer { state.listeners = [:] }
                return Array(state.listeners.values)
            }
            for listener in listeners { listener.finish() }
        }
        while !Task.isCancelled {
            let reason: String
            do {
                reason = try await watchOnce()
            } catch {
                reason = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
            }
            if Task.isCancelled { return }
            let failures = state.withLock { state in
                state.failures += 1
                return state.failures
            }
            let delay = backoff.delay(afterFailures: failures)
            publish(.disconnected(reason: reason, retryIn: delay))
            do {
                try await sleep(delay)
            } catch {
                return
            }
        }
    }

    /// One stream, until it ends, fails or goes silent; why it stopped.
    private func watchOnce() async throws -> String {
        let events = connect()
        let heard = LastHeard()
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                for try await event in events {
                    heard.touch()
                    if case .rates(let rates) = event {
                        self.state.withLock { state in
                            state.latest = rates
                            state.failures = 0
                        }
                        self.publish(.rates(rates))
                    }
                }
                return "the server ended the stream"
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: .milliseconds(250))
                    if heard.silence >= self.silence { return "the stream was silent for \(self.silence)" }
                }
            }
            defer { group.cancelAll() }
            return try await group.next() ?? "the stream ended"
        }
    }

    private func publish(_ update: Update) {
        let listeners = state.withLock { Array($0.listeners.values) }
        for listener in listeners { listener.yield(update) }
    }
}

/// When a stream last said something.
final class LastHeard: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    func touch() {
        instant.withLock { $0 = .now }
    }

    /// How long it has been quiet.
    var silence: Duration { instant.withLock { $0.duration(to: .now) } }
}
