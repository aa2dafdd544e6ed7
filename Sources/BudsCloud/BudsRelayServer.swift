import BudsAPI
import CloudWire
public import Foundation
public import Hummingbird
public import Logging
import Observability
import OpenAPIHummingbird
import OpenAPIRuntime
public import ServerKit
public import Storage

/// The Buds relay, ready to mount in a Hummingbird router: phone sign-in, devices and their
/// signed lists, link channels for adding a device, circles (owner-signed rosters, invitations,
/// join requests), per-device queues of sealed envelopes and encrypted photo blobs. It holds
/// ciphertext and public keys only, and checks every signature it can without a key.
///
/// Devices authenticate with a bearer credential (``RelayAuthentication``) that the relay keeps
/// only as a digest; phone numbers leave it only through the ``SMSSender``, wake-ups only
/// through the ``PushSender`` with a constant payload.
///
/// `app-server` opens one with ``open(dataDirectory:configuration:sms:push:logger:)``, calls
/// ``register(on:)`` and runs ``purgeExpired()`` from time to time; tests build one over a
/// store in a temporary folder.
public struct BudsRelayServer: AppCloud {
    /// Where the relay is mounted.
    public static let basePath = "/buds/v1"

    /// How the generated code reads and writes dates and JSON (the same as every cloud's).
    static let openAPIConfiguration = Configuration(
        dateTranscoder: LenientISO8601DateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    /// The relay's name in paths and in `/health`.
    public var name: String { "buds" }

    let handler: BudsRelayHandler
    private let reporter: ErrorReporter

    /// - Parameters:
    ///   - store: sign-in state, accounts and devices, link channels, circles, queues.
    ///   - blobs: encrypted photos, stored once under their content identifier.
    ///   - sms: where sign-in codes are texted.
    ///   - push: where devices are woken when an envelope is queued for them.
    ///   - configuration: the relay's key, rules, clock and limits.
    ///   - logger: where requests and failures are logged; the server's composition root makes
    ///     it, so its label and handler are chosen in one place.
    public init(
        store: any BudsRelayStore, blobs: any BlobStorage, sms: any SMSSender, push: any PushSender,
        configuration: BudsRelayConfiguration, logger: Logger
    ) {
        handler = BudsRelayHandler(store: store, blobs: blobs, sms: sms, push: push, configuration: configuration, logger: logger)
        reporter = ErrorReporter(logger: logger)
    }

    /// Opens the relay's data in `dataDirectory`: the SQLite file `buds.sqlite` and the photos in
    /// `blobs/buds/`, created on first use.
    ///
    /// - Throws: `StorageError` naming the file or folder that could not be opened.
    public static func open(
        dataDirectory: URL, configuration: BudsRelayConfiguration, sms: any SMSSender, push: any PushSender, logger: Logger
    ) throws(StorageError) -> BudsRelayServer {
        let store = try SQLiteRelayStore.open(at: dataDirectory.appendingPathComponent("buds.sqlite"))
        let blobs = try BlobStore(
            directory: dataDirectory.appendingPathComponent("blobs", isDirectory: true).appendingPathComponent("buds", isDirectory: true))
        return BudsRelayServer(store: store, blobs: blobs, sms: sms, push: push, configuration: configuration, logger: logger)
    }

    /// Adds the relay's API under ``basePath`` to `router`, with its OpenAPI document at
    /// `/buds/v1/openapi.yaml` (`application/yaml`). Every refusal, including requests the
    /// generated code cannot read, is answered with the contract's JSON `Error`; every response
    /// says `X-Content-Type-Options: nosniff`.
    public func register<Context: RequestContext>(on router: Router<Context>) throws {
        let configuration = handler.configuration
        let blobsPath = Self.basePath + "/blobs/"
        let reporter = self.reporter
        let group = router.group(RouterPath(Self.basePath))
            .add(middleware: NoSniffMiddleware<Context>())
            .add(
                middleware: OpenAPIErrorMiddleware<Context>(
                    apiName: "the Buds relay API", bodyContentTypes: [Operations.PutBlob.id: "application/octet-stream"],
                    byteFields: Self.byteFields, requestRejection: Self.requestRejection(for:),
                    report: { error in reporter.captureError(error, reason: "buds request") })
            )
            .add(middleware: ClientAddressMiddleware<Context>(trustedProxies: configuration.trustedProxies))
            .add(
                middleware: StrictQueryNumbersMiddleware<Context>(
                    path: Self.basePath + "/inbox", parameters: [QueryNumberRule("limit", integer: true, rejection: RelayValidation.invalidLimit)])
            )
            // 160 KiB: an envelope's 96 KiB in base64 and then some; photos stream to /blobs against their own limit.
            .add(
                middleware: RequestBodyLimitMiddleware<Context>(
                    maximumBytes: configuration.maximumJSONBodyBytes, reason: "an envelope is at most 96 KiB; photos go to /blobs.",
                    isExempt: { $0.method == .put && $0.uri.path.hasPrefix(blobsPath) }))
        group.get("openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        // Every other method on a served path is a 405 with Allow, not a 404.
        let methods = AllowedMethods()
        methods.record(.get, path: "/openapi.yaml")
        try handler.registerHandlers(
            on: RecordingTransport(group, recordingInto: methods), configuration: Self.openAPIConfiguration,
            middlewares: [RelayAuthentication.middleware])
        methods.registerRefusals(on: group)
    }

    /// The `format: byte` field of each operation's JSON body, for refusals of bytes that are no
    /// base64.
    static let byteFields = [
        Operations.VerifySignIn.id: "deviceList", Operations.RegisterLinkedDevice.id: "deviceList",
        Operations.PutDeviceList.id: "deviceList", Operations.FillLink.id: "sealed", Operations.PutRoster.id: "roster",
        Operations.JoinCircle.id: "request", Operations.SendEnvelope.id: "envelope",
    ]

    /// What only the relay knows about a request its generated code could not read: the inbox's
    /// one query parameter is its limit (a number too large for the decoder).
    static func requestRejection(for error: OpenAPIRuntime.ServerError) -> ServerRejection? {
        error.operationID == Operations.GetInbox.id && error.httpStatus != .unsupportedMediaType ? RelayValidation.invalidLimit : nil
    }

    /// Whether the store and the blobs answer, for the server's `/health`. A failure is logged
    /// here (the report itself says only which backend is down).
    public func health() async -> CloudHealth {
        let store = handler.store
        let blobs = handler.blobs
        // Both at once: each may take its whole bound when its backend is down.
        async let storeHealth = check(store.backendName, reason: "buds store health check") { try await store.checkHealth() }
        async let blobHealth = check(blobs.backendName, reason: "buds blob store health check") { try await blobs.checkHealth() }
        return CloudHealth(store: await storeHealth, blobs: await blobHealth)
    }

    /// Deletes what the relay no longer needs: queued envelopes and sent envelopes' ids older
    /// than the retention, closed or expired link channels, invitations and join requests, and
    /// idle sign-in sessions. `app-server`'s housekeeping calls it every few minutes; a failure
    /// is reported and the next run tries again.
    public func purgeExpired() async {
        let configuration = handler.configuration
        let now = configuration.now()
        do {
            let removed = try await handler.store.purge(
                before: now.addingTimeInterval(-configuration.retention),
                signInsIdleSince: now.addingTimeInterval(-configuration.signIn.sessionIdleLifetime))
            if removed > 0 {
                handler.logger.info("buds expired envelopes purged", metadata: ["count": "\(removed)"])
            }
        } catch {
            reporter.captureError(error, reason: "buds purge")
        }
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
