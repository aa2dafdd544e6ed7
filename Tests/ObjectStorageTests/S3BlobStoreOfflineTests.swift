import Foundation
import Logging
import Storage
import Testing

@testable import ObjectStorage

/// What the store decides without a reachable S3 server: input checks before any request,
/// timeouts and unreachable servers.
@Suite("S3BlobStore without a server")
struct S3BlobStoreOfflineTests {
    static let credentials = S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "offline-secret-value")
    static let logger = Logger(label: "ObjectStorageTests", factory: { _ in SwiftLogNoOpLogHandler() })

    static func store(port: Int, timeout: Duration = .seconds(5), maximumBlobSize: Int = 1024) throws -> S3BlobStore {
        let location = try S3Location(parsing: "s3://photos?endpoint=http://127.0.0.1:\(port)")
        return try S3BlobStore(
            location: location, credentials: credentials, keyPrefix: "kilroy", maximumBlobSize: maximumBlobSize, timeout: timeout, logger: logger)
    }

    @Test("an invalid CID is refused before any request (the silent server would make it time out)")
    func invalidCID() async throws {
        let listener = try SilentListener()
        let store = try Self.store(port: listener.port, timeout: .seconds(20))
        for bad in [
            "", "../etc/passwd", "bafkrei", "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG",
            "BAFKREIHDWDCEFGH4DQKJV67UZCMW7OJEE6XEDZDETOJUZJEVTENXQUVYKU",
        ] {
            let started = ContinuousClock.now
            await #expect(throws: StorageError.invalidCID(bad)) { try await store.get(bad) }
            await #expect(throws: StorageError.invalidCID(bad)) { try await store.delete(bad) }
            await #expect(throws: StorageError.invalidCID(bad)) { try await store.contains(bad) }
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }

    @Test("data over the size cap is refused before it is sent")
    func putTooLarge() async throws {
        let listener = try SilentListener()
        let store = try Self.store(port: listener.port, timeout: .seconds(20), maximumBlobSize: 100)
        let data = Data(repeating: 7, count: 101)
        await #expect(throws: S3StorageError.tooLarge(operation: .put(key: "kilroy/" + BlobStore.cid(for: data)), limit: 100)) {
            try await store.put(data)
        }
    }

    @Test("a server that never answers times out, for every operation")
    func timesOut() async throws {
        let listener = try SilentListener()
        let store = try Self.store(port: listener.port, timeout: .milliseconds(300))
        let cid = BlobStore.cid(for: Data("x".utf8))
        // The listener never answers, so returning at all is the timeout's doing; each error
        // names it and the operation. (No wall-clock bound: in the full suite other tests may hold
        // Swift's cooperative threads for seconds.)
        await #expect(throws: S3StorageError.timedOut(operation: .put(key: "kilroy/\(cid)"), seconds: 0.3)) { try await store.put(Data("x".utf8)) }
        await #expect(throws: S3StorageError.timedOut(operation: .get(key: "kilroy/\(cid)"), seconds: 0.3)) { try await store.get(cid) }
        await #expect(throws: S3StorageError.timedOut(operation: .head(key: "kilroy/\(cid)"), seconds: 0.3)) { try await store.delete(cid) }
        await #expect(throws: S3StorageError.timedOut(operation: .checkBucket(bucket: "photos"), seconds: 0.3)) { try await store.checkHealth() }
    }

    @Test("a closed port is unreachable, and the error names the operation but no secret")
    func unreachable() async throws {
        var listener: SilentListener? = try SilentListener()
        let port = try #require(listener?.port)
        listener = nil  // closes the port: connections are now refused
        #expect(listener == nil)
        // AsyncHTTPClient retries a refused connection until the deadline, then says why it failed.
        let store = try Self.store(port: port, timeout: .seconds(1))
        await #expect {
            try await store.checkHealth()
        } throws: { error in
            guard case .unreachable(.checkBucket("photos"), _)? = error as? S3StorageError else { return false }
            let text = (error as? S3StorageError)?.errorDescription ?? ""
            return text.contains("reach the bucket photos") && !text.contains(Self.credentials.secretAccessKey)
        }
    }

    @Test("keys are the location's prefix, the store's prefix and the CID; bad prefixes and limits are refused")
    func configuration() throws {
        let location = try S3Location(parsing: "s3://photos/common?endpoint=http://127.0.0.1:9000")
        let store = try S3BlobStore(location: location, credentials: Self.credentials, keyPrefix: "/kilroy/", logger: Self.logger)
        #expect(store.objectKey(for: "bafkx") == "common/kilroy/bafkx")
        #expect(store.backendName == "s3")
        #expect(throws: S3ConfigurationError.invalidKeyPrefix("a b")) {
            try S3BlobStore(location: location, credentials: Self.credentials, keyPrefix: "a b", logger: Self.logger)
        }
        #expect(throws: S3ConfigurationError.invalidLimit(name: "timeout")) {
            try S3BlobStore(location: location, credentials: Self.credentials, timeout: .zero, logger: Self.logger)
        }
        #expect(throws: S3ConfigurationError.invalidLimit(name: "maximum blob size")) {
            try S3BlobStore(location: location, credentials: Self.credentials, maximumBlobSize: 0, logger: Self.logger)
        }
    }

    @Test("a store from a URL and the environment, as a server's --blobs option gives them")
    func fromURL() throws {
        let environment = ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "env-secret-value"]
        let store = try S3BlobStore(
            url: "s3://photos/common?endpoint=http://127.0.0.1:9000&region=eu-west-3", environment: environment, keyPrefix: "kilroy",
            logger: Self.logger)
        #expect(store.objectKey(for: "bafkx") == "common/kilroy/bafkx")
        #expect(store.location.region == "eu-west-3")
        #expect(store.location.description == "s3://photos/common/?region=eu-west-3&endpoint=http://127.0.0.1:9000")
        #expect(try S3Location(parsing: "s3://photos").description == "s3://photos/?region=us-east-1")
        #expect(throws: S3ConfigurationError.missingEnvironmentVariable("AWS_SECRET_ACCESS_KEY")) {
            try S3BlobStore(url: "s3://photos", environment: ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE"], logger: Self.logger)
        }
        #expect(throws: S3ConfigurationError.notAnS3URL) { try S3BlobStore(url: "file:/tmp", environment: environment, logger: Self.logger) }
    }
}
