public import Logging

/// The one place errors are recorded: logs them and forwards them to an optional crash reporter.
///
/// Call ``captureError(_:reason:)`` unconditionally wherever an error is swallowed or shown; the
/// reporter alone decides, through ``ServerError/isReportable``, what is recorded. Checking
/// reportability at the call site would duplicate (and drift from) that single rule.
public struct ErrorReporter: Sendable {
    /// Receives each reportable error and its reason, e.g. to hand it to a crash reporter.
    public typealias Sink = @Sendable (_ error: any Error, _ reason: String) -> Void

    private let logger: Logger
    private let sink: Sink?

    /// - Parameters:
    ///   - logger: Where captured errors are logged (at `.error`).
    ///   - sink: Called after logging for every reportable error.
    public init(logger: Logger, sink: Sink? = nil) {
        self.logger = logger
        self.sink = sink
    }

    /// Records `error` unless it is a ``ServerError`` whose `isReportable` is `false`.
    ///
    /// Logs the constant message "error captured" with metadata `reason`, `error_type` (the
    /// error's full type name) and `error` (its description).
    ///
    /// - Parameter reason: A constant phrase saying what was being attempted, e.g. "sync receipts".
    public func captureError(_ error: any Error, reason: String) {
        if let serverError = error as? any ServerError, !serverError.isReportable {
            return
        }
        logger.error(
            "error captured",
            metadata: [
                "reason": .string(reason),
                "error_type": .string(String(reflecting: type(of: error))),
                "error": .string(String(describing: error)),
            ]
        )
        sink?(error, reason)
    }
}
