import Foundation
import Geo
import Hummingbird
import HummingbirdTesting
import KilroyAPI
import Logging
import ServerKit
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// A store whose every call fails, as a database on a full or vanished disk would.
struct FailingStore: KilroyServerStore {
    struct Failure: Error {}

    var backendName: String { "failing" }

    func checkHealth() async throws { throw Failure() }
    func performMaintenance() async throws { throw Failure() }
    func image(id: String) async throws -> StoredImageRecord? { throw Failure() }
    func insertImage(_ image: StoredImageRecord) async throws -> Bool { throw Failure() }
    func reserveUpload(owner: DeviceDigest, byteCount: Int, at date: Date, quota: UploadQuota) async throws
        -> UploadReservation
    { throw Failure() }
    func orphanedImages(uploadedBefore date: Date, limit: Int) async throws -> [String] { throw Failure() }
    func deleteOrphanedImage(id: String, uploadedBefore date: Date) async throws -> Bool { throw Failure() }
    func createKilroy(_ kilroy: KilroyRecord) async throws -> KilroyCreation { throw Failure() }
    func kilroy(id: String) async throws -> KilroyRecord? { throw Failure() }
    func deleteKilroy(id: String, owner: DeviceDigest) async throws -> KilroyDeletion { throw Failure() }
    func reportKilroy(
        id: String, reporter: DeviceDigest, reason: String?, at date: Date, hideThreshold: Int, policy: ReciprocityPolicy
    ) async throws -> KilroyReporting { throw Failure() }
    func dropCount(owner: DeviceDigest) async throws -> Int { throw Failure() }
    func visibility(for viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double)
        async throws -> KilroyVisibility
    { throw Failure() }
    func claimLegacyDevice(legacy: DeviceDigest, by claimant: DeviceDigest, at date: Date) async throws
        -> LegacyClaimOutcome
    { throw Failure() }
    func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult { throw Failure() }
    func dropLocations(owner: DeviceDigest, center: Coordinate, radius: Double) async throws -> [Coordinate] {
        throw Failure()
    }
    func acquireImageLease(id: String, holder: String, at date: Date, until expiry: Date) async throws -> Bool { throw Failure() }
    func releaseImageLease(id: String, holder: String) async throws { throw Failure() }
    func takeRateToken(owner: DeviceDigest, action: RateLimitedAction, limit: RateLimit, at date: Date) async throws
        -> RateDecision
    { throw Failure() }
}

@Suite("When the store fails")
struct StoreFailureTests {
    @Test("requests get a JSON 500 that reveals nothing, health a 503, and no blob row is left behind")
    func failuresAreContained() async throws {
        let blobs = try BlobStore(
            directory: ScratchFolder.url("kilroy-failing"))
        defer { try? FileManager.default.removeItem(at: blobs.directory) }
        let service = KilroyCloudServer(store: FailingStore(), blobs: blobs, logger: .quiet)
        #expect(
            await service.health()
                == CloudHealth(store: BackendHealth(backend: "failing", isAvailable: false), blobs: BackendHealth(backend: "file", isAvailable: true))
        )
        let router = Router()
        try service.register(on: router)
        try await Application(router: router, logger: .quiet).test(.router) { client in
            let kilroys = KilroyClient(client: client)
            let near = try await kilroys.near(lat: 1, lon: 2)
            #expect(near.status == .internalServerError)
            #expect(near.error?.code == "internal_error")
            #expect(near.error?.message.contains("Failure") == false)
            let upload = try await kilroys.upload(SampleImages.jpeg())
            #expect(upload.status == .internalServerError)
            #expect(upload.error?.code == "internal_error")
            let health = try await kilroys.send(.get, "/health")
            #expect(health.status == .serviceUnavailable)
            // Validation still answers first: a bad request is a 400 even with the store down.
            #expect(try await kilroys.near(lat: 100, lon: 2).status == .badRequest)
        }
    }
}
