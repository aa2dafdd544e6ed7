import Foundation
import Logging

/// Collects every event it receives, for assertions.
public struct CapturingLogHandler: LogHandler {
    /// Shared by all copies of one handler, so a test keeps a reference while a Logger owns a copy.
    ///
    /// `@unchecked Sendable` is safe: `storedEvents` is only touched inside `lock.withLock`.
    public final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var storedEvents: [LogEvent] = []

        public init() {}

        func append(_ event: LogEvent) {
            lock.withLock { storedEvents.append(event) }
        }

        public var events: [LogEvent] {
            lock.withLock { storedEvents }
        }
    }

    public let store: Store
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .trace

    public init(store: Store = Store(), metadataProvider: Logger.MetadataProvider? = nil) {
        self.store = store
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records the event with this handler's own metadata and provider merged in, as a real
    /// backend would print it.
    public func log(event: LogEvent) {
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
