import CloudWire
public import Foundation
public import Hummingbird
import KilroyAPI
public import Logging
import Observability
import OpenAPIHummingbird
import OpenAPIRuntime
public import ServerKit
public import Storage

/// The server side of the Kilroy cloud, ready to mount in a Hummingbird router (the device's
/// side is KilroyCore's `KilroyCloudClient`): shared photo drops, found again by
/// anyone nearby (subject to the reciprocity policy), with per-device abuse limits. Devices
/// authenticate with a bearer credential (``DeviceAuthentication``) that the cloud stores only
/// as a digest and never sends back.
///
/// `app-server` opens one with ``open(dataDirectory:configuration:logger:)`` and calls
/// ``register(on:)``; tests build one over an in-memory store.
public struct KilroyCloudServer: AppCloud {
    /// Where the cloud is mounted.
    public static let basePath = "/kilroy/v1"

    /// The largest JSON request body the cloud reads.
    public static let maximumJSONBodyBytes = 64 * 1024

    /// How the generated code reads and writes dates and JSON; ``NearbyKilroysJSON`` writes the
    /// same bytes with the same date transcoder.
    static let openAPIConfiguration = Configuration(
        dateTranscoder: LenientISO8601DateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    /// The cloud's name in paths and in `/health`.
    public var name: String { "kilroy" }

    private let handler: KilroyAPIHandler
    private let reporter: ErrorReporter

    /// - Parameters:
    ///   - store: kilroys, image metadata, reports and drop counts.
    ///   - blobs: the photos' bytes, stored once under their content identifier.
    ///   - logger: where requests and failures are logged; the server's composition root makes
    ///     it, so its label and handler are chosen in one place.
    public init(
        store: any KilroyServerStore, blobs: any BlobStorage, configuration: KilroyCloudConfiguration = .init(),
        logger: Logger
    ) {
        handler = KilroyAPIHandler(store: MeasuredKilroyStore(store), blobs: blobs, configuration: configuration, logger: logger)
        reporter = ErrorReporter(logger: logger)
    }

    /// Opens the cloud's data in `dataDirectory`: the SQLite file `kilroy.sqlite` and the photos
    /// in `blobs/kilroy/`, created on first use.
    ///
    /// - Throws: `StorageError` naming the file or folder that could not be opened.
    public static func open(
        dataDirectory: URL, configuration: KilroyCloudConfiguration = .init(), logger: Logger
    ) throws(StorageError) -> KilroyCloudServer {
        let store = try SQLiteKilroyStore.open(at: dataDirectory.appendingPathComponent("kilroy.sqlite"))
        let blobs = try BlobStore(
            directory: dataDirectory.appendingPathComponent("blobs", isDirectory: true)
                .appendingPathComponent("kilroy", isDirectory: true))
        return KilroyCloudServer(store: store, blobs: blobs, configuration: configuration, logger: logger)
    }

    /// Adds the Kilroy API under ``basePath`` to `router`, with its OpenAPI document at
    /// `/kilroy/v1/openapi.yaml` (`application/yaml`). Every refusal, including requests the
    /// generated code cannot read, is answered with the contract's JSON `Error`; every response
    /// says `X-Content-Type-Options: nosniff`.
    public func register<Context: RequestContext>(on router: Router<Context>) throws {
        let imagesPath = Self.basePath + "/images"
        let group = router.group(RouterPath(Self.basePath))
            .add(middleware: NoSniffMiddleware<Context>())
            .add(
                middleware: OpenAPIErrorMiddleware<Context>(
                    apiName: "the Kilroy API", bodyContentTypes: KilroyRequestRejection.bodyContentTypes,
                    requestRejection: KilroyRequestRejection.rejection(for:),
                    report: { [reporter] error in reporter.captureError(error, reason: "kilroy request") })
            )
            .add(
                middleware: StrictQueryNumbersMiddleware<Context>(
                    path: Self.basePath + "/kilroys/near", parameters: RequestValidation.nearQueryNumbers)
            )
            // 64 KiB, far above any valid kilroy or report; uploads stream against the image limit.
            .add(
                middleware: RequestBodyLimitMiddleware<Context>(
                    maximumBytes: Self.maximumJSONBodyBytes, reason: "a kilroy or a report is far smaller.",
                    isExempt: { $0.method == .post && $0.uri.path == imagesPath }))
        group.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        // Every other method on a served path is a 405 with Allow, not a 404.
        let methods = AllowedMethods()
        methods.record(.get, path: "/openapi.yaml")
        try handler.registerHandlers(
            on: RecordingTransport(group, recordingInto: methods),
            configuration: Self.openAPIConfiguration,
            middlewares: [DeviceAuthentication.middleware, PrerenderedJSONMiddleware(operationIDs: [Operations.FindNearbyKilroys.id])])
        methods.registerRefusals(on: group)
    }

    /// Removes every upload that no kilroy has used for the grace period (rows and blobs); the
    /// server calls it at start-up, and each upload collects a few more. Returns how many went.
    @discardableResult
    public func collectOrphanedUploads() async -> Int {
        var total = 0
        while true {
            let removed = await handler.collectOrphanedUploads(limit: 256)
            total += removed
            if removed < 256 { return total }
        }
    }

    /// Whether the store and the blobs answer (asked at once), for the server's `/health`. A
    /// failure is logged here (the report itself says only which backend is down).
    public func health() async -> CloudHealth {
        async let store = check(handler.store.backendName, reason: "kilroy store health check") { try await handler.store.checkHealth() }
        async let blobs = check(handler.blobs.backendName, reason: "kilroy blob store health check") {
            try await handler.blobs.checkHealth()
        }
        return CloudHealth(store: await store, blobs: await blobs)
    }

    /// One backend's health (bounded in time by its kind), its failure reported under `reason`.
    private func check(_ backend: String, reason: String, _ body: @escaping @Sendable () async throws -> Void) async -> BackendHealth {
        await BackendHealth.checkingBackend(backend) {
            do {
                try await body()
            } catch {
                reporter.captureError(error, reason: reason)
                throw error
            }
        }
    }
}
