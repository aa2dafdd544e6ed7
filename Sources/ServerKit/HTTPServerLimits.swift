public import HummingbirdCore
import Logging
public import Metrics
import NIOConcurrencyHelpers
import NIOCore

/// How long and how many: the limits an HTTP/1 server holds every connection to, so that a
/// client that trickles bytes, stalls, or opens sockets by the thousand costs the server a
/// bounded number of file descriptors for a bounded time. Every refusal is answered as JSON
/// where HTTP still allows an answer.
public struct HTTPServerLimits: Sendable, Equatable {
    /// A connection that sends and receives nothing for this long is closed without an answer
    /// (Hummingbird's idle timeout: a keep-alive connection between requests).
    public var idleTimeout: Duration
    /// The whole request head must arrive within this time of its first byte, else the answer is
    /// a 408 and the connection is closed. Without it a client sending one header byte every few
    /// seconds (slowloris) keeps its connection forever, since each byte counts as activity.
    public var headerTimeout: Duration
    /// The whole request body must arrive within this time of its head (plus the time
    /// ``minimumBodyBytesPerSecond`` grants for what did arrive), else the answer is a 408 and
    /// the connection is closed: a large `Content-Length` trickled a few bytes at a time would
    /// otherwise hold the connection forever.
    public var bodyTimeout: Duration
    /// Every this many body bytes received add one second to the body's deadline, so a large
    /// upload over a slow but honest link still completes while a trickle gains nothing; 0 for
    /// a fixed deadline.
    public var minimumBodyBytesPerSecond: Int
    /// At most this many connections are open at once; one more is answered 503 and closed at
    /// once, so a flood of sockets never reaches the open-file limit. Keep it well under
    /// `ulimit -n`, leaving room for the store's files and outgoing connections.
    public var maximumConnections: Int
    /// The largest request head accepted, in bytes (every header line together); a larger one is
    /// a malformed request (400).
    public var maximumHeaderBytes: Int

    /// The defaults suit a public server: 30 s idle, 10 s for a head, 60 s for a body plus a
    /// second per 16 KiB received (a 10 MB photo over a mobile uplink), 4,096 connections and
    /// 16 KiB of headers.
    public init(
        idleTimeout: Duration = .seconds(30), headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(60),
        minimumBodyBytesPerSecond: Int = 16 * 1024, maximumConnections: Int = 4096, maximumHeaderBytes: Int = 16 * 1024
    ) {
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.minimumBodyBytesPerSecond = minimumBodyBytesPerSecond
        self.maximumConnections = maximumConnections
        self.maximumHeaderBytes = maximumHeaderBytes
    }
}

/// What the limits refused since the server started, and how many connections are open now:
/// for `/health` and metrics, since the refusals themselves are not logged one line each.
public final class ConnectionTally: Sendable {
    /// The counts at one moment.
    public struct Counts: Sendable, Equatable {
        /// Connections open now (refused ones not included).
        public var open = 0
        /// Connections answered 503 because `maximumConnections` were already open.
        public var refused = 0
        /// Requests answered 408 (or cut) because their head or body came too slowly.
        public var timedOut = 0
        /// Requests answered 400 because they were not well-formed HTTP/1.
        public var malformed = 0
    }

    private let counts = NIOLockedValueBox(Counts())
    /// The same counts for `/metrics`: `http_server_refusals_total` by reason and
    /// `http_server_open_connections`.
    private let refusedMetric: Counter
    private let timedOutMetric: Counter
    private let malformedMetric: Counter
    private let openMetric: Gauge

    /// - Parameter metrics: where the counts are also reported (the bootstrapped metrics system
    ///   by default; tests pass their own).
    public init(metrics: any MetricsFactory = MetricsSystem.factory) {
        let label = "http_server_refusals_total"
        refusedMetric = Counter(label: label, dimensions: [("reason", "too_many_connections")], factory: metrics)
        timedOutMetric = Counter(label: label, dimensions: [("reason", "request_timeout")], factory: metrics)
        malformedMetric = Counter(label: label, dimensions: [("reason", "malformed_http")], factory: metrics)
        openMetric = Gauge(label: "http_server_open_connections", factory: metrics)
    }

    /// The counts now.
    public var snapshot: Counts { counts.withLockedValue { $0 } }

    /// Takes one of `limit` places for a new connection; false (and one more refusal counted)
    /// when all are taken.
    func admit(limit: Int) -> Bool {
        let open: Int? = counts.withLockedValue { counts in
            guard counts.open < limit else {
                counts.refused += 1
                return nil
            }
            counts.open += 1
            return counts.open
        }
        guard let open else {
            refusedMetric.increment()
            return false
        }
        openMetric.record(open)
        return true
    }

    /// Gives back the place of a connection that closed.
    func release() {
        openMetric.record(
            counts.withLockedValue { counts in
                counts.open -= 1
                return counts.open
            })
    }

    func countTimeout() {
        counts.withLockedValue { $0.timedOut += 1 }
        timedOutMetric.increment()
    }

    func countMalformed() {
        counts.withLockedValue { $0.malformed += 1 }
        malformedMetric.increment()
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1 server that holds every connection to `limits` (see ``HTTPServerLimits``) and
    /// answers what it refuses as JSON `{"code", "message"}`: 408 `request_timeout`,
    /// 503 `too_many_connections`, 400 `malformed_http`. `tally` counts the refusals.
    ///
    /// ```swift
    /// Application(router: router, server: .limited(settings.limits))
    /// ```
    public static func limited(_ limits: HTTPServerLimits, tally: ConnectionTally = ConnectionTally()) -> HTTPServerBuilder {
        .init { responder in
            LimitedHTTP1Channel(responder: responder, limits: limits, tally: tally)
        }
    }
}
