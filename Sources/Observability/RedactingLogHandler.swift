public import Logging

/// A `LogHandler` middleware that scrubs metadata before handing each event to another handler.
///
/// It merges, in swift-log's usual precedence (later wins), the handler's own metadata, the
/// metadata provider's and the call's, then rewrites the VALUES: first ``SensitiveKeyRedactor``
/// (a sensitive key hides its value completely), then ``PatternRedactor`` on what remains. The
/// message, level, source location and attached error are passed through untouched, which is why
/// messages must be constants with every variable in metadata.
///
/// The wrapped handler's own metadata and metadata provider are taken over at `init` (and cleared
/// on the wrapped handler) so that nothing reaches the output without passing the redactors.
/// The log level is the wrapped handler's.
public struct RedactingLogHandler: LogHandler {
    private var wrapped: any LogHandler
    private let keyRedactor: SensitiveKeyRedactor
    private let patternRedactor: PatternRedactor

    public var metadata: Logger.Metadata
    public var metadataProvider: Logger.MetadataProvider?

    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    /// Wraps `handler` so that everything it receives has been redacted.
    public init(
        wrapping handler: any LogHandler,
        keyRedactor: SensitiveKeyRedactor = SensitiveKeyRedactor(),
        patternRedactor: PatternRedactor = PatternRedactor()
    ) {
        var handler = handler
        metadata = handler.metadata
        metadataProvider = handler.metadataProvider
        if !handler.metadata.isEmpty {
            handler.metadata = [:]
        }
        if handler.metadataProvider != nil {
            handler.metadataProvider = nil
        }
        wrapped = handler
        self.keyRedactor = keyRedactor
        self.patternRedactor = patternRedactor
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Redacts `metadata` exactly as this handler does before logging: sensitive keys first,
    /// then patterns.
    public func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        patternRedactor.redact(keyRedactor.redact(metadata))
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { _, explicit in explicit }
        }
        var redactedEvent = event
        redactedEvent.metadata = merged.isEmpty ? nil : redact(merged)
        wrapped.log(event: redactedEvent)
    }
}
