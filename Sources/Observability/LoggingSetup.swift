import Foundation
public import Logging

/// Process-wide swift-log configuration: every `Logger(label:)` created afterwards writes through
/// the chosen handler, at the chosen level, with metadata redacted.
///
/// `LoggingSystem.bootstrap` may run only once per process (a second call is undefined behaviour
/// in swift-log, usually a crash). ``bootstrap(level:redacting:metadataProvider:makeHandler:)``
/// therefore guards itself: only its first call installs anything, later calls return `false` and
/// change nothing. Call it once at the top of `main`; never call `LoggingSystem.bootstrap`
/// elsewhere. Tests do not bootstrap at all: they build a logger directly with
/// `Logger(label:factory:)` and ``makeHandler(level:redacting:wrapping:)``.
public enum LoggingSetup {
    /// Makes the handler for one logger label.
    public typealias HandlerFactory = @Sendable (_ label: String, _ metadataProvider: Logger.MetadataProvider?) -> any LogHandler

    /// Standard error, in swift-log's plain stream format.
    public static let standardErrorFactory: HandlerFactory = { label, metadataProvider in
        StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
    }

    /// Installs the process-wide logging backend, once.
    ///
    /// - Parameters:
    ///   - level: The minimum level written by every logger.
    ///   - redacting: Wrap every handler in ``RedactingLogHandler`` (the default; turn it off only
    ///     for local debugging).
    ///   - metadataProvider: Metadata added to every event, e.g. a request id from a task local.
    ///   - makeHandler: The backend for one label; standard error by default.
    /// - Returns: `true` if this call installed the backend, `false` if an earlier call already had.
    @discardableResult
    public static func bootstrap(
        level: Logger.Level,
        redacting: Bool = true,
        metadataProvider: Logger.MetadataProvider? = nil,
        makeHandler: @escaping HandlerFactory = LoggingSetup.standardErrorFactory
    ) -> Bool {
        guard gate.claim() else { return false }
        LoggingSystem.bootstrap(
            { label, provider in
                makeLogHandler(level: level, redacting: redacting, wrapping: makeHandler(label, provider))
            },
            metadataProvider: metadataProvider
        )
        return true
    }

    /// The handler ``bootstrap(level:redacting:metadataProvider:makeHandler:)`` installs, for use
    /// without touching global state: `Logger(label: "test") { _ in LoggingSetup.makeLogHandler(level: .debug, wrapping: capture) }`.
    public static func makeLogHandler(
        level: Logger.Level,
        redacting: Bool = true,
        wrapping handler: any LogHandler
    ) -> any LogHandler {
        var result: any LogHandler = redacting ? RedactingLogHandler(wrapping: handler) : handler
        result.logLevel = level
        return result
    }

    private static let gate = BootstrapGate()
}

/// Remembers whether bootstrap has run.
///
/// `@unchecked Sendable` is safe: the only stored state, `claimed`, is read and written solely
/// inside `lock.withLock`, so concurrent callers are serialised.
final class BootstrapGate: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    /// `true` for the first caller only.
    func claim() -> Bool {
        lock.withLock {
            if claimed { return false }
            claimed = true
            return true
        }
    }
}
