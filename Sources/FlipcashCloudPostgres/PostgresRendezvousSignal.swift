public import FlipcashCloud
public import Logging
public import PostgresNIO
import PostgresStorage

/// Announcements across app-servers over PostgreSQL's `LISTEN`/`NOTIFY`: the store's
/// ``PostgresLedgerStore/storeMessage(_:at:)`` notifies ``channel`` in the message's own
/// transaction, and every app-server's signal, listening on a connection of its own (``run()``),
/// wakes its streams for that rendezvous.
///
/// A gap (while reconnecting) only delays delivery: streams also poll the store every second.
public final class PostgresRendezvousSignal: RendezvousSignal {
    /// The channel listened on: the store's ``PostgresLedgerStore/rendezvousChannel``.
    public let channel: String
    private let configuration: PostgresConnection.Configuration
    private let local: LocalRendezvousSignal
    private let logger: Logger

    /// The first pause before reconnecting, doubled after each failed attempt up to
    /// ``maximumReconnectDelay``.
    static let minimumReconnectDelay: Duration = .milliseconds(100)
    static let maximumReconnectDelay: Duration = .seconds(5)
    /// How often an idle listening connection is checked, and how long the check may take before
    /// the connection is taken for dead (a silent network drop leaves no error to wait for).
    static let keepAliveInterval: Duration = .seconds(30)
    static let keepAliveTimeout: Duration = .seconds(10)

    /// A signal that listens on `channel` with a connection made from `configuration` once
    /// ``run()`` runs, delivering into `local` (whose listeners are this process's streams).
    public init(
        configuration: PostgresConnection.Configuration, channel: String, local: LocalRendezvousSignal = LocalRendezvousSignal(),
        logger: Logger
    ) {
        self.configuration = configuration
        self.channel = channel
        self.local = local
        self.logger = logger
    }

    /// A signal on `store`'s channel.
    public convenience init(
        configuration: PostgresConnection.Configuration, store: PostgresLedgerStore, local: LocalRendezvousSignal = LocalRendezvousSignal(),
        logger: Logger
    ) {
        self.init(configuration: configuration, channel: store.rendezvousChannel, local: local, logger: logger)
    }

    /// Wakes this process's streams for `rendezvous` at once. The other app-servers hear of it from
    /// the `NOTIFY` the store sent when it committed the message (and so does this one, again).
    public func announce(_ rendezvous: RendezvousID) async {
        local.deliver(rendezvous)
    }

    public func announcements(for rendezvous: RendezvousID) -> AsyncStream<Void> {
        local.announcements(for: rendezvous)
    }

    /// Listens on ``channel`` until the task is cancelled, then returns: connects, `LISTEN`s and
    /// delivers each notification's rendezvous to this process's streams. A lost connection is
    /// made again, after 100 ms, then twice as long each time it fails, up to 5 s.
    ///
    /// An outage is logged twice, however long it lasts: a warning when the connection is lost
    /// (or the first one cannot be made), and a notice once it listens again, with the attempts
    /// that failed in between. The failed attempts themselves are logged at debug level: while
    /// PostgreSQL is down they come every 5 s and say nothing new.
    public func run() async throws {
        var delay = Self.minimumReconnectDelay
        var attempt = 0
        var failedInARow = 0
        while !Task.isCancelled {
            attempt += 1
            var listened = false
            do {
                try await listen(connectionID: attempt) {
                    listened = true
                    if failedInARow > 0 {
                        logger.notice(
                            "Rendezvous LISTEN connection restored",
                            metadata: ["channel": "\(channel)", "failed_attempts": "\(failedInARow)"])
                    }
                    failedInARow = 0
                }
            } catch {
                if Task.isCancelled { return }
                // A connection that listened worked for a while: back off from the start again.
                if listened { delay = Self.minimumReconnectDelay }
                failedInARow += 1
                var metadata: Logger.Metadata = [
                    "channel": "\(channel)", "attempt": "\(attempt)", "error_type": "\(type(of: error))",
                    "retry_in_ms": "\(delay.milliseconds)",
                ]
                if let state = PostgresClient.sqlState(of: error) { metadata["sqlstate"] = "\(state)" }
                if failedInARow == 1 {
                    logger.warning("Rendezvous LISTEN connection lost; reconnecting", metadata: metadata)
                } else {
                    logger.debug("Rendezvous LISTEN reconnect failed", metadata: metadata)
                }
            }
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            delay = min(delay * 2, Self.maximumReconnectDelay)
        }
    }

    /// One connection's life: connect, `LISTEN` (then `listening()`), deliver, until the connection
    /// fails or its keep-alive check does (thrown) or the task is cancelled. The connection is
    /// closed on the way out.
    private func listen(connectionID: Int, listening: () -> Void) async throws {
        let connection = try await PostgresConnection.connect(configuration: configuration, id: connectionID, logger: logger)
        do {
            try await connection.listen(on: channel) { notifications in
                listening()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await notification in notifications {
                            self.local.deliver(RendezvousID(notification.payload))
                        }
                        // The sequence ends without an error only when the task is cancelled.
                        try Task.checkCancellation()
                        throw ListenEnded()
                    }
                    group.addTask { try await self.keepAlive(connection) }
                    // Either child ends only by throwing (or by the task's cancellation).
                    _ = try await group.next()
                    group.cancelAll()
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    /// Asks the server for `SELECT 1` every ``keepAliveInterval``; throws when an answer fails or
    /// takes longer than ``keepAliveTimeout``, after closing the connection (which fails whatever
    /// else waits on it, the notifications included).
    private func keepAlive(_ connection: PostgresConnection) async throws {
        while true {
            try await Task.sleep(for: Self.keepAliveInterval)
            let answered = await withTaskGroup(of: Bool.self) { group in
                group.addTask { (try? await connection.query("SELECT 1", logger: self.logger)) != nil }
                group.addTask {
                    try? await Task.sleep(for: Self.keepAliveTimeout)
                    return false
                }
                let first = await group.next() ?? false
                if !first { try? await connection.close() }
                group.cancelAll()
                return first
            }
            guard answered else {
                try Task.checkCancellation()
                throw KeepAliveFailed()
            }
        }
    }

    /// The notifications ended though the connection did not report an error.
    private struct ListenEnded: Error {}
    /// The listening connection did not answer its keep-alive check in time.
    private struct KeepAliveFailed: Error {}
}

extension Duration {
    /// Whole milliseconds, for logs.
    fileprivate var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
