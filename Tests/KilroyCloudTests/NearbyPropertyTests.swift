import Foundation
import Geo
import Storage
import TestSupport
import Testing

@testable import KilroyCloud

/// The store's near query (geohash ranges + haversine filter) against a brute-force scan of
/// the same 100,000 random drops, including centres across the antimeridian and at the poles.
@Suite("Near query equals a brute-force scan")
struct NearbyPropertyTests {
    struct Drop: Sendable {
        var id: String
        var coordinate: Coordinate
    }

    static let imageID = BlobStore.cid(for: Data("property".utf8))

    /// 100,000 drops: a uniform spread, bands along the antimeridian and around both poles,
    /// exact poles / antimeridian / cell edges, and one dense city.
    static func drops(count: Int, seed: UInt64) throws -> [Drop] {
        var random = SplitMix64(seed: seed)
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        var drops: [Drop] = []
        drops.reserveCapacity(count)
        for index in 0..<count {
            let latitude: Double
            let longitude: Double
            switch index % 10 {
            case 0, 1, 2, 3:
                (latitude, longitude) = (uniform(-90...90), uniform(-180...180))
            case 4, 5:
                (latitude, longitude) = (uniform(-70...70), (Bool.random(using: &random) ? 1 : -1) * uniform(179...180))
            case 6, 7:
                (latitude, longitude) = ((Bool.random(using: &random) ? 1 : -1) * uniform(89...90), uniform(-180...180))
            case 8:
                let edges = [-90.0, 90, -180, 180, 0, 45, -45, 22.5, 11.25, 5.625, 89.98, -179.98]
                let pickLatitude = edges.filter { abs($0) <= 90 }
                latitude =
                    pickLatitude[Int.random(in: 0..<pickLatitude.count, using: &random)]
                    + (Bool.random(using: &random) ? 0 : uniform(-0.01...0.01))
                longitude =
                    edges[Int.random(in: 0..<edges.count, using: &random)]
                    + (Bool.random(using: &random) ? 0 : uniform(-0.01...0.01))
            default:
                (latitude, longitude) = (48.85 + uniform(-0.05...0.05), 2.35 + uniform(-0.05...0.05))
            }
            let coordinate = try Coordinate(latitude: min(90, max(-90, latitude)), longitude: min(180, max(-180, longitude)))
            drops.append(Drop(id: String(format: "%08X-0000-4000-8000-%012X", index, index), coordinate: coordinate))
        }
        return drops
    }

    static func store(holding drops: [Drop]) async throws -> SQLiteKilroyStore {
        let store = try SQLiteKilroyStore.inMemory()
        _ = try await store.insertImage(
            .init(
                id: imageID, format: .jpeg, byteCount: 1, uploader: Devices.digest(Devices.token(0xF0)), uploadedAt: Date()))
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        for batch in stride(from: 0, to: drops.count, by: 10_000) {
            let records = drops[batch..<min(batch + 10_000, drops.count)].enumerated().map { offset, drop in
                KilroyRecord(
                    id: drop.id, owner: Devices.digest(Devices.token(UInt8((batch + offset) % 7))), coordinate: drop.coordinate,
                    imageID: imageID, placeName: nil, placeAddress: nil,
                    comment: nil, createdAt: created, receivedAt: created)
            }
            let outcomes = try await store.createKilroys(records)
            #expect(outcomes.allSatisfy { if case .created = $0 { true } else { false } })
        }
        return store
    }

    /// Query centres: on stored drops, along the antimeridian, near and at the poles.
    static func centres(drops: [Drop], seed: UInt64) throws -> [(Coordinate, Double)] {
        var random = SplitMix64(seed: seed)
        func radius() -> Double { exp(Double.random(in: log(1.0)...log(50_000.0), using: &random)) }
        var centres: [(Coordinate, Double)] = []
        for _ in 0..<12 {
            centres.append((drops[Int.random(in: 0..<drops.count, using: &random)].coordinate, radius()))
        }
        for _ in 0..<10 {
            let longitude = (Bool.random(using: &random) ? 1 : -1) * Double.random(in: 179.5...180, using: &random)
            centres.append((try Coordinate(latitude: Double.random(in: -70...70, using: &random), longitude: longitude), radius()))
        }
        for _ in 0..<10 {
            let latitude = (Bool.random(using: &random) ? 1 : -1) * Double.random(in: 89.5...90, using: &random)
            centres.append((try Coordinate(latitude: latitude, longitude: Double.random(in: -180...180, using: &random)), radius()))
        }
        for (latitude, longitude) in [(90.0, 0.0), (-90, 45), (0, 180), (0, -180), (89.99, 180), (-89.99, -179.99), (48.85, 2.35)] {
            centres.append((try Coordinate(latitude: latitude, longitude: longitude), 50_000))
            centres.append((try Coordinate(latitude: latitude, longitude: longitude), radius()))
        }
        return centres
    }

    struct Hit: Equatable {
        var id: String
        var distance: Double
    }

    /// Every drop within `radius` of `centre`, nearest first, ties by id: the answer by definition.
    static func bruteForce(_ drops: [Drop], centre: Coordinate, radius: Double) -> [Hit] {
        var hits: [Hit] = []
        for drop in drops {
            let distance = haversineDistance(from: centre, to: drop.coordinate)
            if distance <= radius { hits.append(Hit(id: drop.id, distance: distance)) }
        }
        hits.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        return hits
    }

    @Test("100,000 random drops: every near query returns exactly the brute-force answer, in the same order")
    func nearEqualsBruteForce() async throws {
        let drops = try Self.drops(count: 100_000, seed: 0x4B11_2023)
        let store = try await Self.store(holding: drops)
        var nonEmpty = 0
        for (centre, radius) in try Self.centres(drops: drops, seed: 7) {
            let expected = Self.bruteForce(drops, centre: centre, radius: radius)
            let found = try await store.nearby(center: centre, radius: radius, limit: .max) { _ in .include }
            #expect(found.kilroys.map(\.kilroy.id) == expected.map(\.id), "centre \(centre), radius \(radius)")
            #expect(found.kilroys.map(\.distanceMeters) == expected.map(\.distance), "centre \(centre), radius \(radius)")
            let limited = try await store.nearby(center: centre, radius: radius, limit: 5) { _ in .include }
            #expect(limited.kilroys.map(\.kilroy.id) == Array(expected.prefix(5)).map(\.id))
            if !expected.isEmpty { nonEmpty += 1 }
        }
        // The property is only worth something if most queries find drops.
        #expect(nonEmpty >= 30)
    }
}
