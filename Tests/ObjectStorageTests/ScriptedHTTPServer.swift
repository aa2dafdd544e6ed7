import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-port HTTP/1.1 server on 127.0.0.1 that answers every request with the same bytes, then
/// (if `stallAfterwards`) keeps the connection open without sending more: a server whose body
/// never ends. It records each request's head so a test can see what was sent. Blocking sockets
/// on a thread of its own; the listener closes when the server is released.
final class ScriptedHTTPServer: Sendable {
    let port: Int
    private let listener: SilentListener
    private let heads = RequestHeads()

    init(response: [UInt8], stallAfterwards: Bool) throws {
        listener = try SilentListener()
        port = listener.port
        let descriptor = listener.descriptor
        let heads = heads
        let thread = Thread {
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                var head: [UInt8] = []
                var byte: UInt8 = 0
                while !head.ends(with: Array("\r\n\r\n".utf8)), read(connection, &byte, 1) == 1 { head.append(byte) }
                let text = String(decoding: head, as: UTF8.self)
                heads.append(text)
                // Read the request body too, so closing the socket does not reset the connection.
                let lengthLine = text.lowercased().split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                var remaining = lengthLine.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                while remaining > 0, read(connection, &byte, 1) == 1 { remaining -= 1 }
                _ = response.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                if !stallAfterwards { close(connection) }
            }
        }
        thread.start()
    }

    /// The request heads received so far.
    var requests: [String] { heads.all }

    /// A `200 OK` with a chunked body of `count` bytes that is never finished.
    static func endlessChunkedBody(count: Int) -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(String(count, radix: 16))\r\n".utf8) + [UInt8](repeating: 0x61, count: count)
            + Array("\r\n".utf8)
    }
}

/// The heads a ``ScriptedHTTPServer`` received, behind a lock (its thread writes, the test reads).
private final class RequestHeads: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ head: String) { storage.withLock { $0.append(head) } }
    var all: [String] { storage.withLock { $0 } }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
