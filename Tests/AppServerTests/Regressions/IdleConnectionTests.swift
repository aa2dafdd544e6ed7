import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import AppServer

/// Issue 15: idle and slowloris connections were never closed (11,565 of them took most of the
/// open-file limit). The server now closes a connection that sends and receives nothing for its
/// idle timeout.
@Suite("Idle connections are closed")
struct IdleConnectionTests {
    /// Sends `bytes` on a new loopback connection to `port` and reads until the server closes it:
    /// what came back and after how long, or nil if it was still open after `patience` seconds.
    /// The blocking socket calls run on a thread of their own, never on the threads the server
    /// under test needs.
    private static func exchange(port: Int, sending bytes: String, patience: Int) async throws -> (received: String, seconds: Double)? {
        let connection = try RawHTTPClient(port: port)
        return await RawHTTPClient.offload {
            if !bytes.isEmpty { connection.send(bytes) }
            return connection.readUntilClosed(patience: patience)
        }
    }

    @Test("a connection that sends nothing, or half a request, is closed after the idle timeout")
    func idleIsClosed() async throws {
        try await AppServerTests.withApplication(idleTimeout: .seconds(1)) { client in
            let port = try #require(client.port)
            let silent = try #require(try await Self.exchange(port: port, sending: "", patience: 10)?.seconds)
            #expect(silent < 5)
            let partial = try #require(try await Self.exchange(port: port, sending: "GET /health HTTP/1.1\r\nHost: x\r\n", patience: 10)?.seconds)
            #expect(partial < 5)
            // A connection in use is not cut: a whole request still gets its answer (however long
            // `/health` takes to ask every cloud's store on a loaded machine).
            let answer = try #require(
                try await Self.exchange(port: port, sending: "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", patience: 30))
            #expect(answer.received.hasPrefix("HTTP/1.1 200"))
        }
    }
}
