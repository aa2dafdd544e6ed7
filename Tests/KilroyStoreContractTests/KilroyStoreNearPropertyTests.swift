import Foundation
import Geo
import KilroyCloud
import TestSupport
import Testing

/// Near queries on a large random world: each store answers exactly what a brute-force scan
/// with the Geo kit's haversine answers (hence both stores the same), for circles anywhere —
/// around the poles, across the antimeridian, on exact ties.
@Suite("Kilroy store contract: near queries against brute force")
struct KilroyStoreNearPropertyTests {
    static let dropCount = 100_000
    static let circleCount = 150
    static let owners = (0..<8).map { Fixture.device("owner-\($0)") }

    /// Places where drops and circles cluster: the poles, the antimeridian, and a few cities.
    static let hotspots: [(latitude: Double, longitude: Double)] = [
        (90, 0), (-90, 0), (0, 180), (0, -180), (89.9, 179.9), (-89.95, -179.95), (45, 179.99), (-30, -179.999),
        (51.5, -0.12), (35.68, 139.69), (0, 0), (-33.87, 151.21),
    ]

    /// A random point: uniform on the sphere, or within ~300 km of a hotspot (reflected over
    /// the poles), and now and then exactly on a pole or on the antimeridian.
    static func randomCoordinate(_ random: inout SplitMix64) -> Coordinate {
        var latitude: Double
        var longitude: Double
        if Double.random(in: 0..<1, using: &random) < 0.4 {
            latitude = asin(Double.random(in: -1...1, using: &random)) * 180 / .pi
            longitude = Double.random(in: -180...180, using: &random)
        } else {
            let hotspot = hotspots[Int.random(in: 0..<hotspots.count, using: &random)]
            let degrees = pow(Double.random(in: 0..<1, using: &random), 2) * 3
            let bearing = Double.random(in: 0..<(2 * .pi), using: &random)
            latitude = hotspot.latitude + degrees * cos(bearing)
            longitude = hotspot.longitude + degrees * sin(bearing) / max(0.01, cos(hotspot.latitude * .pi / 180))
            if abs(latitude) > 90 {
                latitude = (latitude > 0 ? 180 : -180) - latitude
                longitude += 180
            }
            while longitude > 180 { longitude -= 360 }
            while longitude < -180 { longitude += 360 }
        }
        switch Double.random(in: 0..<1, using: &random) {
        case ..<0.01: longitude = Bool.random(using: &random) ? 180 : -180
        case ..<0.02: latitude = Bool.random(using: &random) ? 90 : -90
        default: break
        }
        return Fixture.coordinate(latitude, longitude)
    }

    static func world() -> [KilroyRecord] {
        var random = SplitMix64(seed: 0x4B49_4C52_4F59)
        var drops: [KilroyRecord] = []
        drops.reserveCapacity(dropCount)
        for index in 0..<dropCount {
            // One in twenty lies exactly where an earlier one does: ties broken by id.
            let coordinate =
                index > 0 && Double.random(in: 0..<1, using: &random) < 0.05
                ? drops[Int.random(in: 0..<index, using: &random)].coordinate : randomCoordinate(&random)
            var drop = Fixture.kilroy(
                String(format: "%08X-%04X", UInt32.random(in: .min ... .max, using: &random), index & 0xFFFF),
                owner: owners[Int.random(in: 0..<owners.count, using: &random)], at: coordinate)
            drop.isHidden = Double.random(in: 0..<1, using: &random) < 0.1
            drops.append(drop)
        }
        return drops
    }

    /// The reciprocity-like decision the queries use: a function of the candidate alone.
    @Sendable static func decide(_ candidate: KilroyCandidate) -> NearbyDecision {
        if candidate.isHidden { return .skip }
        // The digest's first byte stands for the owner (cheaper than comparing whole digests).
        return candidate.owner.bytes[0] % 3 == 0 ? .withhold : .include
    }

    /// What a near query must answer, by scanning every drop.
    static func bruteForce(
        _ drops: [KilroyRecord], center: Coordinate, radius: Double, limit: Int,
        decide: (KilroyCandidate) -> NearbyDecision = decide
    ) -> NearbyQueryResult {
        var inCircle: [(KilroyRecord, Double)] = []
        for drop in drops {
            let distance = haversineDistance(from: center, to: drop.coordinate)
            if distance <= radius { inCircle.append((drop, distance)) }
        }
        inCircle.sort { left, right in left.1 != right.1 ? left.1 < right.1 : left.0.id < right.0.id }
        var included: [NearbyKilroyRecord] = []
        var withheld = 0
        for (drop, distance) in inCircle where included.count < limit {
            let candidate = KilroyCandidate(
                id: drop.id, owner: drop.owner, coordinate: drop.coordinate, isHidden: drop.isHidden, distanceMeters: distance)
            switch decide(candidate) {
            case .include: included.append(NearbyKilroyRecord(kilroy: drop, distanceMeters: distance))
            case .skip: break
            case .withhold: withheld += 1
            }
        }
        return NearbyQueryResult(kilroys: included, withheldCount: withheld)
    }

    @Test(
        "100k random drops, 150 random circles: the store equals brute force", .timeLimit(.minutes(5)),
        arguments: KilroyStoreBackend.available)
    func nearEqualsBruteForce(backend: KilroyStoreBackend) async throws {
        let drops = Self.world()
        try await backend.withStore { sut async throws in
            _ = try await sut.store.insertImage(Fixture.image())
            let outcomes = try await sut.createKilroys(drops)
            #expect(outcomes.allSatisfy { if case .created = $0 { true } else { false } })

            let dropsByOwner = Self.owners.map { owner in drops.filter { $0.owner == owner } }
            var random = SplitMix64(seed: 0xC1_4C1E)
            var nonEmpty = 0
            for round in 0..<Self.circleCount {
                let center = Self.randomCoordinate(&random)
                // 1 m to 300 km, once the whole Earth, now and then a radius of 0.
                var radius = pow(10, Double.random(in: 0...5.5, using: &random))
                if round == 0 { radius = 20_100_000 }
                if round % 50 == 1 { radius = 0 }
                let limit = Bool.random(using: &random) ? Int.random(in: 1...20, using: &random) : 5_000
                let expected = Self.bruteForce(drops, center: center, radius: radius, limit: limit)
                let actual = try await sut.store.nearby(center: center, radius: radius, limit: limit, decide: Self.decide)
                #expect(actual == expected, "circle \(round): \(center) r=\(radius) limit=\(limit)")
                if !expected.kilroys.isEmpty { nonEmpty += 1 }

                guard round % 3 == 0 else { continue }
                let owner = round % Self.owners.count
                let locations = try await sut.store.dropLocations(owner: Self.owners[owner], center: center, radius: radius)
                let expectedLocations = Self.bruteForce(dropsByOwner[owner], center: center, radius: radius, limit: .max) { _ in .include }
                    .kilroys.map(\.kilroy.coordinate)
                #expect(locations == expectedLocations, "drop locations, circle \(round)")
            }
            // The circles must actually find things, or the comparison proves little.
            #expect(nonEmpty >= Self.circleCount / 3)
        }
    }
}
