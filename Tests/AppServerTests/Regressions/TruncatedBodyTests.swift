import Foundation
import HTTPTypes
import HummingbirdTesting
import InMemoryLogging
import Logging
import TestSupport
import Testing

@testable import AppServer

/// Issue 15: a request body cut short by the client (it promised 100 bytes, sent 10 and hung up)
/// was a 500 and an error-level log line, as if the server had failed.
@Suite("A body cut short is the client's doing")
struct TruncatedBodyTests {
    @Test("no error is logged for a body that ends before its Content-Length")
    func truncatedBody() async throws {
        let events = InMemoryLogHandler(logLevel: .trace)
        try await AppServerTests.withApplication(logger: Logger(label: "test") { _ in events }) { client in
            let port = try #require(client.port)
            let connection = try RawHTTPClient(port: port)
            let request =
                "POST /kilroy/v1/kilroys HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer "
                + String(repeating: "A", count: 43) + "\r\nContent-Length: 100\r\n\r\n{\"id\":\"0F"
            _ = await RawHTTPClient.offload {
                connection.send(request)
                connection.finishSending()
                return connection.readUntilClosed(patience: 30) != nil
            }
            try await Task.sleep(for: .milliseconds(300))
        }
        let errors = events.entries.filter { $0.level >= .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.message) \($0.metadata)" })")
    }
}
