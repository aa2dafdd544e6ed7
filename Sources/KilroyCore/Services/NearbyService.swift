import Foundation
public import Geo
import Validation

/// "What is near me": this device's memories merged with the cloud's kilroys.
///
/// A memory this device uploaded comes back from the cloud under the same id (the memory's
/// UUID); it is listed once, as the local memory, which has the photo on disk. Every distance is
/// computed here with the same haversine formula, so local and cloud entries sort consistently.
/// When the cloud fails, the local memories are still returned, with the cloud's error.
public struct NearbyService: Sendable {
    /// The widest radius the cloud answers for (50 km); larger local queries ask the cloud for this.
    public static let maximumCloudRadius = 50_000.0

    private let store: MemoryStore
    private let cloud: (any KilroyCloudClient)?

    public init(store: MemoryStore, cloud: (any KilroyCloudClient)? = nil) {
        self.store = store
        self.cloud = cloud
    }

    /// Memories and kilroys within `radius` metres of `coordinate`, nearest first (ties by id).
    ///
    /// - Throws: `KilroyStoreError.invalidField("radius")` for a radius that is not a positive
    ///   number, or a store error. Cloud failures are reported in the result, not thrown.
    public func nearby(_ coordinate: Coordinate, radius: Double, limit: Int? = nil) async throws(KilroyStoreError) -> NearbyResult {
        guard radius.isFinite, radius > 0 else {
            throw .invalidField(FieldIssue("radius", "must be a number of metres greater than 0"))
        }
        let local = try await store.memoriesNear(coordinate, radius: radius)
        var remote: [CloudKilroy] = []
        var cloudError: KilroyCloudError?
        var withheld = false
        if let cloud {
            do {
                let answer = try await cloud.kilroysNear(coordinate, radius: min(radius, Self.maximumCloudRadius), limit: limit)
                remote = answer.kilroys.map(\.kilroy)
                withheld = answer.othersWithheld
            } catch {
                cloudError = error
            }
        }
        var items = Self.merge(local: local, cloud: remote, around: coordinate)
        if let limit, limit >= 0, items.count > limit { items = Array(items.prefix(limit)) }
        return NearbyResult(items: items, cloudError: cloudError, othersWithheld: withheld)
    }

    /// Local memories and cloud kilroys as one list: de-duplicated by id (local wins), nearest
    /// first, ties by id. Kilroys with coordinates out of range are skipped.
    static func merge(local: [NearbyMemory], cloud: [CloudKilroy], around center: Coordinate) -> [NearbyItem] {
        var items = local.map { NearbyItem(source: .local($0.memory), distanceMeters: $0.distanceMeters) }
        var seen = Set(items.map(\.id))
        for kilroy in cloud {
            guard let position = try? Coordinate(latitude: kilroy.latitude, longitude: kilroy.longitude) else { continue }
            let item = NearbyItem(source: .cloud(kilroy), distanceMeters: haversineDistance(from: center, to: position))
            guard seen.insert(item.id).inserted else { continue }
            items.append(item)
        }
        return items.sorted { ($0.distanceMeters, $0.id) < ($1.distanceMeters, $1.id) }
    }
}
