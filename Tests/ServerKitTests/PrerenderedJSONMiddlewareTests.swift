import HTTPTypes
import OpenAPIRuntime
import ServerKit
import Testing

@Suite("Prerendered JSON bodies")
struct PrerenderedJSONMiddlewareTests {
    static let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/near")
    static let middleware = PrerenderedJSONMiddleware(operationIDs: ["near"])

    /// A handler as the generated code runs it: writes its bytes when offered a slot, then
    /// answers with a placeholder whose length the generated code set.
    static func run(operationID: String, status: HTTPResponse.Status, writes: [UInt8]?) async throws -> (HTTPResponse, [UInt8]) {
        let (response, body) = try await middleware.intercept(
            request, body: nil, metadata: ServerRequestMetadata(), operationID: operationID
        ) { _, _, _ in
            if let writes { PrerenderedJSONBody.current?.set(writes) }
            var response = HTTPResponse(status: status)
            response.headerFields[.contentType] = "application/json; charset=utf-8"
            response.headerFields[.contentLength] = "2"
            return (response, HTTPBody("{}"))
        }
        return (response, try await [UInt8](collecting: body ?? HTTPBody(), upTo: 1 << 20))
    }

    @Test("an opted-in 200 answers with the written bytes and their length, the content type kept")
    func swapsBody() async throws {
        let (response, bytes) = try await Self.run(operationID: "near", status: .ok, writes: Array(#"{"a":[1,2,3]}"#.utf8))
        #expect(bytes == Array(#"{"a":[1,2,3]}"#.utf8))
        #expect(response.headerFields[.contentLength] == "13")
        #expect(response.headerFields[.contentType] == "application/json; charset=utf-8")
    }

    @Test("other operations, other statuses and handlers that wrote nothing keep the generated answer")
    func keepsGenerated() async throws {
        for (operationID, status, writes) in [
            ("other", HTTPResponse.Status.ok, Array("[9]".utf8)), ("near", .badRequest, Array("[9]".utf8)), ("near", .ok, nil),
        ] {
            let (response, bytes) = try await Self.run(operationID: operationID, status: status, writes: writes)
            #expect(bytes == Array("{}".utf8), "\(operationID) \(status)")
            #expect(response.headerFields[.contentLength] == "2")
        }
        #expect(PrerenderedJSONBody.current == nil, "no slot outside an opted-in operation")
    }
}
