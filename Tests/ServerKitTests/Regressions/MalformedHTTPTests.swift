import Foundation
import ServerKit
import TestSupport
import Testing

/// Issue 15: malformed HTTP (oversized headers, chunked with Content-Length, a negative length,
/// a garbage request line) got a bare 400 with no body from the HTTP parser. Every such request is
/// now answered 400 with the kit's JSON error and `Connection: close`.
@Suite("Malformed HTTP gets a JSON 400")
struct MalformedHTTPTests {
    static let requests: [(String, String)] = [
        ("oversized headers", "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n"),
        (
            "chunked and Content-Length",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        ),
        ("negative Content-Length", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\nhello"),
        ("garbage request line", "\u{1}\u{2}GARBAGE nonsense\r\n\r\n"),
        ("not a version", "GET /health HTTP/9.x\r\nHost: x\r\n\r\n"),
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
