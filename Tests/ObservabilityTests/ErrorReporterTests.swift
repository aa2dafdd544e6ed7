import Foundation
import InMemoryLogging
import Logging
import TestSupport
import Testing

@testable import Observability

enum SyncFailure: ServerError, CustomStringConvertible {
    case cancelled
    case serverDown

    var isReportable: Bool {
        switch self {
        case .cancelled: false
        case .serverDown: true
        }
    }

    var description: String {
        switch self {
        case .cancelled: "cancelled"
        case .serverDown: "server down"
        }
    }
}

struct PlainError: Error {}

/// Records what the sink receives. `@unchecked Sendable` is safe: `reasons` is only touched
/// inside `lock.withLock`.
final class SinkRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func record(_ reason: String) {
        lock.withLock { stored.append(reason) }
    }

    var reasons: [String] {
        lock.withLock { stored }
    }
}

@Suite("ErrorReporter")
struct ErrorReporterTests {
    let store = InMemoryLogHandler(logLevel: .trace)
    let recorder = SinkRecorder()

    var reporter: ErrorReporter {
        let store = store
        let recorder = recorder
        let logger = Logger(label: "errors") { _ in store }
        return ErrorReporter(logger: logger) { _, reason in recorder.record(reason) }
    }

    @Test("a reportable error is logged at .error with constant message and metadata, and sent to the sink")
    func reportable() throws {
        reporter.captureError(SyncFailure.serverDown, reason: "sync receipts")
        let event = try #require(store.entries.first)
        #expect(store.entries.count == 1)
        #expect(event.level == .error)
        #expect(event.message.description == "error captured")
        #expect(event.metadata["reason"] == "sync receipts")
        #expect(event.metadata["error"] == "server down")
        let errorType = try #require(event.metadata["error_type"]?.description)
        #expect(errorType.hasSuffix("SyncFailure"))
        #expect(recorder.reasons == ["sync receipts"])
    }

    @Test("a ServerError that is not reportable is ignored entirely")
    func notReportable() {
        reporter.captureError(SyncFailure.cancelled, reason: "sync receipts")
        #expect(store.entries.isEmpty)
        #expect(recorder.reasons.isEmpty)
    }

    @Test("errors that are not ServerError are always reported")
    func plainErrorsReported() throws {
        reporter.captureError(PlainError(), reason: "open database")
        let event = try #require(store.entries.first)
        #expect(event.metadata["reason"] == "open database")
        #expect(event.metadata["error_type"]?.description.hasSuffix("PlainError") == true)
        #expect(recorder.reasons == ["open database"])
    }

    @Test("a reporter without a sink still logs")
    func noSink() {
        let store = store
        let reporter = ErrorReporter(logger: Logger(label: "errors") { _ in store })
        reporter.captureError(PlainError(), reason: "r")
        #expect(store.entries.count == 1)
    }
}
