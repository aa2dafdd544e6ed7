import CloudWire
import Foundation
import Geo
import HTTPTypes
import KilroyAPI
import KilroyCore
import OpenAPIRuntime
import Testing

/// A `ClientTransport` double at the network boundary: records each request (with its body) and
/// answers from a list of canned responses, or throws like a dead network.
actor RecordingTransport: ClientTransport {
    struct Recorded: Sendable {
        let request: HTTPRequest
        let body: Data
        let baseURL: URL
    }

    enum Answer: Sendable {
        case respond(status: Int, json: String, headers: [String: String] = [:])
        case fail(String)
    }

    private(set) var requests: [Recorded] = []
    private var answers: [Answer]

    init(_ answers: [Answer]) {
        self.answers = answers
    }

    nonisolated func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let data = if let body { try await Data(collecting: body, upTo: 20 * 1024 * 1024) } else { Data() }
        return try await record(Recorded(request: request, body: data, baseURL: baseURL))
    }

    private func record(_ recorded: Recorded) throws -> (HTTPResponse, HTTPBody?) {
        requests.append(recorded)
        guard !answers.isEmpty else { throw URLError(.cannotConnectToHost) }
        switch answers.removeFirst() {
        case .fail(let reason):
            throw TransportFailure(reason: reason)
        case .respond(let status, let json, let extra):
            var fields: HTTPFields = [.contentType: "application/json"]
            for (name, value) in extra {
                if let field = HTTPField.Name(name) { fields[field] = value }
            }
            let response = HTTPResponse(status: .init(code: status), headerFields: fields)
            return (response, json.isEmpty ? nil : HTTPBody(json))
        }
    }
}

struct TransportFailure: Error, LocalizedError {
    let reason: String
    var errorDescription: String? { reason }
}

@Suite("KilroyCloudHTTPClient: the generated client at the HTTP boundary")
struct KilroyCloudClientTests {
    let base = URL(string: "http://127.0.0.1:8080")!
    let credential = DeviceToken(bytes: Array(repeating: 0x42, count: 32))!

    static let kilroyJSON = """
        {"id":"6f9619ff-8b86-d011-b42d-00c04fc964ff","imageId":"bafkreiabc","imageURL":"/kilroy/v1/images/bafkreiabc",
         "latitude":52.3731,"longitude":4.8922,"geohash":"u173zq37x0","placeName":"Dam","comment":"hi",
         "createdAt":"2026-05-01T09:30:00Z","isMine":true}
        """

    private func memory() throws -> DroppedMemory {
        DroppedMemory(
            id: try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")),
            coordinate: try CodableCoordinate(latitude: 52.3731, longitude: 4.8922),
            capturedAt: Date(timeIntervalSince1970: 1_777_627_800), comment: "hi", placeName: "Dam"
        )
    }

    @Test("upload sends the photo with its media type, then the record, both under /kilroy/v1 with the credential")
    func uploadSendsImageThenRecord() async throws {
        let transport = RecordingTransport([
            .respond(status: 201, json: #"{"id":"bafkreiabc","contentType":"image/png","byteCount":40}"#),
            .respond(status: 201, json: Self.kilroyJSON),
        ])
        let client = KilroyCloudHTTPClient(baseURL: base, credential: credential, transport: transport)
        let kilroy = try await client.upload(try memory(), imageData: TestImages.png)
        #expect(kilroy.id == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
        #expect(kilroy.imageURL == "http://127.0.0.1:8080/kilroy/v1/images/bafkreiabc")
        #expect(kilroy.createdAt == Date(timeIntervalSince1970: 1_777_627_800))
        #expect(kilroy.placeName == "Dam" && kilroy.geohash == "u173zq37x0")

        let requests = await transport.requests
        #expect(requests.count == 2)
        #expect(requests.map(\.request.method) == [.post, .post])
        #expect(
            requests.map { $0.baseURL.absoluteString + ($0.request.path ?? "") } == [
                "http://127.0.0.1:8080/kilroy/v1/images", "http://127.0.0.1:8080/kilroy/v1/kilroys",
            ])
        #expect(requests.allSatisfy { $0.request.headerFields[.authorization] == "Bearer " + credential.text })
        #expect(kilroy.isMine)
        #expect(requests[0].request.headerFields[.contentType] == "image/png")
        #expect(requests[0].body == TestImages.png)
        let record = try #require(try JSONSerialization.jsonObject(with: requests[1].body) as? [String: Any])
        #expect(record["id"] as? String == "6f9619ff-8b86-d011-b42d-00c04fc964ff")
        #expect(record["imageId"] as? String == "bafkreiabc")
        #expect(record["latitude"] as? Double == 52.3731)
        #expect(record["createdAt"] as? String == "2026-05-01T09:30:00Z")
        #expect(record["comment"] as? String == "hi" && record["placeName"] as? String == "Dam")
    }

    @Test("near sends lat, lon, radius and limit and reads kilroys with distances and the reciprocity status")
    func nearQuery() async throws {
        let transport = RecordingTransport([
            .respond(
                status: 200,
                json: """
                    {"kilroys":[{"kilroy":\(Self.kilroyJSON),"distanceMeters":12.5}],
                     "reciprocity":{"policy":"local","ownDropCount":0,"radiusMeters":200,"othersWithheld":true}}
                    """)
        ])
        let client = KilroyCloudHTTPClient(baseURL: base, credential: credential, transport: transport)
        let result = try await client.kilroysNear(coordinate(52.37, 4.89), radius: 500, limit: 20)
        #expect(result.kilroys.map(\.distanceMeters) == [12.5])
        #expect(result.reciprocityPolicy == "local" && result.othersWithheld)
        let recorded = try #require(await transport.requests.first)
        let request = recorded.request
        #expect(request.method == .get)
        #expect(recorded.baseURL.path == "/kilroy/v1")
        let path = try #require(request.path)
        #expect(path.hasPrefix("/kilroys/near?"))
        let query = Set(path.split(separator: "?")[1].split(separator: "&").map(String.init))
        #expect(query == ["lat=52.37", "lon=4.89", "radius=500.0", "limit=20"])
    }

    @Test("every rejection becomes a specific error carrying the server's message")
    func mapsErrors() async throws {
        let error = #"{"code":"invalid_coordinate","message":"latitude must be between -90 and 90","field":"latitude"}"#
        let cases: [(RecordingTransport.Answer, KilroyCloudError)] = [
            (
                .respond(status: 400, json: error),
                .badRequest(code: "invalid_coordinate", message: "latitude must be between -90 and 90", field: "latitude")
            ),
            (
                .respond(status: 409, json: #"{"code":"id_conflict","message":"id used by another kilroy"}"#),
                .conflict(message: "id used by another kilroy")
            ),
            (
                .respond(status: 429, json: #"{"code":"rate_limited","message":"too many drops"}"#, headers: ["Retry-After": "42"]),
                .rateLimited(message: "too many drops", retryAfterSeconds: 42)
            ),
            (
                .respond(status: 503, json: #"{"code":"unavailable","message":"store is down"}"#),
                .serverFailure(status: 503, message: "store is down")
            ),
            (.respond(status: 502, json: ""), .serverFailure(status: 502, message: "HTTP 502")),
            (.respond(status: 418, json: #"{"code":"teapot","message":"I am a teapot"}"#), .unexpectedStatus(status: 418, message: "I am a teapot")),
            (.fail("the wire is cut"), .unreachable(url: "http://127.0.0.1:8080", reason: "the wire is cut")),
            (
                .respond(status: 401, json: #"{"code":"invalid_credential","message":"bad token","field":"Authorization"}"#),
                .unauthorized(message: "bad token")
            ),
        ]
        for (answer, expected) in cases {
            let client = KilroyCloudHTTPClient(baseURL: base, credential: credential, transport: RecordingTransport([answer]))
            await #expect(throws: expected) { try await client.createKilroy(from: try memory(), imageID: "bafkreiabc") }
        }
        #expect(KilroyCloudError.unreachable(url: "http://h", reason: "x").isRetryable)
        #expect(!KilroyCloudError.unauthorized(message: "x").isRetryable)
        #expect(KilroyCloudError.rateLimited(message: "x", retryAfterSeconds: nil).isRetryable)
        #expect(KilroyCloudError.serverFailure(status: 500, message: "x").isRetryable)
        #expect(!KilroyCloudError.badRequest(code: "x", message: "x", field: nil).isRetryable)
        #expect(!KilroyCloudError.unexpectedStatus(status: 418, message: "x").isRetryable)
        #expect(
            KilroyCloudError.badRequest(code: "c", message: "latitude must be between -90 and 90", field: "latitude")
                .errorDescription == "The Kilroy cloud rejected the request (latitude): latitude must be between -90 and 90")
    }

    @Test("an unreadable success body is an invalidResponse error, which is retried")
    func unreadableBody() async throws {
        let client = KilroyCloudHTTPClient(
            baseURL: base, credential: credential, transport: RecordingTransport([.respond(status: 200, json: "{\"nope\":1}")]))
        await #expect {
            try await client.kilroy(id: "6f9619ff-8b86-d011-b42d-00c04fc964ff")
        } throws: { error in
            guard case .invalidResponse = error as? KilroyCloudError else { return false }
            return (error as? KilroyCloudError)?.isRetryable == true
        }
    }

    @Test("get, delete and report use the kilroy's path; 403 and 404 carry the server's message")
    func getDeleteReport() async throws {
        let transport = RecordingTransport([
            .respond(status: 200, json: Self.kilroyJSON),
            .respond(status: 204, json: ""),
            .respond(status: 403, json: #"{"code":"not_owner","message":"only the device that dropped it may delete it"}"#),
            .respond(status: 200, json: #"{"kilroyId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","reportCount":3,"hidden":true}"#),
            .respond(status: 404, json: #"{"code":"not_found","message":"no such kilroy"}"#),
        ])
        let client = KilroyCloudHTTPClient(baseURL: base, credential: credential, transport: transport)
        let id = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
        #expect(try await client.kilroy(id: id).comment == "hi")
        try await client.deleteKilroy(id: id)
        await #expect(throws: KilroyCloudError.forbidden(message: "only the device that dropped it may delete it")) {
            try await client.deleteKilroy(id: id)
        }
        #expect(try await client.reportKilroy(id: id, reason: "spam") == CloudReport(kilroyID: id, reportCount: 3, hidden: true))
        await #expect(throws: KilroyCloudError.notFound(message: "no such kilroy")) { try await client.kilroy(id: id) }
        let requests = await transport.requests
        #expect(requests.map(\.request.method) == [.get, .delete, .delete, .post, .get])
        #expect(
            requests.map { $0.baseURL.path + ($0.request.path ?? "") } == [
                "/kilroy/v1/kilroys/\(id)", "/kilroy/v1/kilroys/\(id)", "/kilroy/v1/kilroys/\(id)",
                "/kilroy/v1/kilroys/\(id)/reports", "/kilroy/v1/kilroys/\(id)",
            ])
        #expect(String(decoding: requests[3].body, as: UTF8.self).contains("spam"))
    }
}
