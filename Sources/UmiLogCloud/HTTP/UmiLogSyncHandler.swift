import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import ServerKit
import Storage
import UmiLogAPI

/// The sync contract as the generated server code calls it: checks each request's fields and
/// signatures, applies the abuse limits and answers through the store and the blob storage.
/// Split by area across files (`+Accounts`, `+Devices`, `+Changes`, `+Blobs`).
///
/// Every refusal is a thrown ``ServerRejection``, rendered as the contract's JSON `Error` by
/// ServerKit's `OpenAPIErrorMiddleware` and counted into ``refusalLog`` by its code, never
/// written one line each.
///
/// Nothing here logs what a request carried: no key, signature, wrapped key, salt, sealed byte,
/// blob name or id. Log lines are constant messages whose metadata holds counts and sizes.
struct UmiLogSyncHandler: APIProtocol {
    let store: any UmiLogSyncStore
    let blobs: any BlobStorage
    let configuration: UmiLogSyncConfiguration
    let logger: Logger
    /// Refusals are counted into one log line per code every 10 s, not one line each.
    let refusalLog: SampledLog

    init(store: any UmiLogSyncStore, blobs: any BlobStorage, configuration: UmiLogSyncConfiguration, logger: Logger) {
        self.store = store
        self.blobs = blobs
        self.configuration = configuration
        self.logger = logger
        refusalLog = SampledLog(now: configuration.now)
    }

    var limits: UmiLogSyncConfiguration.Limits { configuration.limits }

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        do {
            try await store.checkHealth()
            return .ok(.init(body: .json(.init(status: .ok))))
        } catch {
            logger.error("umilog store health check failed", metadata: ["error": "\(type(of: error))"])
            return .undocumented(statusCode: 503, .init())
        }
    }

    // MARK: Who is calling

    /// The device that signed the request, after taking a token from its bucket.
    func signedDevice() async throws -> AuthenticatedDevice {
        // Without the middleware no operation is signed: the server's own bug, answered as a 401.
        guard let device = SignedRequestAuthentication.current else {
            throw ServerRejection.missingSignatureHeader(RequestSigning.signatureHeader, expected: "a signature")
        }
        try await admit(SyncValidation.text(device.deviceID), to: .signedRequestByDevice)
        return device
    }

    // MARK: Limits

    /// Takes a token from the bucket of `action` for `subject` in the store (so the limit holds
    /// across server processes), or refuses with 429. No limit configured for `action`, no check.
    func admit(_ subject: String, to action: SyncRateLimitedAction) async throws {
        guard let limit = configuration.rateLimits.limit(for: action) else { return }
        let key = action.rawValue + ":" + subject
        switch try await store.takeRateToken(key: key, limit: limit, at: configuration.now()) {
        case .allowed:
            return
        case .limited(let seconds):
            throw ServerRejection.rateLimited(retryAfter: seconds, what: action.pluralNoun)
        }
    }

    /// The client's address as the rate limits count it, as a digest: the store's buckets hold
    /// no address in the clear. Requests whose address is unknown (a test router, a Unix socket)
    /// share one bucket.
    static var clientAddressKey: String {
        let address = ClientAddress.current?.limitKey ?? "unknown"
        return Hex.encode(Data(SHA256.hash(data: Data("umilog-rate\u{0}\(address)".utf8)).prefix(16)))
    }

    // MARK: Refusals

    /// Runs an operation's `body`, counting any refusal it throws in the sampled log.
    func answering<Output>(_ body: () async throws -> Output) async throws -> Output {
        do {
            return try await body()
        } catch let rejection as ServerRejection {
            throw refused(rejection)
        }
    }

    /// Counts `rejection` in the sampled log (one line per code every 10 s) and returns it.
    @discardableResult
    func refused(_ rejection: ServerRejection) -> ServerRejection {
        if let count = refusalLog.record(rejection.code) {
            logger.notice(
                "umilog requests refused",
                metadata: ["code": "\(rejection.code)", "status": "\(rejection.status.code)", "count": "\(count)"])
        }
        return rejection
    }
}
