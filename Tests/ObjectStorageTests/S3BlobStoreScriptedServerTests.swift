import Foundation
import Logging
import Storage
import Testing

@testable import ObjectStorage

/// Bodies that moto never sends: one without a length that passes the cap and never ends, one
/// that stops half-way. They prove the cap is applied while streaming and the timeout covers
/// the body, not just the response head.
@Suite("S3BlobStore against a scripted server")
struct S3BlobStoreScriptedServerTests {
    static let cid = BlobStore.cid(for: Data("wanted".utf8))

    static func store(port: Int, timeout: Duration) throws -> S3BlobStore {
        try S3BlobStore(
            location: S3Location(parsing: "s3://photos?endpoint=http://127.0.0.1:\(port)"), credentials: S3BlobStoreOfflineTests.credentials,
            keyPrefix: "kilroy", maximumBlobSize: 1000, timeout: timeout, logger: S3BlobStoreOfflineTests.logger)
    }

    @Test("a body without a length is refused as soon as it passes the cap, not when it ends (it never does)")
    func capWhileStreaming() async throws {
        let server = try ScriptedHTTPServer(response: ScriptedHTTPServer.endlessChunkedBody(count: 4000), stallAfterwards: true)
        let store = try Self.store(port: server.port, timeout: .seconds(30))
        // The body never ends, so only the cap (tooLarge) or the timeout (timedOut) can end the
        // read: the error says which did. (No wall-clock bound: in the full suite other tests may
        // hold Swift's cooperative threads for seconds.)
        await #expect(throws: S3StorageError.tooLarge(operation: .get(key: "kilroy/\(Self.cid)"), limit: 1000)) { try await store.get(Self.cid) }

        // What was sent: the object's path-style path, the Host with its port, a signed empty payload.
        let head = try #require(server.requests.first).lowercased()
        #expect(head.hasPrefix("get /photos/kilroy/\(Self.cid) http/1.1\r\n"))
        #expect(head.contains("\r\nhost: 127.0.0.1:\(server.port)\r\n"))
        #expect(head.contains("\r\nx-amz-content-sha256: \(SigV4Signer.emptyPayloadHash)\r\n"))
        #expect(head.contains("signedheaders=host;x-amz-content-sha256;x-amz-date"))
        #expect(!head.contains(S3BlobStoreOfflineTests.credentials.secretAccessKey.lowercased()))
    }

    @Test("a body that stops half-way times out: the timeout covers the body too")
    func stalledBody() async throws {
        let server = try ScriptedHTTPServer(response: ScriptedHTTPServer.endlessChunkedBody(count: 100), stallAfterwards: true)
        let store = try Self.store(port: server.port, timeout: .milliseconds(500))
        // The body stalls forever, so returning at all is the timeout's doing; the error names it.
        await #expect(throws: S3StorageError.timedOut(operation: .get(key: "kilroy/\(Self.cid)"), seconds: 0.5)) { try await store.get(Self.cid) }
    }

    @Test("an error answer that is not S3's XML still names the status, with no code")
    func nonXMLError() async throws {
        let body = "<html>Bad Gateway</html>"
        let response = Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
        let server = try ScriptedHTTPServer(response: response, stallAfterwards: false)
        let store = try Self.store(port: server.port, timeout: .seconds(10))
        await #expect(
            throws: S3StorageError.refused(
                operation: .put(key: store.objectKey(for: BlobStore.cid(for: Data("x".utf8)))), status: 502, code: nil, message: nil)
        ) {
            try await store.put(Data("x".utf8))
        }
    }
}
