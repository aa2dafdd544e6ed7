import Foundation
import HTTPTypes
import HummingbirdTesting
import InMemoryLogging
import Logging
import TestSupport
import Testing

@testable import AppServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 15: a request body cut short by the client (it promised 100 bytes, sent 10 and hung up)
/// was a 500 and an error-level log line, as if the server had failed.
@Suite("A body cut short is the client's doing")
struct TruncatedBodyTests {
    @Test("no error is logged for a body that ends before its Content-Length")
    func truncatedBody() async throws {
        let events = InMemoryLogHandler(logLevel: .trace)
        try await AppServerTests.withApplication(logger: Logger(label: "test") { _ in events }) { client in
            let port = try #require(client.port)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(descriptor >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(connected == 0)
            let request =
                "POST /kilroy/v1/kilroys HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer "
                + String(repeating: "A", count: 43) + "\r\nContent-Length: 100\r\n\r\n{\"id\":\"0F"
            _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
            shutdown(descriptor, Int32(SHUT_WR))
            var buffer = [UInt8](repeating: 0, count: 4096)
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            while recv(descriptor, &buffer, buffer.count, 0) > 0 {}
            close(descriptor)
            try await Task.sleep(for: .milliseconds(300))
        }
        let errors = events.entries.filter { $0.level >= .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.message) \($0.metadata)" })")
    }
}
