import Foundation
import ServerKit
import TestSupport
import Testing

/// Issue 15: a client trickling a request head or body one byte at a time held its connection
/// (and a file descriptor) forever, because every byte reset the idle timer. The head and the body
/// now each have a deadline from a fixed moment; past it the answer is a JSON 408 and the
/// connection is closed.
@Suite("Slow requests are cut at their deadline")
struct SlowRequestDeadlineTests {
    /// Idle 30 s so that only the new deadlines can close a connection within the tests' patience.
    private static let limits = HTTPServerLimits(
        idleTimeout: .seconds(30), headerTimeout: .seconds(1), bodyTimeout: .seconds(1), minimumBodyBytesPerSecond: 1_000)

    @Test("a head trickled a byte at a time is answered 408 JSON and closed")
    func trickledHead() async throws {
        let tally = ConnectionTally()
        try await LimitedServer.run(Self.limits, tally: tally) { port in
            let connection = try RawHTTPClient(port: port)
            let head = "GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: " + String(repeating: "a", count: 200) + "\r\n\r\n"
            let outcome = await RawHTTPClient.offload { () -> (sent: Int, answer: (received: String, seconds: Double)?) in
                // Eight bytes, 0.8 s: then silence, so the 408 never meets a byte still being sent
                // (a byte sent after the server closed draws a reset, which can drop the answer
                // before it is read).
                let sent = connection.trickle(String(head.prefix(8)), intervalMilliseconds: 100)
                return (sent, connection.readUntilClosed(patience: 8))
            }
            #expect(outcome.sent < head.utf8.count)
            let closed = try #require(outcome.answer)
            let answer = try #require(RawAnswer(closed.received))
            #expect(answer.status == 408)
            #expect(answer.headers["connection"] == "close")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
            #expect(answer.error?["code"] == "request_timeout")
            #expect(tally.snapshot.timedOut == 1)
        }
    }

    @Test("a body trickled under a large Content-Length is answered 408 JSON and closed")
    func trickledBody() async throws {
        try await LimitedServer.run(Self.limits) { port in
            let connection = try RawHTTPClient(port: port)
            let outcome = await RawHTTPClient.offload { () -> (received: String, seconds: Double)? in
                connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
                // 0.8 s of trickle, then silence before the deadline (see `trickledHead`).
                connection.trickle(String(repeating: "b", count: 8), intervalMilliseconds: 100)
                return connection.readUntilClosed(patience: 8)
            }
            let closed = try #require(outcome)
            let answer = try #require(RawAnswer(closed.received))
            #expect(answer.status == 408)
            #expect(answer.error?["code"] == "request_timeout")
            #expect(answer.error?["message"]?.contains("request body") == true)
        }
    }

    /// On a loaded CI machine the router answered a timed-out body after the 2 s grace, and the
    /// client saw the connection close with no answer at all.
    @Test("a router that has not answered a timed-out body within 2 s is answered for: 408 JSON, and its late answer is dropped")
    func stalledRouterIsAnsweredFor() async throws {
        try await LimitedServer.run(Self.limits) { port in
            let connection = try RawHTTPClient(port: port)
            let outcome = await RawHTTPClient.offload { () -> (received: String, seconds: Double)? in
                connection.send("POST /stalled-echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
                connection.trickle(String(repeating: "b", count: 8), intervalMilliseconds: 100)
                return connection.readUntilClosed(patience: 8)
            }
            let closed = try #require(outcome)
            let answers = try #require(RawAnswer.all(Array(closed.received.utf8)))
            #expect(answers.count == 1)
            let answer = try #require(answers.first)
            #expect(answer.status == 408)
            #expect(answer.headers["connection"] == "close")
            #expect(answer.error?["code"] == "request_timeout")
            #expect(answer.error?["message"]?.contains("request body") == true)
            // Cut at 1 s, answered at the 2 s grace: before the router's 4 s.
            #expect(closed.seconds < 3.5)
        }
    }

    @Test("a connection kept alive between requests is not cut by the header deadline; whole requests are answered")
    func keepAliveIsNotCut() async throws {
        try await LimitedServer.run(Self.limits) { port in
            let connection = try RawHTTPClient(port: port)
            let received = await RawHTTPClient.offload { () -> String? in
                connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                // Longer than the header deadline, shorter than the idle timeout: the next head
                // has not begun, so no deadline runs.
                usleep(2_000_000)
                connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
                return connection.readUntilClosed(patience: 8)?.received
            }
            let text = try #require(received)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.components(separatedBy: "HTTP/1.1 200").count == 3)
            #expect(text.hasSuffix("hello"))
        }
    }

    @Test("pipelined requests and a large body sent at once are all answered, in order")
    func pipelinedAreAnswered() async throws {
        try await LimitedServer.run(Self.limits) { port in
            let connection = try RawHTTPClient(port: port)
            let body = String(repeating: "z", count: 64 * 1024)
            let received = await RawHTTPClient.offload { () -> String? in
                connection.send(
                    "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n"
                        + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
                return connection.readUntilClosed(patience: 8)?.received
            }
            let text = try #require(received)
            #expect(text.components(separatedBy: "HTTP/1.1 200").count == 4)
            #expect(text.hasSuffix(body))
        }
    }

    @Test("a body that keeps above the minimum rate may take longer than the body timeout")
    func steadyBodyIsRead() async throws {
        try await LimitedServer.run(Self.limits) { port in
            let connection = try RawHTTPClient(port: port)
            let chunk = String(repeating: "c", count: 500)
            let received = await RawHTTPClient.offload { () -> String? in
                connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3000\r\nConnection: close\r\n\r\n")
                // 3,000 bytes at 2,000 bytes/s: 1.5 s, past the 1 s timeout, within what the
                // 1,000 bytes/s minimum grants (1 s + 3 s).
                for _ in 0..<6 {
                    connection.send(chunk)
                    usleep(250_000)
                }
                return connection.readUntilClosed(patience: 8)?.received
            }
            let text = try #require(received)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.hasSuffix(String(repeating: "c", count: 3000)))
        }
    }
}
