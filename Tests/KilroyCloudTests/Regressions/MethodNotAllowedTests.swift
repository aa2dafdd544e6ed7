import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 15: a method the contract does not declare on a served path (PUT on the near query)
/// was answered 404 "nothing is served", which sends a client looking for a wrong URL. HTTP's
/// answer is 405 with `Allow` listing the methods the path does answer.
@Suite("An undeclared method on a served path is 405 with Allow")
struct MethodNotAllowedTests {
    @Test(
        "each served path refuses the methods the contract does not declare",
        arguments: [
            (HTTPRequest.Method.put, "/kilroys/near?lat=1&lon=2", "GET"),
            (.delete, "/kilroys", "POST"),
            (.patch, "/kilroys/0F8FAD5B-D9CB-469F-A165-70867728950E", "GET, DELETE"),
            (.post, "/openapi.yaml", "GET"),
            // schemathesis ST204: TRACE and OPTIONS too, and HEAD where GET is not served.
            (.trace, "/kilroys/near?lat=1&lon=2", "GET"),
            (.options, "/kilroys", "POST"),
            (.head, "/kilroys", "POST"),
        ])
    func refused(method: HTTPRequest.Method, path: String, allow: String) async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let response = try await client.send(method, path, device: Devices.alice)
            #expect(response.status == .methodNotAllowed, "\(method) \(path)")
            #expect(Set(response.headers[.allow]?.components(separatedBy: ", ") ?? []) == Set(allow.components(separatedBy: ", ")))
            #expect(try response.decoded(Components.Schemas._Error.self).code == "method_not_allowed")
        }
    }

    @Test("declared methods still work and an unknown path is still 404")
    func othersUnchanged() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let near = try await client.send(.get, "/kilroys/near?lat=1&lon=2", device: Devices.alice)
            #expect(near.status == .ok)
            let document = try await client.send(.get, "/openapi.yaml")
            #expect(document.status == .ok)
            let unknown = try await client.send(.get, "/nothing-here", device: Devices.alice)
            #expect(unknown.status == .notFound)
        }
    }
}
