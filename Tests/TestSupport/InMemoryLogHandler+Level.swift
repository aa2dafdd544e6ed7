public import InMemoryLogging
public import Logging

extension InMemoryLogHandler {
    /// swift-log's in-memory handler with its level (and provider) set up front, so a test can
    /// keep one value, hand copies to a `Logger` and read `entries` afterwards: copies share the
    /// entries. Tests capture at `.trace` so that no level the code under test uses is dropped
    /// (the handler's own default is `.info`).
    public init(logLevel: Logger.Level, metadataProvider: Logger.MetadataProvider? = nil) {
        self.init()
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
    }
}
