import Foundation
import MetricsTestKit
import ServerKit
import TestSupport
import Testing

/// Issue 15: idle connections by the thousand took most of the open-file limit. A server now
/// holds at most `maximumConnections`; one more is answered 503 JSON at once and closed, and
/// counted, and the server answers again as soon as a place frees up.
@Suite("Connections beyond the limit are refused at once")
struct ConnectionLimitTests {
    @Test("the connection over the limit gets a JSON 503 at once; a freed place serves /health again")
    func overLimitIsRefused() async throws {
        let metrics = TestMetrics()
        let tally = ConnectionTally(metrics: metrics)
        let limit = 4
        let limits = HTTPServerLimits(idleTimeout: .seconds(30), headerTimeout: .seconds(30), maximumConnections: limit)
        try await LimitedServer.run(limits, tally: tally) { port in
            // The live test client connects as it starts: wait for it, then fill the places it left.
            for _ in 0..<100 where tally.snapshot.open < 1 { try await Task.sleep(for: .milliseconds(20)) }
            var held = try (tally.snapshot.open..<limit).map { _ in try RawHTTPClient(port: port) }
            // The server takes a place when it sets a connection up, a moment after connect().
            for _ in 0..<100 where tally.snapshot.open < limit { try await Task.sleep(for: .milliseconds(20)) }
            #expect(tally.snapshot.open == limit)
            let extra = try RawHTTPClient(port: port)
            let outcome = await RawHTTPClient.offload { extra.readUntilClosed(patience: 30) }
            let refused = try #require(outcome)
            #expect(refused.seconds < 2)
            let answer = try #require(RawAnswer(refused.received))
            #expect(answer.status == 503)
            #expect(answer.headers["retry-after"] != nil)
            #expect(answer.error?["code"] == "too_many_connections")
            #expect(tally.snapshot.refused == 1)
            // Counted in /metrics too, not logged line by line.
            #expect(try metrics.expectCounter("http_server_refusals_total", [("reason", "too_many_connections")]).totalValue == 1)
            #expect(try metrics.expectGauge("http_server_open_connections").lastValue == Double(limit))

            held.removeLast()  // closes one held socket
            for _ in 0..<100 where tally.snapshot.open >= limit { try await Task.sleep(for: .milliseconds(20)) }
            let health = try RawHTTPClient(port: port)
            let served = await RawHTTPClient.offload { () -> String? in
                health.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return health.readUntilClosed(patience: 30)?.received
            }
            #expect(served?.hasPrefix("HTTP/1.1 200") == true)
            withExtendedLifetime(held) {}
        }
    }
}
