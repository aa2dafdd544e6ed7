public import AsyncHTTPClient
import DAGCBOR
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1
public import Storage

/// Content-addressed blobs in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, Garage, R2,
/// moto), so that several `app-server`s share one set of photos.
///
/// A blob named by CID `c` is the object `<location prefix><key prefix>c`: the key prefix (a
/// cloud's name, `kilroy/`) lets several clouds share a bucket. As with ``Storage/BlobStore``, the
/// name proves the contents: a put of the same bytes is harmless (and repairs a damaged copy),
/// and ``get(_:)`` re-hashes what it reads. Every request is signed with ``SigV4Signer`` including
/// the payload's SHA-256, has a timeout, and reads at most the size cap of any body.
public struct S3BlobStore: BlobStorage {
    /// The bucket, prefix, region and server.
    public let location: S3Location
    /// `<location prefix><key prefix>`, `""` or ending in `/`.
    public let objectKeyPrefix: String
    /// The largest blob stored or read, in bytes.
    public let maximumBlobSize: Int
    /// How long one operation (request and whole body) may take.
    public let timeout: Duration

    private let signer: SigV4Signer
    private let httpClient: HTTPClient
    private let logger: Logger
    private let now: @Sendable () -> Date

    public var backendName: String { "s3" }

    /// - Parameters:
    ///   - keyPrefix: folders in front of every key (`kilroy/`), after the location's own prefix.
    ///   - httpClient: the client to send with; the process-wide `HTTPClient.shared` by default.
    ///   - maximumBlobSize: the cap on what is stored or read (64 MiB by default; photos are
    ///     capped lower by their validation).
    ///   - timeout: the limit on one operation, body included.
    ///   - now: the clock requests are signed with.
    /// - Throws: ``S3ConfigurationError`` for a key prefix that is not valid or a limit ≤ 0.
    public init(
        location: S3Location, credentials: S3Credentials, keyPrefix: String = "", httpClient: HTTPClient = .shared,
        maximumBlobSize: Int = 64 << 20, timeout: Duration = .seconds(30), logger: Logger, now: @escaping @Sendable () -> Date = Date.init
    ) throws(S3ConfigurationError) {
        guard maximumBlobSize > 0 else { throw .invalidLimit(name: "maximum blob size") }
        guard timeout > .zero else { throw .invalidLimit(name: "timeout") }
        self.location = location
        self.objectKeyPrefix = location.keyPrefix + (try S3Location.normalizedPrefix(keyPrefix))
        self.maximumBlobSize = maximumBlobSize
        self.timeout = timeout
        self.signer = SigV4Signer(credentials: credentials, region: location.region)
        self.httpClient = httpClient
        self.logger = logger
        self.now = now
    }

    /// The object key of `cid`.
    public func objectKey(for cid: String) -> String {
        objectKeyPrefix + cid
    }

    /// Stores `data` under its CID. The same bytes again are simply written again: S3 has no
    /// conditional "write if different", and a second PUT of identical bytes is harmless and
    /// replaces a damaged copy, where a HEAD first would cost a round trip and repair nothing.
    ///
    /// - Throws: ``S3StorageError/tooLarge(operation:limit:)`` past the cap (nothing is sent), or
    ///   another ``S3StorageError`` when the server refuses or cannot be reached.
    @discardableResult
    public func put(_ data: Data) async throws -> String {
        let cid = CID(codec: .raw, hashing: data).string
        try await putObject(data, key: objectKey(for: cid))
        return cid
    }

    /// PUTs `data` under `key` as it is: the one write path (tests also use it to plant an
    /// object whose bytes do not match its name).
    func putObject(_ data: Data, key: String) async throws {
        let operation = S3Operation.put(key: key)
        guard data.count <= maximumBlobSize else { throw S3StorageError.tooLarge(operation: operation, limit: maximumBlobSize) }
        try await perform(
            operation, method: .PUT, path: location.path(forKey: key), body: data,
            extraHeaders: [(name: "content-type", value: "application/octet-stream")]
        ) { response in
            guard (200..<300).contains(response.status.code) else { throw await Self.refusal(operation, response) }
        }
    }

    /// The bytes stored under `cid`, checked against it, or `nil` if there is no such object.
    ///
    /// - Throws: `StorageError.invalidCID` before any request, `StorageError.corruptBlob` when the
    ///   bytes do not hash to `cid`, ``S3StorageError/tooLarge(operation:limit:)`` as soon as the
    ///   announced or received size passes the cap, another ``S3StorageError`` otherwise.
    public func get(_ cid: String) async throws -> Data? {
        try Self.checkCID(cid)
        let operation = S3Operation.get(key: objectKey(for: cid))
        let limit = maximumBlobSize
        let body: Data? = try await perform(operation, method: .GET, path: location.path(forKey: objectKey(for: cid))) { response in
            if response.status == .notFound {
                let refusal = await Self.refusal(operation, response)
                // A missing bucket is a misconfiguration, not a missing blob.
                if case .refused(_, _, let code?, _) = refusal, code != "NoSuchKey" { throw refusal }
                return nil
            }
            guard response.status == .ok else { throw await Self.refusal(operation, response) }
            if let announced = response.headers.first(name: "content-length").flatMap(Int.init), announced > limit {
                throw S3StorageError.tooLarge(operation: operation, limit: limit)
            }
            var received = ByteBuffer()
            for try await chunk in response.body {
                guard chunk.readableBytes <= limit - received.readableBytes else {
                    throw S3StorageError.tooLarge(operation: operation, limit: limit)
                }
                received.writeImmutableBuffer(chunk)
            }
            return Data(received.readableBytesView)
        }
        guard let body else { return nil }
        guard CID(codec: .raw, hashing: body).string == cid else {
            logger.error("s3 blob does not match its cid", metadata: ["s3.key": "\(objectKey(for: cid))"])
            throw StorageError.corruptBlob(cid: cid)
        }
        return body
    }

    /// Whether an object is stored under `cid` (without reading or verifying it).
    ///
    /// - Throws: `StorageError.invalidCID` before any request, or an ``S3StorageError``.
    public func contains(_ cid: String) async throws -> Bool {
        try Self.checkCID(cid)
        let operation = S3Operation.head(key: objectKey(for: cid))
        return try await perform(operation, method: .HEAD, path: location.path(forKey: objectKey(for: cid))) { response in
            switch response.status.code {
            case 200..<300: return true
            case 404: return false
            default: throw await Self.refusal(operation, response)
            }
        }
    }

    /// Removes the object stored under `cid`; `false` if there was none. S3 answers a DELETE with
    /// 204 whether or not the object existed, so a HEAD asks first.
    ///
    /// - Throws: `StorageError.invalidCID` before any request, or an ``S3StorageError``.
    @discardableResult
    public func delete(_ cid: String) async throws -> Bool {
        guard try await contains(cid) else { return false }
        let operation = S3Operation.delete(key: objectKey(for: cid))
        try await perform(operation, method: .DELETE, path: location.path(forKey: objectKey(for: cid))) { response in
            guard (200..<300).contains(response.status.code) else { throw await Self.refusal(operation, response) }
        }
        return true
    }

    /// HEADs the bucket: throws when the server is down, the bucket is missing or the key is refused.
    public func checkHealth() async throws {
        let operation = S3Operation.checkBucket(bucket: location.bucket)
        try await perform(operation, method: .HEAD, path: location.bucketPath) { response in
            guard (200..<300).contains(response.status.code) else { throw await Self.refusal(operation, response) }
        }
    }

    // MARK: Requests

    /// Signs and sends one request, then hands the response to `handle` while the timeout still
    /// runs, so a server that trickles a body is cut off too (AsyncHTTPClient's own deadline ends
    /// when the response head arrives).
    private func perform<Result: Sendable>(
        _ operation: S3Operation, method: HTTPMethod, path: String, body: Data? = nil, extraHeaders: [(name: String, value: String)] = [],
        _ handle: @escaping @Sendable (HTTPClientResponse) async throws -> Result
    ) async throws -> Result {
        let payloadHash = body.map { SigV4Signer.payloadHash($0) } ?? SigV4Signer.emptyPayloadHash
        let signature = signer.sign(
            method: method.rawValue, host: location.host, path: path, headers: extraHeaders, payloadHash: payloadHash, date: now())
        var request = HTTPClientRequest(url: location.url(forPath: path))
        request.method = method
        for header in signature.headers {
            request.headers.add(name: header.name, value: header.value)
        }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let prepared = request
        let client = httpClient
        let logger = logger
        let timeout = timeout
        let started = ContinuousClock.now
        let result = try await Self.withTimeout(timeout, operation) {
            let response: HTTPClientResponse
            do {
                // A little before the overall timer: a connection still being refused then ends in
                // AsyncHTTPClient's own error, which says why, rather than in a race with the timer.
                response = try await client.execute(
                    prepared, timeout: Self.timeAmount(timeout - min(timeout / 10, .milliseconds(100))), logger: logger)
            } catch let error as HTTPClientError where error == .deadlineExceeded {
                throw S3StorageError.timedOut(operation: operation, seconds: Self.seconds(timeout))
            } catch let error as HTTPClientError where error == .cancelled {
                throw CancellationError()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw S3StorageError.unreachable(operation: operation, reason: String(describing: error))
            }
            return try await handle(response)
        }
        logger.debug(
            "s3 request done",
            metadata: ["s3.operation": "\(operation.name)", "s3.seconds": "\(Self.seconds(ContinuousClock.now - started))"])
        return result
    }

    private static func refusal(_ operation: S3Operation, _ response: HTTPClientResponse) async -> S3StorageError {
        // A HEAD answer has no body; anything else is read up to a small cap and parsed.
        let body = (try? await response.body.collect(upTo: S3ErrorResponse.maximumBodySize)).map { Array($0.readableBytesView) } ?? []
        let parsed = S3ErrorResponse(body: body)
        return .refused(operation: operation, status: Int(response.status.code), code: parsed.code, message: parsed.message)
    }

    /// Runs `body`, failing with ``S3StorageError/timedOut(operation:seconds:)`` after `timeout`.
    ///
    /// When the time is up the body's task is cancelled, which makes AsyncHTTPClient drop the
    /// request. A request still waiting for a connection (AsyncHTTPClient retries a refused one
    /// until the deadline) then fails with the last connection error, and that error, "could not
    /// be reached: connection refused", tells an operator more than "no answer", so it wins.
    private static func withTimeout<Result: Sendable>(
        _ timeout: Duration, _ operation: S3Operation, _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: TimedOutcome<Result>.self) { group in
            group.addTask { .finished(try await body()) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return .timedOut
            }
            defer { group.cancelAll() }
            guard case .finished(let result)? = try await group.next() else {
                group.cancelAll()
                do {
                    if case .finished(let result)? = try await group.next() { return result }
                } catch let error as S3StorageError {
                    if case .unreachable = error { throw error }
                } catch {
                    // Cancelled as asked: the timeout is the answer.
                }
                throw S3StorageError.timedOut(operation: operation, seconds: seconds(timeout))
            }
            return result
        }
    }

    /// Refuses a string that is not a raw-codec CID in canonical base32 before anything is sent,
    /// so no caller-chosen text ever becomes part of a key.
    private static func checkCID(_ cid: String) throws(StorageError) {
        guard BlobStore.isWellFormed(cid) else { throw .invalidCID(cid) }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(min(seconds, Int64.max / 1_000_000_000 - 1) * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Which of an operation and its timer finished first.
private enum TimedOutcome<Result: Sendable>: Sendable {
    case finished(Result)
    case timedOut
}

extension S3BlobStore {
    /// The store an `s3://` URL names, with the key from `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`
    /// and `AWS_SESSION_TOKEN`: what a server's `--blobs s3://…` option and its environment give.
    ///
    /// - Throws: ``S3ConfigurationError`` naming the part of the URL, or the variable, at fault.
    public init(
        url: String, environment: [String: String], keyPrefix: String = "", httpClient: HTTPClient = .shared, logger: Logger
    ) throws(S3ConfigurationError) {
        try self.init(
            location: S3Location(parsing: url), credentials: S3Credentials.fromEnvironment(environment), keyPrefix: keyPrefix,
            httpClient: httpClient, logger: logger)
    }
}
