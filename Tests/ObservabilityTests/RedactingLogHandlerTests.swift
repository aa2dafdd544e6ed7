import InMemoryLogging
import Logging
import TestSupport
import Testing

@testable import Observability

@Suite("RedactingLogHandler")
struct RedactingLogHandlerTests {
    /// A logger whose output is redacted and captured, without global bootstrap.
    static func makeLogger(
        store: InMemoryLogHandler,
        providerMetadata: Logger.Metadata? = nil
    ) -> Logger {
        var capture = store
        capture.metadataProvider = providerMetadata.map { metadata in Logger.MetadataProvider { metadata } }
        let handler = capture
        return Logger(label: "test") { _ in
            LoggingSetup.makeLogHandler(
                level: .trace,
                wrapping: handler
            )
        }
    }

    @Test("a sensitive key wins over the e-mail pattern")
    func orderingKeyBeforePattern() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        let logger = Self.makeLogger(store: store)
        logger.info("signed in", metadata: ["api_token": "alice@example.com", "contact": "alice@example.com"])
        let event = try #require(store.entries.first)
        #expect(event.metadata["api_token"] == "[REDACTED]")
        #expect(event.metadata["contact"] == "a..@example.com")
    }

    @Test("the message is passed through untouched, even when it contains sensitive text")
    func messageUntouched() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        let logger = Self.makeLogger(store: store)
        logger.warning("token alice@example.com +1 (415) 555-2671", metadata: ["amount": "1500000"])
        let event = try #require(store.entries.first)
        #expect(event.message.description == "token alice@example.com +1 (415) 555-2671")
        #expect(event.level == .warning)
        #expect(event.metadata == ["amount": "1500000"])
    }

    @Test("the handler's own metadata is redacted")
    func handlerMetadataRedacted() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        var logger = Self.makeLogger(store: store)
        logger[metadataKey: "sessionToken"] = "abc"
        logger[metadataKey: "owner"] = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"
        logger.info("event")
        let event = try #require(store.entries.first)
        #expect(event.metadata == ["sessionToken": "[REDACTED]", "owner": "4Nd1...DB4T"])
    }

    @Test("metadata from the provider is redacted, and call metadata overrides it")
    func providerMetadataRedacted() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        let logger = Self.makeLogger(
            store: store,
            providerMetadata: ["userEmail": "bo@example.com", "phoneCall": "x", "requestId": "r1", "device": "+44 20 7946 0958"]
        )
        logger.info("event", metadata: ["requestId": "r2"])
        let event = try #require(store.entries.first)
        #expect(
            event.metadata == [
                "userEmail": "[REDACTED]", "phoneCall": "[REDACTED]", "requestId": "r2", "device": "***-***-0958",
            ])
    }

    @Test("nested call metadata is redacted recursively")
    func nestedCallMetadata() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        let logger = Self.makeLogger(store: store)
        logger.info("event", metadata: ["payload": ["secret": "s", "to": ["alice@example.com"]]])
        let event = try #require(store.entries.first)
        #expect(event.metadata == ["payload": ["secret": "[REDACTED]", "to": ["a..@example.com"]]])
    }

    @Test("metadata set on the wrapped handler before wrapping is taken over and redacted")
    func wrappedHandlerMetadataTakenOver() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        var inner = store
        inner.metadata = ["password": "hunter2"]
        let logger = Logger(label: "test") { _ in RedactingLogHandler(wrapping: inner) }
        logger.info("event")
        let event = try #require(store.entries.first)
        #expect(event.metadata == ["password": "[REDACTED]"])
    }

    @Test("the log level is the wrapped handler's and filters events")
    func logLevel() {
        let store = InMemoryLogHandler(logLevel: .trace)
        var handler = RedactingLogHandler(wrapping: store)
        handler.logLevel = .warning
        let logger = Logger(label: "test") { _ in handler }
        logger.info("dropped")
        logger.error("kept")
        #expect(store.entries.map(\.message.description) == ["kept"])
        #expect(logger.logLevel == .warning)
    }

    @Test("makeLogHandler without redaction passes metadata through")
    func notRedacting() throws {
        let store = InMemoryLogHandler(logLevel: .trace)
        let logger = Logger(label: "test") { _ in
            LoggingSetup.makeLogHandler(level: .debug, redacting: false, wrapping: store)
        }
        logger.trace("dropped")
        logger.debug("kept", metadata: ["token": "abc"])
        #expect(store.entries.count == 1)
        #expect(store.entries.first?.metadata == ["token": "abc"])
    }
}
