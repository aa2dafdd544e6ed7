import Foundation
import Geo
import HTTPTypes
import KilroyAPI
import Logging
import Metrics
import Observability
import OpenAPIRuntime
import ServerKit
import Storage

/// The Kilroy API as the generated server code calls it: validates each request, applies the
/// abuse limits and the reciprocity policy, and answers through the store and the blob store.
///
/// Refusals the contract documents for an operation are returned as its typed outputs; any
/// other ``ServerRejection`` is thrown and rendered by ``OpenAPIErrorMiddleware``.
///
/// The calling device is ``DeviceAuthentication/current`` (a credential digest). Nothing here
/// logs it, at any level: a digest is as good as a name for the device in a leaked log.
struct KilroyAPIHandler: APIProtocol {
    let store: any KilroyServerStore
    let blobs: any BlobStorage
    let configuration: KilroyCloudConfiguration
    let logger: Logger
    /// Queues this process's requests for one image before they ask the store for its lease, so
    /// local contenders wait without polling the database.
    let imageLock = KeyedLock()
    /// Refusals are counted into one log line per kind every 10 s, not one line each.
    let refusalLog: SampledLog

    /// Where a client downloads images, relative to the server.
    static let imagePathPrefix = "/kilroy/v1/images/"

    init(store: any KilroyServerStore, blobs: any BlobStorage, configuration: KilroyCloudConfiguration, logger: Logger) {
        self.store = store
        self.blobs = blobs
        self.configuration = configuration
        self.logger = logger
        refusalLog = SampledLog(now: configuration.now)
    }

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        do {
            try await store.checkHealth()
            return .ok(.init(body: .json(.init(status: .ok))))
        } catch {
            logger.error("kilroy store health check failed", metadata: ["error": "\(error)"])
            return .undocumented(statusCode: 503, .init())
        }
    }

    /// Takes a token from `device`'s bucket for `action` in the store (so the limit holds across
    /// server processes), or refuses with 429. No limit configured for `action`, no check.
    func admit(_ device: DeviceDigest, to action: RateLimitedAction) async throws {
        guard let limit = configuration.rateLimit(for: action) else { return }
        let what = action.pluralNoun
        switch try await store.takeRateToken(owner: device, action: action, limit: limit, at: configuration.now()) {
        case .allowed:
            return
        case .limited(let seconds):
            Counter(label: "kilroy_rate_limited_total", dimensions: [("action", action.rawValue)]).increment()
            if let count = refusalLog.record(what) {
                logger.notice("kilroy requests rate limited", metadata: ["kind": "\(what)", "count": "\(count)"])
            }
            throw ServerRejection.rateLimited(retryAfter: seconds, what: what)
        }
    }

    /// A 401 as the contract's typed response (the same body and headers as
    /// ``ServerRejection/response()`` gives it).
    static func unauthorized(_ rejection: ServerRejection) -> Components.Responses.Unauthorized {
        .init(headers: .init(wwwAuthenticate: ServerRejection.kilroyChallenge), body: .json(rejection.apiError))
    }

    /// The contract's view of a stored kilroy for `viewer`: never who dropped it, only whether
    /// the viewer did.
    static func apiKilroy(_ record: KilroyRecord, viewer: DeviceDigest) -> Components.Schemas.Kilroy {
        Components.Schemas.Kilroy(
            id: record.id,
            imageId: record.imageID,
            imageURL: imagePathPrefix + record.imageID,
            latitude: record.coordinate.latitude,
            longitude: record.coordinate.longitude,
            geohash: record.geohash,
            placeName: record.placeName ?? "",
            placeAddress: record.placeAddress,
            comment: record.comment,
            createdAt: record.createdAt,
            isMine: record.owner == viewer
        )
    }

    /// How long an image lease lasts if its holder dies before giving it back.
    static let imageLeaseDuration: TimeInterval = 60
    /// How long a request waits for another's lease on the same image before it gives up.
    static let imageLeasePatience: Duration = .seconds(10)

    /// Runs `body` holding the lease on image `id` (``KilroyServerStore/acquireImageLease(id:holder:at:until:)``):
    /// an upload of some bytes and the deletion or collection of the same bytes never interleave,
    /// whichever server processes they reach, so no row is left without its blob.
    ///
    /// - Throws: a 503 `image_busy` when another holder keeps the lease past the patience.
    func withImageLease<T: Sendable>(_ id: String, _ body: @Sendable () async throws -> T) async throws -> T {
        try await imageLock.withLock(id) {
            let holder = UUID().uuidString
            let deadline = ContinuousClock.now + Self.imageLeasePatience
            var pause = Duration.milliseconds(5)
            while true {
                let now = configuration.now()
                if try await store.acquireImageLease(id: id, holder: holder, at: now, until: now.addingTimeInterval(Self.imageLeaseDuration)) {
                    break
                }
                guard ContinuousClock.now < deadline else {
                    throw ServerRejection(
                        status: .serviceUnavailable, code: "image_busy",
                        message: "This image is being stored or removed by another request; try again in a moment.", field: nil,
                        retryAfter: 1)
                }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(200))
            }
            do {
                let result = try await body()
                try await store.releaseImageLease(id: id, holder: holder)
                return result
            } catch {
                // An unreleased lease only delays others until it expires.
                try? await store.releaseImageLease(id: id, holder: holder)
                throw error
            }
        }
    }
}
