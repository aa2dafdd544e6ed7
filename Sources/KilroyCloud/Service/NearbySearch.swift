import Geo

/// A near query as one device sees it: hiding by reports and the reciprocity policy applied on
/// top of the store's geometric query.
struct NearbySearch: Sendable {
    /// How the policy treated this device, for the response's `reciprocity` object.
    struct Status: Hashable, Sendable {
        var policy: ReciprocityPolicy
        var ownDropCount: Int
        var othersWithheld: Bool
    }

    let store: any KilroyServerStore
    let policy: ReciprocityPolicy

    func run(viewer: String, center: Coordinate, radius: Double, limit: Int) async throws
        -> (kilroys: [NearbyKilroyRecord], status: Status)
    {
        let ownDropCount = try await store.dropCount(deviceID: viewer)
        let seesOthers: @Sendable (KilroyCandidate) -> Bool
        switch policy {
        case .off:
            seesOthers = { _ in true }
        case .global(let requiredDrops):
            let unlocked = ownDropCount >= requiredDrops
            seesOthers = { _ in unlocked }
        case .local(let reach):
            // Only own drops within reach of the circle can unlock anything in it.
            let anchors = try await store.dropLocations(deviceID: viewer, center: center, radius: radius + reach)
            seesOthers = { candidate in
                anchors.contains { haversineDistance(from: $0, to: candidate.coordinate) <= reach }
            }
        }
        let result = try await store.nearby(center: center, radius: radius, limit: limit) { candidate in
            if candidate.deviceID == viewer { return .include }
            if candidate.isHidden { return .skip }
            return seesOthers(candidate) ? .include : .withhold
        }
        return (result.kilroys, Status(policy: policy, ownDropCount: ownDropCount, othersWithheld: result.withheldCount > 0))
    }
}
