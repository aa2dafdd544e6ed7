import BudsAPI
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import ServerKit
import Storage

/// The relay's API as the generated server code calls it: checks each request (shapes, the
/// signatures of what devices signed, membership, versions), applies the abuse limits, and
/// answers through the store, the blob store, the SMS sender and the push sender. Split by area
/// across files (`+SignIn`, `+Devices`, `+Links`, `+Circles`, `+Envelopes`, `+Blobs`).
///
/// Refusals the contract documents for an operation are returned as its typed outputs; any
/// other ``ServerRejection`` is thrown and rendered by ServerKit's `OpenAPIErrorMiddleware`.
/// Every refusal is counted into ``refusalLog`` by its code, never written one line each.
///
/// Nothing here logs what a request carried: no phone number, code, credential or its digest,
/// link token, invitation id, or envelope byte. Log lines are constant messages whose metadata
/// holds counts and kinds.
struct BudsRelayHandler: APIProtocol {
    let store: any BudsRelayStore
    let blobs: any BlobStorage
    let sms: any SMSSender
    let push: any PushSender
    let configuration: BudsRelayConfiguration
    let logger: Logger
    /// Refusals are counted into one log line per code every 10 s, not one line each.
    let refusalLog: SampledLog

    init(
        store: any BudsRelayStore, blobs: any BlobStorage, sms: any SMSSender, push: any PushSender,
        configuration: BudsRelayConfiguration, logger: Logger
    ) {
        self.store = store
        self.blobs = blobs
        self.sms = sms
        self.push = push
        self.configuration = configuration
        self.logger = logger
        refusalLog = SampledLog(now: configuration.now)
    }

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        do {
            try await store.checkHealth()
            return .ok(.init(body: .json(.init(status: .ok))))
        } catch {
            logger.error("buds store health check failed", metadata: ["error": "\(error)"])
            return .undocumented(statusCode: 503, .init())
        }
    }

    // MARK: Who is calling

    /// The registered device holding the request's credential, or a 403 `unregistered_device`.
    func registeredDevice() async throws -> RelayDevice {
        let credential = try RelayAuthentication.requireCredential()
        guard let device = try await store.device(credential: credential) else { throw ServerRejection.unregisteredDevice }
        return device
    }

    // MARK: Limits

    /// Takes a token from the bucket of `action` for `subject` in the store (so the limit holds
    /// across relay processes), or refuses with 429. No limit configured for `action`, no check.
    ///
    /// The bucket's key is a MAC of the subject under the relay's key: the store keeps no client
    /// address, phone digest or device id in the clear in its buckets.
    func admit(_ subject: String, to action: RelayRateLimitedAction) async throws {
        guard let limit = configuration.rateLimit(for: action) else { return }
        let key = action.rawValue + ":" + Self.bucketKey(subject, key: configuration.key)
        switch try await store.takeRateToken(key: key, limit: limit, at: configuration.now()) {
        case .allowed:
            return
        case .limited(let seconds):
            throw ServerRejection.rateLimited(retryAfter: seconds, what: action.pluralNoun)
        }
    }

    /// The client's address as the rate limits count it; requests whose address is unknown (a
    /// test router, a Unix socket) share one bucket.
    static var clientAddressKey: String {
        ClientAddress.current?.limitKey ?? "unknown"
    }

    static func bucketKey(_ subject: String, key: SymmetricKey) -> String {
        Hex.encode(HMAC<SHA256>.authenticationCode(for: Data("rate\u{0}\(subject)".utf8), using: key).prefix(16))
    }

    // MARK: Refusals

    /// Counts `rejection` in the sampled log (one line per code every 10 s) and returns it, for
    /// the typed answer that follows.
    @discardableResult
    func refused(_ rejection: ServerRejection) -> ServerRejection {
        if let count = refusalLog.record(rejection.code) {
            logger.notice(
                "buds requests refused", metadata: ["code": "\(rejection.code)", "status": "\(rejection.status.code)", "count": "\(count)"])
        }
        return rejection
    }
}
