import Foundation
import ServerKit
import TestSupport
import Testing

/// Issue 15: malformed HTTP (oversized headers, chunked with Content-Length, a negative length,
/// a garbage request line) got a bare 400 with no body from the HTTP parser. Every such request is
/// now answered with the kit's JSON error and `Connection: close`: 431 for headers too large, 400
/// for the rest, including the `Host` rules of RFC 9112 §3.2 (two `Host` lines were served).
@Suite("Malformed HTTP gets a JSON 400")
struct MalformedHTTPTests {
    static let requests: [(String, String)] = [
        (
            "chunked and Content-Length",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        ),
        ("negative Content-Length", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\nhello"),
        ("garbage request line", "\u{1}\u{2}GARBAGE nonsense\r\n\r\n"),
        ("not a version", "GET /health HTTP/9.x\r\nHost: x\r\n\r\n"),
        ("two Host lines", "GET /health HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n"),
        ("two Host lines, one empty", "GET /health HTTP/1.1\r\nhost: x\r\nHOST:\r\n\r\n"),
        ("HTTP/1.1 without Host", "GET /health HTTP/1.1\r\nAccept: */*\r\n\r\n"),
        ("a Host that is not a host", "GET /health HTTP/1.1\r\nHost: a b/c\r\n\r\n"),
        ("a Host with a path, then a body", "POST /echo HTTP/1.1\r\nHost: x/y\r\nContent-Length: 5\r\n\r\nhello"),
    ]

    @Test("each is answered 400 malformed_http as JSON, and the connection closed", arguments: 0..<requests.count)
    func malformedIsJSON(index: Int) async throws {
        let (name, request) = Self.requests[index]
        let tally = ConnectionTally()
        try await LimitedServer.run(HTTPServerLimits(maximumHeaderBytes: 16 * 1024), tally: tally) { port in
            let connection = try RawHTTPClient(port: port)
            let received = await RawHTTPClient.offload { () -> String? in
                connection.send(request)
                return connection.readUntilClosed(patience: 30)?.received
            }
            let text = try #require(received, "\(name): still open")
            let answer = try #require(RawAnswer(text), "\(name): no HTTP answer")
            #expect(answer.status == 400, "\(name)")
            #expect(answer.headers["connection"] == "close", "\(name)")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8", "\(name)")
            #expect(answer.error?["code"] == "malformed_http", "\(name)")
            #expect(tally.snapshot.malformed == 1, "\(name)")
        }
    }

    @Test("headers larger than the limit are answered 431 headers_too_large as JSON, and the connection closed")
    func oversizedHeaders() async throws {
        let tally = ConnectionTally()
        try await LimitedServer.run(HTTPServerLimits(maximumHeaderBytes: 16 * 1024), tally: tally) { port in
            let connection = try RawHTTPClient(port: port)
            let received = await RawHTTPClient.offload { () -> String? in
                connection.send("GET /health HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n")
                return connection.readUntilClosed(patience: 30)?.received
            }
            let text = try #require(received, "still open")
            let answer = try #require(RawAnswer(text), "no HTTP answer")
            #expect(answer.status == 431)
            #expect(answer.headers["connection"] == "close")
            #expect(answer.error?["code"] == "headers_too_large")
            #expect(tally.snapshot.malformed == 1)
        }
    }

    @Test("a malformed request behind pipelined ones keeps its own status once their answers are out")
    func pipelinedRefusalKeepsItsStatus() async throws {
        let cases = [
            ("GET /health HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431, "headers_too_large"),
            ("GET /health HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400, "malformed_http"),
        ]
        for (malformed, status, code) in cases {
            try await LimitedServer.run(HTTPServerLimits(maximumHeaderBytes: 16 * 1024), tally: ConnectionTally()) { port in
                let connection = try RawHTTPClient(port: port)
                let received = await RawHTTPClient.offload { () -> String? in
                    connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n" + malformed)
                    return connection.readUntilClosed(patience: 30)?.received
                }
                let text = try #require(received, "\(code): still open")
                let answers = try #require(RawAnswer.all(Array(text.utf8)), "\(code): \(text)")
                #expect(answers.map(\.status) == [200, 200, status], "\(code)")
                #expect(answers.last?.error?["code"] == code)
                #expect(answers.last?.headers["connection"] == "close")
            }
        }
    }

    @Test(
        "one valid Host, or none in HTTP/1.0, is served (and HTTP/1.0 closed after its answer)",
        arguments: ["Host: x\r\n", "Host: 127.0.0.1:8080\r\n", "Host: [::1]:80\r\n", "Host:\r\n"])
    func validHost(line: String) async throws {
        try await LimitedServer.run(HTTPServerLimits(), tally: ConnectionTally()) { port in
            for request in ["GET /health HTTP/1.1\r\n\(line)Connection: close\r\n\r\n", "GET /health HTTP/1.0\r\n\r\n"] {
                let connection = try RawHTTPClient(port: port)
                let received = await RawHTTPClient.offload { () -> String? in
                    connection.send(request)
                    // Below the 30 s idle timeout, with room for a full parallel test run (5 s
                    // ran out once, with every suite running at once).
                    return connection.readUntilClosed(patience: 20)?.received
                }
                // Closed after the answer (before the idle timeout), as both ask.
                let text = try #require(received, "\(request): still open")
                #expect(RawAnswer(text)?.status == 200, "\(request): \(text)")
            }
        }
    }

    @Test("a body cut short by the client reaches the route as an error, answered 400 JSON, never as a whole body")
    func bodyCutShort() async throws {
        let tally = ConnectionTally()
        try await LimitedServer.run(HTTPServerLimits(), tally: tally) { port in
            let connection = try RawHTTPClient(port: port)
            let received = await RawHTTPClient.offload { () -> String? in
                connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly ten b")
                connection.finishSending()
                return connection.readUntilClosed(patience: 30)?.received
            }
            let text = try #require(received, "still open")
            let answer = try #require(RawAnswer(text), "no HTTP answer")
            #expect(answer.status == 400)
            #expect(answer.error?["code"] == "malformed_http")
            #expect(!text.contains("only ten b"))
        }
    }
}
