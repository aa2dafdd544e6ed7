import Geo

/// A near query as one device sees it: ``KilroyVisibility`` (hiding by reports and the
/// reciprocity policy) applied on top of the store's geometric query.
struct NearbySearch: Sendable {
    /// How the policy treated this device, for the response's `reciprocity` object.
    struct Status: Hashable, Sendable {
        var policy: ReciprocityPolicy
        var ownDropCount: Int
        var othersWithheld: Bool
    }

    let store: any KilroyServerStore
    let policy: ReciprocityPolicy

    func run(viewer: DeviceDigest, center: Coordinate, radius: Double, limit: Int) async throws
        -> (kilroys: [NearbyKilroyRecord], status: Status)
    {
        let (result, visibility) = try await store.nearby(
            viewer: viewer, policy: policy, center: center, radius: radius, limit: limit)
        return (
            result.kilroys,
            Status(policy: policy, ownDropCount: visibility.ownDropCount, othersWithheld: result.withheldCount > 0)
        )
    }
}
