import CloudWire
public import Foundation
public import Hummingbird
public import Logging
import Observability
import OpenAPIHummingbird
import OpenAPIRuntime
public import ServerKit
public import Storage
import UmiLogAPI

/// UmiLog's sync server, ready to mount in a Hummingbird router: a diver's account, its devices'
/// public keys, key slots it cannot open, an append-only log of sealed changes and sealed blobs.
/// It holds ciphertext, random ids and public keys only.
///
/// Every request but the health check, account creation, key-slot reads and device registration
/// is signed by the calling device (``SignedRequestAuthentication``); creation and registration
/// carry the account key's signature instead.
///
/// `app-server` opens one with ``open(dataDirectory:configuration:logger:)`` (SQLite and a blob
/// folder) or builds one over a PostgreSQL store and S3 blobs, and calls ``register(on:)``.
public struct UmiLogSyncServer: AppCloud {
    /// Where the server is mounted.
    public static let basePath = "/umilog/v1"

    /// How the generated code reads and writes dates and JSON (the same as every cloud's).
    static let openAPIConfiguration = Configuration(
        dateTranscoder: LenientISO8601DateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    /// The server's name in paths and in `/health`.
    public var name: String { "umilog" }

    let handler: UmiLogSyncHandler
    private let reporter: ErrorReporter

    /// - Parameters:
    ///   - store: accounts, devices, key slots, the change log, blob names, rate buckets.
    ///   - blobs: sealed profiles' bytes, stored once under their content identifier.
    ///   - configuration: the clock, limits, rate limits and trusted proxies.
    ///   - logger: where requests and failures are logged; the server's composition root makes it.
    public init(store: any UmiLogSyncStore, blobs: any BlobStorage, configuration: UmiLogSyncConfiguration, logger: Logger) {
        handler = UmiLogSyncHandler(store: store, blobs: blobs, configuration: configuration, logger: logger)
        reporter = ErrorReporter(logger: logger)
    }

    /// Opens the server's data in `dataDirectory`: the SQLite file `umilog-sync.sqlite` and the
    /// blobs in `blobs/umilog/`, created on first use.
    ///
    /// - Throws: `StorageError` naming the file or folder that could not be opened.
    public static func open(dataDirectory: URL, configuration: UmiLogSyncConfiguration, logger: Logger) throws(StorageError)
        -> UmiLogSyncServer
    {
        let store = try SQLiteSyncStore.open(at: dataDirectory.appendingPathComponent("umilog-sync.sqlite"))
        let blobs = try BlobStore(
            directory: dataDirectory.appendingPathComponent("blobs", isDirectory: true).appendingPathComponent("umilog", isDirectory: true))
        return UmiLogSyncServer(store: store, blobs: blobs, configuration: configuration, logger: logger)
    }

    /// Adds the API under ``basePath`` to `router`, with its OpenAPI document at
    /// `/umilog/v1/openapi.yaml` (`application/yaml`). Every refusal, including requests the
    /// generated code cannot read, is answered with the contract's JSON `Error`; every response
    /// says `X-Content-Type-Options: nosniff`.
    public func register<Context: RequestContext>(on router: Router<Context>) throws {
        let configuration = handler.configuration
        let reporter = self.reporter
        let handler = self.handler
        let group = router.group(RouterPath(Self.basePath))
            .add(middleware: NoSniffMiddleware<Context>())
            .add(
                middleware: OpenAPIErrorMiddleware<Context>(
                    apiName: "the UmiLog sync API", bodyContentTypes: [Operations.PutBlob.id: "application/octet-stream"],
                    byteFields: Self.byteFields, requestRejection: Self.requestRejection(for:),
                    report: { error in reporter.captureError(error, reason: "umilog request") })
            )
            .add(middleware: ClientAddressMiddleware<Context>(trustedProxies: configuration.trustedProxies))
            // 4 MiB: a push of 500 changes; blobs stream to their own route against their own limit.
            .add(
                middleware: RequestBodyLimitMiddleware<Context>(
                    maximumBytes: configuration.limits.maximumJSONBodyBytes,
                    reason: "push fewer changes at a time; sealed profiles go to /blobs.", isExempt: Self.isBlobUpload))
        group.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        let authentication = SignedRequestAuthentication(
            store: handler.store, now: configuration.now, basePath: Self.basePath,
            maximumJSONBodyBytes: configuration.limits.maximumJSONBodyBytes, maximumBlobBytes: configuration.limits.maximumBlobBytes,
            refused: { handler.refused($0) })
        // Every other method on a served path is a 405 with Allow, not a 404.
        let methods = AllowedMethods()
        methods.record(.get, path: "/openapi.yaml")
        try handler.registerHandlers(
            on: RecordingTransport(group, recordingInto: methods), configuration: Self.openAPIConfiguration,
            middlewares: [authentication])
        methods.registerRefusals(on: group)
    }

    /// Whether `request` uploads a blob, whose body streams against the blob limit instead of
    /// the JSON one.
    @Sendable static func isBlobUpload(_ request: Request) -> Bool {
        let path = request.uri.path
        return request.method == .put && path.hasPrefix(basePath + "/accounts/") && path.contains("/blobs/")
    }

    /// The one `format: byte` field of an operation's JSON body, for refusals of bytes that are no
    /// base64 (operations with several leave the field unnamed).
    static let byteFields = [Operations.PushChanges.id: "sealed"]

    /// What only this server knows about a request its generated code could not read: a pull's
    /// query numbers are `after` and `limit`, named by the refusal (the decoder's error names
    /// neither), each a whole number by JSON's grammar.
    static func requestRejection(for error: OpenAPIRuntime.ServerError) -> ServerRejection? {
        guard error.operationID == Operations.PullChanges.id, error.httpStatus != .unsupportedMediaType else { return nil }
        let query = URLComponents(string: error.request.path ?? "")?.queryItems ?? []
        for item in query {
            let isNumber = item.value.map { StrictNumber.isValid($0, integer: true) && Int64($0) != nil } ?? false
            switch item.name {
            case "after" where !isNumber: return .invalidAfter
            case "limit" where !isNumber: return .invalidLimit
            default: continue
            }
        }
        return nil
    }

    /// Whether the store and the blobs answer, for the server's `/health`. A failure is logged
    /// here (the report itself says only which backend is down).
    public func health() async -> CloudHealth {
        let store = handler.store
        let blobs = handler.blobs
        // Both at once: each may take its whole bound when its backend is down.
        async let storeHealth = check(store.backendName, reason: "umilog store health check") { try await store.checkHealth() }
        async let blobHealth = check(blobs.backendName, reason: "umilog blob store health check") { try await blobs.checkHealth() }
        return CloudHealth(store: await storeHealth, blobs: await blobHealth)
    }

    /// One backend's health (bounded in time by its kind), its failure reported under `reason`.
    private func check(_ backend: String, reason: String, _ body: @escaping @Sendable () async throws -> Void) async -> BackendHealth {
        let reporter = self.reporter
        return await BackendHealth.checkingBackend(backend) {
            do {
                try await body()
            } catch {
                reporter.captureError(error, reason: reason)
                throw error
            }
        }
    }
}
