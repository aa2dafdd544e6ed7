import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import AppServer

/// Issue 13: uploads no kilroy used were never removed, so anyone could fill the disk. The
/// server now collects, before it serves, the orphans that expired while it was down.
@Suite("Regression: app-server collects orphaned Kilroy uploads at start-up")
struct StartUpOrphanCollectionTests {
    @Test("an upload left without a kilroy two hours ago is gone once the server starts again; errors say nosniff")
    func collectedAtStart() async throws {
        let data = ScratchFolder.url("app-server-orphans")
        defer { try? FileManager.default.removeItem(at: data) }
        let credential: HTTPFields = [.authorization: "Bearer " + String(repeating: "A", count: 43), .contentType: "image/png"]
        let twoHoursAgo = Date().addingTimeInterval(-7_200)
        let fixedClock: @Sendable () -> Date = { twoHoursAgo }
        let id = try await AppServerTests.withApplication(data: data, now: fixedClock) { client in
            let upload = try await client.execute(
                uri: "/kilroy/v1/images", method: .post, headers: credential, body: ByteBuffer(bytes: ValidImages.png(9)))
            #expect(upload.status == .created)
            let object = try JSONSerialization.jsonObject(with: Data(upload.body.readableBytesView)) as? [String: Any]
            return try #require(object?["id"] as? String)
        }
        try await AppServerTests.withApplication(data: data) { client in
            let response = try await client.execute(uri: "/kilroy/v1/images/\(id)", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            let unknown = try await client.execute(uri: "/nothing/here", method: .get)
            #expect(unknown.status == .notFound)
            #expect(unknown.headers[.xContentTypeOptions] == "nosniff")
        }
        let files =
            FileManager.default.enumerator(atPath: data.appendingPathComponent("blobs/kilroy").path)?
            .compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.hasSuffix(id) }, "\(files)")
    }
}
