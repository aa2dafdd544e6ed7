public import Foundation
public import Geo
import Metrics
public import ServerKit

/// A ``KilroyServerStore`` that times every call of the store it wraps into the
/// `kilroy_store_duration_seconds` histogram, by operation and outcome, so `/metrics` shows which
/// queries slow a server down whichever database is behind it. ``KilroyCloudServer`` wraps its
/// store in one.
public struct MeasuredKilroyStore: KilroyServerStore {
    /// The store that does the work.
    public let base: any KilroyServerStore

    public init(_ base: any KilroyServerStore) {
        self.base = base
    }

    /// Runs `body`, recording its duration under `operation` (`ok` or `error`).
    private func measured<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        var outcome = "error"
        defer {
            Timer(label: "kilroy_store_duration_seconds", dimensions: [("operation", operation), ("outcome", outcome)])
                .recordNanoseconds(Int64((ContinuousClock.now - start) / .nanoseconds(1)))
        }
        let result = try await body()
        outcome = "ok"
        return result
    }

    public var backendName: String { base.backendName }

    public func checkHealth() async throws {
        try await measured("check_health") { try await base.checkHealth() }
    }

    public func performMaintenance() async throws {
        try await measured("maintenance") { try await base.performMaintenance() }
    }

    public func image(id: String) async throws -> StoredImageRecord? {
        try await measured("image") { try await base.image(id: id) }
    }

    public func insertImage(_ image: StoredImageRecord) async throws -> Bool {
        try await measured("insert_image") { try await base.insertImage(image) }
    }

    public func reserveUpload(owner: DeviceDigest, byteCount: Int, at date: Date, quota: UploadQuota) async throws
        -> UploadReservation
    {
        try await measured("reserve_upload") { try await base.reserveUpload(owner: owner, byteCount: byteCount, at: date, quota: quota) }
    }

    public func orphanedImages(uploadedBefore date: Date, limit: Int) async throws -> [String] {
        try await measured("orphaned_images") { try await base.orphanedImages(uploadedBefore: date, limit: limit) }
    }

    public func deleteOrphanedImage(id: String, uploadedBefore date: Date) async throws -> Bool {
        try await measured("delete_orphaned_image") { try await base.deleteOrphanedImage(id: id, uploadedBefore: date) }
    }

    public func createKilroy(_ kilroy: KilroyRecord) async throws -> KilroyCreation {
        try await measured("create_kilroy") { try await base.createKilroy(kilroy) }
    }

    public func kilroy(id: String) async throws -> KilroyRecord? {
        try await measured("kilroy") { try await base.kilroy(id: id) }
    }

    public func deleteKilroy(id: String, owner: DeviceDigest) async throws -> KilroyDeletion {
        try await measured("delete_kilroy") { try await base.deleteKilroy(id: id, owner: owner) }
    }

    public func reportKilroy(
        id: String, reporter: DeviceDigest, reason: String?, at date: Date, hideThreshold: Int, policy: ReciprocityPolicy
    ) async throws -> KilroyReporting {
        try await measured("report_kilroy") {
            try await base.reportKilroy(id: id, reporter: reporter, reason: reason, at: date, hideThreshold: hideThreshold, policy: policy)
        }
    }

    public func dropCount(owner: DeviceDigest) async throws -> Int {
        try await measured("drop_count") { try await base.dropCount(owner: owner) }
    }

    public func visibility(for viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double)
        async throws -> KilroyVisibility
    {
        try await measured("visibility") { try await base.visibility(for: viewer, policy: policy, around: center, radius: radius) }
    }

    public func nearby(
        center: Coordinate, radius: Double, limit: Int, decide: @Sendable (KilroyCandidate) -> NearbyDecision
    ) async throws -> NearbyQueryResult {
        try await measured("nearby") { try await base.nearby(center: center, radius: radius, limit: limit, decide: decide) }
    }

    public func nearby(viewer: DeviceDigest, policy: ReciprocityPolicy, center: Coordinate, radius: Double, limit: Int)
        async throws -> (result: NearbyQueryResult, visibility: KilroyVisibility)
    {
        try await measured("nearby_for_viewer") {
            try await base.nearby(viewer: viewer, policy: policy, center: center, radius: radius, limit: limit)
        }
    }

    public func dropLocations(owner: DeviceDigest, center: Coordinate, radius: Double) async throws -> [Coordinate] {
        try await measured("drop_locations") { try await base.dropLocations(owner: owner, center: center, radius: radius) }
    }

    public func acquireImageLease(id: String, holder: String, at date: Date, until expiry: Date) async throws -> Bool {
        try await measured("acquire_image_lease") { try await base.acquireImageLease(id: id, holder: holder, at: date, until: expiry) }
    }

    public func releaseImageLease(id: String, holder: String) async throws {
        try await measured("release_image_lease") { try await base.releaseImageLease(id: id, holder: holder) }
    }

    public func takeRateToken(owner: DeviceDigest, action: RateLimitedAction, limit: RateLimit, at date: Date) async throws
        -> RateDecision
    {
        try await measured("take_rate_token") { try await base.takeRateToken(owner: owner, action: action, limit: limit, at: date) }
    }

    public func claimLegacyDevice(legacy: DeviceDigest, by claimant: DeviceDigest, at date: Date) async throws
        -> LegacyClaimOutcome
    {
        try await measured("claim_legacy_device") { try await base.claimLegacyDevice(legacy: legacy, by: claimant, at: date) }
    }
}
