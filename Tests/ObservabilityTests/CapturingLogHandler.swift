import Foundation
import Logging

/// Collects every event it receives, for assertions.
struct CapturingLogHandler: LogHandler {
    /// Shared by all copies of one handler, so a test keeps a reference while a Logger owns a copy.
    ///
    /// `@unchecked Sendable` is safe: `storedEvents` is only touched inside `lock.withLock`.
    final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var storedEvents: [LogEvent] = []

        func append(_ event: LogEvent) {
            lock.withLock { storedEvents.append(event) }
        }

        var events: [LogEvent] {
            lock.withLock { storedEvents }
        }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    init(store: Store = Store(), metadataProvider: Logger.MetadataProvider? = nil) {
        self.store = store
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records the event with this handler's own metadata and provider merged in, as a real
    /// backend would print it.
    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() {
            merged.merge(provided) { _, new in new }
        }
        if let explicit = event.metadata {
            merged.merge(explicit) { _, new in new }
        }
        var recorded = event
        recorded.metadata = merged
        store.append(recorded)
    }
}

/// A value that is `CustomStringConvertible` but not a `String`, for `.stringConvertible` cases.
struct Described: CustomStringConvertible, Sendable {
    let description: String
}
