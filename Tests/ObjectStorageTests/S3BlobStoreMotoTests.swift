import Foundation
import Logging
import Storage
import Testing

@testable import ObjectStorage

/// The S3 server named by `TEST_S3_URL`, with the key in `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`.
/// `Scripts/start-moto.sh` starts moto_server with signature checking on and prints these.
enum S3TestServer {
    static let environment = ProcessInfo.processInfo.environment
    static let isConfigured = ["TEST_S3_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"].allSatisfy { environment[$0]?.isEmpty == false }
    static let logger = Logger(label: "ObjectStorageTests", factory: { _ in SwiftLogNoOpLogHandler() })

    static func location() throws -> S3Location {
        try S3Location(parsing: environment["TEST_S3_URL"] ?? "")
    }

    static func credentials() throws -> S3Credentials {
        try S3Credentials.fromEnvironment(environment)
    }

    /// A store under a prefix of its own, so tests running at once never see each other's objects.
    static func store(
        prefix: String = "test-\(UUID().uuidString.lowercased())", credentials: S3Credentials? = nil, location: S3Location? = nil,
        maximumBlobSize: Int = 1 << 20
    ) throws -> S3BlobStore {
        try S3BlobStore(
            location: location ?? self.location(), credentials: credentials ?? self.credentials(), keyPrefix: prefix,
            maximumBlobSize: maximumBlobSize, timeout: .seconds(20), logger: logger)
    }
}

@Suite(
    "S3BlobStore against an S3 server (moto)",
    .enabled(if: S3TestServer.isConfigured, "Set TEST_S3_URL and AWS_* to run: eval \"$(Scripts/start-moto.sh /tmp/moto.pid)\"")
)
struct S3BlobStoreMotoTests {
    @Test("put, get, contains and delete; a second delete finds nothing")
    func roundTrip() async throws {
        let store = try S3TestServer.store()
        let data = Data((0..<50_000).map { UInt8($0 % 253) })
        let cid = try await store.put(data)
        #expect(cid == BlobStore.cid(for: data))
        #expect(try await store.contains(cid))
        #expect(try await store.get(cid) == data)
        #expect(try await store.delete(cid))
        #expect(try await store.get(cid) == nil)
        #expect(try await store.delete(cid) == false)
        #expect(try await store.contains(cid) == false)
    }

    @Test("putting the same bytes twice is harmless and gives the same CID; the empty blob works too")
    func idempotentPut() async throws {
        let store = try S3TestServer.store()
        let data = Data("the same bytes".utf8)
        let first = try await store.put(data)
        let second = try await store.put(data)
        #expect(first == second)
        #expect(try await store.get(first) == data)
        let empty = try await store.put(Data())
        #expect(try await store.get(empty) == Data())
    }

    @Test("an absent blob reads as nil and deletes as false")
    func absent() async throws {
        let store = try S3TestServer.store()
        let cid = BlobStore.cid(for: Data("never stored".utf8))
        #expect(try await store.get(cid) == nil)
        #expect(try await store.delete(cid) == false)
    }

    @Test("an object whose bytes do not hash to its key is reported corrupt, and a put repairs it")
    func corrupt() async throws {
        let store = try S3TestServer.store()
        let data = Data("the real bytes".utf8)
        let cid = BlobStore.cid(for: data)
        // A signed PUT of other bytes under the CID's key, through the store's one write path.
        try await store.putObject(Data("other bytes".utf8), key: store.objectKey(for: cid))
        await #expect(throws: StorageError.corruptBlob(cid: cid)) { try await store.get(cid) }
        try await store.put(data)
        #expect(try await store.get(cid) == data)
    }

    @Test("the size cap holds on put and on get")
    func sizeCap() async throws {
        let prefix = "test-\(UUID().uuidString.lowercased())"
        let small = try S3TestServer.store(prefix: prefix, maximumBlobSize: 1000)
        let large = try S3TestServer.store(prefix: prefix)
        #expect(try await small.get(try await small.put(Data(repeating: 1, count: 1000))) != nil)
        let big = Data(repeating: 2, count: 1001)
        let key = small.objectKey(for: BlobStore.cid(for: big))
        await #expect(throws: S3StorageError.tooLarge(operation: .put(key: key), limit: 1000)) { try await small.put(big) }
        let cid = try await large.put(big)
        await #expect(throws: S3StorageError.tooLarge(operation: .get(key: key), limit: 1000)) { try await small.get(cid) }
    }

    @Test("a wrong secret is refused with SignatureDoesNotMatch, and no secret appears in the error")
    func wrongSecret() async throws {
        let right = try S3TestServer.credentials()
        let wrong = S3Credentials(accessKeyID: right.accessKeyID, secretAccessKey: right.secretAccessKey + "x")
        let store = try S3TestServer.store(credentials: wrong)
        let data = Data("signed wrongly".utf8)
        for attempt in 0..<2 {
            await #expect {
                if attempt == 0 { try await store.put(data) } else { _ = try await store.get(BlobStore.cid(for: data)) }
            } throws: { error in
                guard case .refused(_, 403, "SignatureDoesNotMatch", _)? = error as? S3StorageError else { return false }
                let text = (error as? S3StorageError)?.errorDescription ?? ""
                return !text.contains(right.secretAccessKey) && !text.contains("Signature=")
            }
        }
        await #expect(throws: S3StorageError.self) { try await store.checkHealth() }
    }

    @Test("an unknown access key is refused with InvalidAccessKeyId")
    func unknownKey() async throws {
        let store = try S3TestServer.store(credentials: S3Credentials(accessKeyID: "AKIANOSUCHKEY0000000", secretAccessKey: "whatever"))
        await #expect {
            try await store.put(Data("x".utf8))
        } throws: { error in
            guard case .refused(_, 403, "InvalidAccessKeyId", _)? = error as? S3StorageError else { return false }
            return true
        }
    }

    @Test("health passes for the bucket and fails for a missing one; a missing bucket is no missing blob")
    func health() async throws {
        try await S3TestServer.store().checkHealth()
        let real = try S3TestServer.location()
        let missing = try S3Location(
            bucket: "no-such-bucket-\(UUID().uuidString.lowercased().prefix(8))", region: real.region,
            endpoint: "\(real.scheme)://\(real.host)")
        let store = try S3TestServer.store(location: missing)
        await #expect(throws: S3StorageError.self) { try await store.checkHealth() }
        await #expect {
            try await store.get(BlobStore.cid(for: Data("x".utf8)))
        } throws: { error in
            guard case .refused(_, 404, "NoSuchBucket", _)? = error as? S3StorageError else { return false }
            return true
        }
    }

    @Test("stores with different key prefixes share a bucket without seeing each other's blobs")
    func prefixes() async throws {
        let kilroy = try S3TestServer.store()
        let buds = try S3TestServer.store()
        let cid = try await kilroy.put(Data("kilroy's photo".utf8))
        #expect(try await buds.get(cid) == nil)
        #expect(try await buds.delete(cid) == false)
        #expect(try await kilroy.get(cid) != nil)
    }
}
