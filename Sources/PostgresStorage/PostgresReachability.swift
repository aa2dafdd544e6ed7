public import Foundation
public import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// Whether the PostgreSQL server a URL names lets us in, checked once before a server prepares
/// its stores.
///
/// A `PostgresClient` queues queries while it cannot connect and fails them only when its
/// circuit breaker trips, about a minute later, with a `ConnectionPoolError` that does not say
/// why (its connection failures are info-level logs). So an operator who mistypes the host or
/// the password, or starts `app-server` before PostgreSQL, would wait a minute for an error
/// naming neither. This check connects on its own, runs `SELECT 1`, and says what is wrong.
public enum PostgresReachability {
    /// How long ``check(_:source:patience:logger:)`` keeps trying by default: long enough for a
    /// PostgreSQL started at the same moment to accept connections.
    public static let defaultPatience: Duration = .seconds(10)

    /// Connects to `url` and runs `SELECT 1`. While the server cannot be reached (it may be
    /// starting), tries again with growing pauses for up to `patience`, logging a warning each
    /// time; an answer from the server itself that refuses us (wrong password, no such database,
    /// no TLS where the URL requires it) is final at once.
    ///
    /// `source` is where the URL came from (`--database`), for the error.
    ///
    /// - Throws: ``PostgresUnreachable`` naming the server (without its password), `source` and
    ///   the reason.
    public static func check(
        _ url: PostgresConnectionURL, source: String? = nil, patience: Duration = defaultPatience, logger: Logger
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        var pause: Duration = .milliseconds(250)
        var attempt = 1
        while true {
            let failure: Failure
            do {
                var configuration = try url.connectionConfiguration()
                // Each attempt waits for an answer at most until the deadline (and a second).
                let remaining = max(clock.now.duration(to: deadline), .seconds(1))
                configuration.options.connectTimeout = .milliseconds(Int64(remaining / .milliseconds(1)))
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                do {
                    _ = try await connection.query("SELECT 1", logger: logger).collect()
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
                return
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                failure = Failure(error)
            }
            let remaining = clock.now.duration(to: deadline)
            guard failure.isTransient, remaining > .zero else {
                throw PostgresUnreachable(server: url.redacted, source: source, reason: failure.reason)
            }
            logger.warning(
                "PostgreSQL not reachable yet; trying again",
                metadata: ["database": "\(url.redacted)", "reason": "\(failure.reason)", "attempt": "\(attempt)"])
            try await Task.sleep(for: min(pause, remaining))
            pause = min(pause * 2, .seconds(2))
            attempt += 1
        }
    }

    /// One failed attempt, read into words and into whether waiting could help.
    struct Failure {
        let reason: String
        let isTransient: Bool

        init(_ error: any Error) {
            guard let error = error as? PSQLError else {
                // The TLS context could not be made: waiting will not help.
                (reason, isTransient) = (String(describing: error), false)
                return
            }
            switch error.code {
            case .server:
                // The server's own words, e.g. `password authentication failed for user "app"`
                // or `database "shop" does not exist`; they never quote the password.
                let message = error.serverInfo?[.message] ?? "no reason given"
                (reason, isTransient) = ("the server refused the connection: \(message)", false)
            case .sslUnsupported:
                (reason, isTransient) = ("the server does not offer TLS, which sslmode=require asks for", false)
            case .authMechanismRequiresPassword:
                (reason, isTransient) = ("the server asks for a password and the URL gives none", false)
            case .unsupportedAuthMechanism:
                (reason, isTransient) = ("the server asks for a way of signing in that this client does not support", false)
            case .connectionError:
                (reason, isTransient) = (Self.describeConnection(error.underlying), true)
            default:
                (reason, isTransient) = ("the connection failed (\(error.code))", true)
            }
        }

        /// Why the socket did not connect: `Connection refused`, a name that does not resolve, no
        /// answer in time.
        private static func describeConnection(_ error: (any Error)?) -> String {
            switch error {
            case let error as NIOConnectionError:
                if let first = error.connectionErrors.first {
                    return "\(describeConnection(first.error)) (\(first.target))"
                }
                return "the host name \(error.host) does not resolve"
            case let error as IOError:
                return String(cString: strerror(error.errnoCode))
            case let error as ChannelError:
                if case .connectTimeout = error { return "no answer before the connection timed out" }
                return String(describing: error)
            case let error?:
                return String(describing: error)
            case nil:
                return "the connection failed"
            }
        }
    }
}

/// The PostgreSQL server a URL names could not be used: the URL without its password, where it
/// came from, and why.
public struct PostgresUnreachable: LocalizedError, Hashable, Sendable {
    /// ``PostgresConnectionURL/redacted``.
    public let server: String
    /// The flag or variable that gave the URL, e.g. `--database`.
    public let source: String?
    public let reason: String

    public var errorDescription: String? {
        "PostgreSQL at \(server)\(source.map { " (\($0))" } ?? "") cannot be used: \(reason)."
    }
}
