import CloudWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ServerKit
import Testing

@Suite("ServerKit: refusals, limits and JSON answers every cloud shares")
struct ServerKitTests {
    private struct Failure: Error {}

    /// A router with the kit's middleware and a few routes that refuse or fail.
    private func application(bodyLimit: Int = 16) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: JSONErrorMiddleware(logger: Logger(label: "test"), notFoundHint: "see /doc."))
        router.add(middleware: NoSniffMiddleware())
        router.add(
            middleware: RequestBodyLimitMiddleware(
                maximumBytes: bodyLimit, reason: "no request is larger.", isExempt: { $0.uri.path == "/stream" }))
        router.post("echo") { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: .max)
            return Response(status: .ok, body: ResponseBody(byteBuffer: body))
        }
        router.post("stream") { _, _ in Response(status: .accepted) }
        router.get("refuse") { _, _ -> Response in
            throw ServerRejection(
                status: .unauthorized, code: "missing_credential", message: "Send a credential.", field: "Authorization",
                challenge: #"Bearer realm="test""#)
        }
        router.get("slow-down") { _, _ -> Response in throw ServerRejection.rateLimited(retryAfter: 7, what: "requests") }
        router.get("fail") { _, _ -> Response in throw Failure() }
        return Application(router: router)
    }

    private static func json(_ response: TestResponse) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data(response.body.readableBytesView))
    }

    @Test("a thrown rejection is its own JSON answer, with its challenge and Retry-After")
    func rejectionAnswers() async throws {
        try await application().test(.router) { client in
            let refused = try await client.execute(uri: "/refuse", method: .get)
            #expect(refused.status == .unauthorized)
            #expect(refused.headers[.wwwAuthenticate] == #"Bearer realm="test""#)
            #expect(refused.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try Self.json(refused) == ["code": "missing_credential", "message": "Send a credential.", "field": "Authorization"])
            let limited = try await client.execute(uri: "/slow-down", method: .get)
            #expect(limited.status == .tooManyRequests && limited.headers[.retryAfter] == "7")
            #expect(try Self.json(limited)["code"] == "rate_limited")
        }
    }

    @Test("a refusal's lists are top-level keys of its body, read back as they were; the fixed keys cannot be overwritten")
    func rejectionDetails() throws {
        let rejection = ServerRejection(
            status: .conflict, code: "recipients_mismatch", message: "Refresh.",
            details: ["missing": ["a", "b"], "extra": [], "code": ["spoof"]])
        let bytes = try JSONEncoder().encode(rejection.body)
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(object["code"] as? String == "recipients_mismatch")
        #expect(object["missing"] as? [String] == ["a", "b"] && object["extra"] as? [String] == [])
        let decoded = try JSONDecoder().decode(ServerRejection.Body.self, from: bytes)
        #expect(decoded.details == ["missing": ["a", "b"], "extra": []])
        #expect(decoded.code == "recipients_mismatch" && decoded.field == nil)
    }

    @Test("an unknown path is a JSON 404 with the hint; the server's own failure a 500 that says nothing inside")
    func errorsAreJSON() async throws {
        try await application().test(.router) { client in
            let missing = try await client.execute(uri: "/nowhere", method: .get)
            #expect(missing.status == .notFound)
            #expect(try Self.json(missing) == ["code": "not_found", "message": "Nothing is served at GET /nowhere; see /doc."])
            let failed = try await client.execute(uri: "/fail", method: .get)
            #expect(failed.status == .internalServerError)
            let body = try Self.json(failed)
            #expect(body["code"] == "internal_error" && body["message"]?.contains("Failure") == false)
            #expect(failed.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("a body over the limit is a 413 naming the body; an exempt route and a small body pass")
    func bodyLimit() async throws {
        try await application(bodyLimit: 16).test(.router) { client in
            let small = try await client.execute(uri: "/echo", method: .post, body: ByteBuffer(string: "0123456789abcdef"))
            #expect(small.status == .ok && String(buffer: small.body) == "0123456789abcdef")
            let large = try await client.execute(uri: "/echo", method: .post, body: ByteBuffer(string: "0123456789abcdefX"))
            #expect(large.status == .contentTooLarge)
            #expect(
                try Self.json(large) == [
                    "code": "body_too_large", "message": "The request body is larger than 16 bytes; no request is larger.", "field": "body",
                ])
            let exempt = try await client.execute(uri: "/stream", method: .post, body: ByteBuffer(repeating: 0, count: 1_000))
            #expect(exempt.status == .accepted)
        }
    }

    private struct Item: Decodable { var name: String }
    private struct Order: Decodable { var items: [Item] }

    /// The rejection for `json` as an order, or nil when it decodes.
    private static func rejection(_ json: String) -> ServerRejection? {
        let error: any Error
        do {
            _ = try JSONDecoder().decode(Order.self, from: Data(json.utf8))
            return nil
        } catch let thrown {
            error = thrown
        }
        guard let decoding = error as? DecodingError else { return nil }
        return .rejection(for: decoding, apiName: "the Test API")
    }

    @Test("a decoding error names the field by its path")
    func decodingErrors() {
        #expect(Self.rejection(#"{"items":[{"name":"a"},{}]}"#)?.field == "items.[1].name")
        #expect(Self.rejection(#"{"items":[{"name":"a"},{}]}"#)?.code == "missing_field")
        #expect(Self.rejection(#"{"items":[{"name":3}]}"#)?.message == "The field items.[0].name has the wrong type for the Test API.")
        #expect(Self.rejection(#"{"items":"#)?.code == "malformed_json")
    }

    @Test("a token bucket allows the burst, then one per refill; a clock going backwards refills nothing")
    func tokenBucket() {
        let limit = RateLimit(burst: 3, perMinute: 60)
        let start = Date(timeIntervalSince1970: 1_000)
        var bucket = TokenBucket.full(limit, at: start)
        var decisions: [RateDecision] = []
        for seconds in [0.0, 0, 0, 0, -100, 1] {
            let taken = bucket.taking(limit, at: start.addingTimeInterval(seconds))
            decisions.append(taken.decision)
            bucket = taken.bucket
        }
        #expect(decisions == [.allowed, .allowed, .allowed, .limited(retryAfterSeconds: 1), .limited(retryAfterSeconds: 1), .allowed])
        // A long pause refills to the burst, never beyond.
        let later = start.addingTimeInterval(3_600)
        #expect(bucket.refilled(limit, at: later).tokens == 3)
        #expect(bucket.isFull(limit, at: later))
        // A stored value that is not a number counts as an empty bucket, not a full one.
        #expect(TokenBucket(tokens: .nan, updated: start).taking(limit, at: start).decision == .limited(retryAfterSeconds: 1))
    }

    @Test("dates: whole seconds are written without a fraction; both forms and offsets are read")
    func dates() throws {
        let transcoder = LenientISO8601DateTranscoder()
        #expect(try transcoder.encode(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(try transcoder.decode("1970-01-01T01:00:00.500+01:00") == Date(timeIntervalSince1970: 0.5))
        #expect(throws: InvalidDateError.self) { try transcoder.decode("yesterday") }
    }

    @Test("dates: whole seconds are written as Foundation's ISO 8601 style writes them, 1970 through 9999 and beyond")
    func wholeSecondDatesAgreeWithFoundation() throws {
        let transcoder = LenientISO8601DateTranscoder()
        let style = Date.ISO8601FormatStyle()
        var random = SystemRandomNumberGenerator()
        // Edges (epoch, leap days, centuries, the last second of 9999 and the first after it,
        // before 1970), then random seconds over the whole range.
        var seconds: [Double] = [
            0, 59, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, 13_569_465_600,
            253_402_300_799, 253_402_300_800, -1, -86_400, -12_219_292_800,
        ]
        seconds += (0..<5_000).map { _ in Double(Int64.random(in: 0..<253_402_300_800, using: &random)) }
        seconds += (0..<200).map { _ in Double(Int64.random(in: -62_135_596_800..<0, using: &random)) }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            #expect(try transcoder.encode(date) == style.format(date), "\(value)")
        }
    }
}
