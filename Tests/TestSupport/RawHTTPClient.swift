import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP client for what an HTTP client library will not send: half a request, a
/// request trickled a byte at a time, malformed HTTP, or a socket held open doing nothing.
/// Its calls block, so tests run them through ``offload(_:)`` to keep Swift's cooperative
/// threads (which the server under test also uses) free.
public final class RawHTTPClient: Sendable {
    private let descriptor: Int32

    /// The connection could not be made.
    public struct ConnectionFailed: Error, CustomStringConvertible {
        public let port: Int
        public var description: String { "no TCP connection to 127.0.0.1:\(port)" }
    }

    /// Connects to `port` on 127.0.0.1.
    public init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard descriptor >= 0 else { throw ConnectionFailed(port: port) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw ConnectionFailed(port: port)
        }
    }

    deinit { close(descriptor) }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(bytes: Array(text.utf8))
    }

    /// Sends `bytes` as they are (not necessarily UTF-8); false when the server has closed.
    @discardableResult
    public func send(bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let count = bytes[sent...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
            #endif
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// Closes the sending half: the server reads an end of input, as from a client that hung up
    /// in the middle of a body.
    public func finishSending() {
        #if canImport(Glibc)
        shutdown(descriptor, Int32(SHUT_WR))
        #else
        shutdown(descriptor, SHUT_WR)
        #endif
    }

    /// Sends `text` one byte every `interval` milliseconds, stopping early when the server
    /// answers or closes. Returns how many bytes went out.
    @discardableResult
    public func trickle(_ text: String, intervalMilliseconds: Int32) -> Int {
        var sent = 0
        for byte in text.utf8 {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&waiting, 1, intervalMilliseconds) != 0 { break }  // an answer, a close or an error
            guard send(String(decoding: [byte], as: UTF8.self)) else { break }
            sent += 1
        }
        return sent
    }

    /// Reads until the server closes the connection: what came back and after how many seconds,
    /// or nil when it was still open after `patience` seconds.
    public func readUntilClosed(patience: Int) -> (received: String, seconds: Double)? {
        readBytesUntilClosed(patience: patience).map { (String(decoding: $0.received, as: UTF8.self), $0.seconds) }
    }

    /// ``readUntilClosed(patience:)`` as bytes, for answers whose bodies need not be UTF-8.
    public func readBytesUntilClosed(patience: Int) -> (received: [UInt8], seconds: Double)? {
        var timeout = timeval(tv_sec: patience, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return (received, Date().timeIntervalSince(start)) }
            if count < 0 {
                // A reset after the answer still counts as closed; a timeout means still open.
                return errno == ECONNRESET ? (received, Date().timeIntervalSince(start)) : nil
            }
            received += buffer[..<count]
        }
    }

    /// Runs blocking socket work on a thread of its own. Not on a dispatch queue: on Linux the
    /// global queues' threads are the ones Swift's cooperative executor runs on, so blocking
    /// several of them stalls the server under test (its answers came seconds late).
    public static func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}

/// One answer read from a raw connection: status line, headers and body.
public struct RawAnswer {
    public var status: Int
    public var headers: [String: String]
    public var body: String

    /// Every answer in `bytes`, in order, each body cut at its `Content-Length`; nil when any
    /// part is not an HTTP/1.1 answer.
    public static func all(_ bytes: [UInt8]) -> [RawAnswer]? {
        var answers: [RawAnswer] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }),
                var answer = RawAnswer(String(decoding: rest[..<(end + 4)], as: UTF8.self))
            else { return nil }
            let body = rest[(end + 4)...]
            let length = answer.headers["content-length"].flatMap { Int($0) } ?? body.count
            guard length <= body.count else { return nil }
            answer.body = String(decoding: body.prefix(length), as: UTF8.self)
            answers.append(answer)
            rest = body.dropFirst(length)
        }
        return answers
    }

    /// Parses the first answer in `text`; nil when it is not an HTTP/1.1 answer.
    public init?(_ text: String) {
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else { return nil }
        self.status = status
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = String(text[split.upperBound...])
    }

    /// The body as the kit's JSON error.
    public var error: [String: String]? { try? JSONDecoder().decode([String: String].self, from: Data(body.utf8)) }
}
