import Foundation
import ServerKit
import TestSupport
import Testing

/// Issue 15: hostile requests must never hang a connection or crash the server, and every
/// refusal must be the kit's JSON. Random bytes and randomly mutated requests (seeded, so a
/// failure repeats) go to a server with the limits; each connection must end within the
/// deadlines, every answer must be HTTP with a JSON body when it is an error and never a 5xx, and
/// the server must still answer afterwards.
@Suite("Hostile bytes never hang or crash the server")
struct HostileBytesTests {
    private static let valid = [
        "GET /health HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    ]

    /// A valid request with a few bytes changed, inserted or removed, or plain random bytes.
    private static func hostileInput(_ random: inout SplitMix64) -> [UInt8] {
        guard Bool.random(using: &random) else {
            return (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        var bytes = Array(valid.randomElement(using: &random)!.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
            default: bytes.remove(at: index)
            }
        }
        return bytes
    }

    @Test("80 hostile inputs: each connection ends in time, every error is JSON and none is a 5xx")
    func hostileInputs() async throws {
        var random = SplitMix64(seed: 15)
        let inputs = (0..<80).map { _ in Self.hostileInput(&random) }
        let limits = HTTPServerLimits(headerTimeout: .seconds(1), bodyTimeout: .seconds(1))
        try await LimitedServer.run(limits) { port in
            let outcomes = try await withThrowingTaskGroup(of: (Int, [UInt8]?).self) { group in
                for (index, input) in inputs.enumerated() {
                    let connection = try RawHTTPClient(port: port)
                    group.addTask {
                        let received = await RawHTTPClient.offload { () -> [UInt8]? in
                            connection.send(bytes: input)
                            connection.finishSending()
                            return connection.readBytesUntilClosed(patience: 8)?.received
                        }
                        return (index, received)
                    }
                }
                return try await group.reduce(into: [(Int, [UInt8]?)]()) { $0.append($1) }
            }
            #expect(outcomes.count == inputs.count)
            for (index, received) in outcomes.sorted(by: { $0.0 < $1.0 }) {
                let input = String(decoding: inputs[index], as: UTF8.self).debugDescription
                guard let received else {
                    Issue.record("input \(index) \(input): the connection was still open after 8 s")
                    continue
                }
                guard !received.isEmpty else { continue }  // closed without an answer: allowed
                guard let answers = RawAnswer.all(received) else {
                    Issue.record(
                        "input \(index) \(input): not HTTP answers: \(String(decoding: received.prefix(200), as: UTF8.self).debugDescription)")
                    continue
                }
                for answer in answers {
                    #expect(answer.status < 500, "input \(index) \(input)")
                    if answer.status >= 400 {
                        #expect(answer.headers["content-type"] == "application/json; charset=utf-8", "input \(index) \(input)")
                        #expect(answer.error?["code"] != nil, "input \(index) \(input): \(answer.body.debugDescription)")
                    }
                }
            }
            let health = try RawHTTPClient(port: port)
            let served = await RawHTTPClient.offload { () -> String? in
                health.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return health.readUntilClosed(patience: 30)?.received
            }
            #expect(served?.hasPrefix("HTTP/1.1 200") == true)
        }
    }
}
