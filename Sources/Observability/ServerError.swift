/// An error that knows whether it is worth reporting to a crash/error reporter.
///
/// Conform an error type and return `false` for its expected, non-actionable cases (a cancelled
/// request, a 404 the app handles). ``ErrorReporter`` consults this; call sites never do.
public protocol ServerError: Error {
    /// Whether ``ErrorReporter/captureError(_:reason:)`` should record this error.
    var isReportable: Bool { get }
}
