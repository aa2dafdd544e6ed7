import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import AppServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 15: idle and slowloris connections were never closed (11,565 of them took most of the
/// open-file limit). The server now closes a connection that sends and receives nothing for its
/// idle timeout.
@Suite("Idle connections are closed")
struct IdleConnectionTests {
    /// Opens a TCP connection to `port` on loopback, sends `bytes`, and returns how long the
    /// server took to close it (nil if it was still open after `patience`).
    private static func secondsUntilClosed(port: Int, sending bytes: String, patience: Int) throws -> Double? {
        try exchange(port: port, sending: bytes, patience: patience)?.seconds
    }

    /// Sends `bytes` on a new loopback connection to `port` and reads until the server closes it:
    /// what came back and after how long, or nil if it was still open after `patience` seconds.
    private static func exchange(port: Int, sending bytes: String, patience: Int) throws -> (received: String, seconds: Double)? {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        var timeout = timeval(tv_sec: patience, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if !bytes.isEmpty {
            _ = bytes.withCString { send(descriptor, $0, strlen($0), 0) }
        }
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return (String(decoding: received, as: UTF8.self), Date().timeIntervalSince(start)) }  // closed
            if count < 0 { return nil }  // still open when patience ran out
            received += buffer[..<count]
        }
    }

    @Test("a connection that sends nothing, or half a request, is closed after the idle timeout")
    func idleIsClosed() async throws {
        try await AppServerTests.withApplication(idleTimeout: .seconds(1)) { client in
            let port = try #require(client.port)
            let silent = try #require(try Self.secondsUntilClosed(port: port, sending: "", patience: 10))
            #expect(silent < 5)
            let partial = try #require(try Self.secondsUntilClosed(port: port, sending: "GET /health HTTP/1.1\r\nHost: x\r\n", patience: 10))
            #expect(partial < 5)
            // A connection in use is not cut: a whole request still gets its answer.
            let answer = try #require(
                try Self.exchange(port: port, sending: "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", patience: 10))
            #expect(answer.received.hasPrefix("HTTP/1.1 200"))
        }
    }
}
