import Foundation
import TestSupport
import Testing

@testable import Geo

/// The store's near query — covering ranges, then a haversine filter — must return exactly what a
/// brute-force scan of every drop returns (the acceptance property).
@Suite("Near queries equal a brute-force scan")
struct NearQueryPropertyTests {
    struct Query {
        let center: Coordinate
        let radius: Double
    }

    /// A store of drops: their geohashes (precision 10, `.northEast`) in sorted order, as an
    /// index keeps them, searched with string comparisons as `WHERE geohash >= ? AND geohash < ?`.
    struct Store {
        let points: [Coordinate]
        let latitudes: [Double]
        let hashes: [String]
        /// Point numbers sorted by hash.
        let order: [Int]

        init(points: [Coordinate]) throws {
            self.points = points
            latitudes = points.map(\.latitude)
            let hashes = try points.map { try Geohash.encode($0, precision: 10) }
            self.hashes = hashes
            order = hashes.indices.sorted { hashes[$0] < hashes[$1] }
        }

        /// First position in `order` whose hash is not below `key`.
        func lowerBound(_ key: String) -> Int {
            var low = 0
            var high = order.count
            while low < high {
                let middle = (low + high) / 2
                if hashes[order[middle]] < key { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The query as a store runs it: one index range scan per covering range, then the
        /// distance filter.
        func near(_ query: Query) throws -> [Int] {
            var found: [Int] = []
            for range in try Geohash.coveringRanges(center: query.center, radius: query.radius) {
                let start = lowerBound(range.start)
                let end = lowerBound(range.end)
                for position in start..<max(start, end) {
                    let point = order[position]
                    if haversineDistance(from: query.center, to: points[point]) <= query.radius {
                        found.append(point)
                    }
                }
            }
            return found.sorted()
        }

        /// Every drop, tested one by one. Drops whose latitude alone puts them beyond the radius
        /// are skipped first: haversine's `a` is at least sin²(Δφ/2), so the distance is at
        /// least R·|Δφ| (the slack covers rounding).
        func bruteForce(_ query: Query) -> [Int] {
            let latitudeReach = query.radius / earthMeanRadiusMeters * 180 / Double.pi * (1 + 1e-6) + 1e-9
            let centerLatitude = query.center.latitude
            var found: [Int] = []
            latitudes.withUnsafeBufferPointer { latitudes in
                for number in 0..<latitudes.count where abs(latitudes[number] - centerLatitude) <= latitudeReach {
                    if haversineDistance(from: query.center, to: points[number]) <= query.radius {
                        found.append(number)
                    }
                }
            }
            return found
        }
    }

    static func sign(_ generator: inout SplitMix64) -> Double { Bool.random(using: &generator) ? 1 : -1 }

    /// Centres where covers go wrong if anything does: anywhere, near and across the
    /// antimeridian, near and exactly at the poles, and on cell edges and corners.
    static func queries(_ generator: inout SplitMix64) throws -> [Query] {
        var queries: [Query] = []
        for round in 0..<160 {
            var latitude = Double.random(in: -80...80, using: &generator)
            var longitude = Double.random(in: -180...180, using: &generator)
            switch round % 8 {
            case 0: latitude = asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi
            case 1: longitude = sign(&generator) * Double.random(in: 179.5...180, using: &generator)
            case 2: longitude = sign(&generator) * 180
            case 3: latitude = sign(&generator) * Double.random(in: 89.5...90, using: &generator)
            case 4: latitude = sign(&generator) * 90
            case 5:
                // A cell corner at a random precision (0 and ±90/±180 included at precision 1).
                let cell = try Geohash.decode(
                    Geohash.encode(
                        Coordinate(latitude: latitude, longitude: longitude),
                        precision: Int.random(in: 1...8, using: &generator)))
                latitude = cell.bounds.south
                longitude = cell.bounds.west
            case 6:
                (latitude, longitude) =
                    [(0.0, 0.0), (0, 180), (0, -180), (45, 90), (-45, -90)]
                    .randomElement(using: &generator) ?? (0, 0)
            default: break
            }
            let radius = exp(Double.random(in: 0...log(50_000), using: &generator))  // 1 m … 50 km
            queries.append(
                Query(
                    center: try Coordinate(latitude: latitude, longitude: longitude),
                    radius: round == 7 ? 0 : radius))
        }
        return queries
    }

    /// `total` drops: three quarters around the query centres (inside, on and just outside each circle,
    /// some snapped onto cell edges, at the poles and on the ±180 meridian), the rest anywhere.
    static func points(around queries: [Query], total: Int, _ generator: inout SplitMix64) throws -> [Coordinate] {
        var points: [Coordinate] = []
        points.reserveCapacity(total)
        let perQuery = total * 3 / 4 / queries.count
        for query in queries {
            points.append(query.center)
            for _ in 1..<perQuery {
                let fraction = Bool.random(using: &generator) ? 1 : Double.random(in: 0...1.3, using: &generator)
                let bearing = Double.random(in: 0..<360, using: &generator)
                guard var point = destination(from: query.center, bearing: bearing, distance: query.radius * fraction)
                else { continue }
                switch Int.random(in: 0..<10, using: &generator) {
                case 0, 1:
                    // Onto the south-west corner, or an edge, of its own cell at some precision.
                    let cell = try Geohash.decode(Geohash.encode(point, precision: Int.random(in: 1...10, using: &generator)))
                    point =
                        Bool.random(using: &generator)
                        ? Coordinate(uncheckedLatitude: cell.bounds.south, longitude: point.longitude)
                        : Coordinate(uncheckedLatitude: point.latitude, longitude: cell.bounds.west)
                case 2:
                    // Onto the north or east edge (which belongs to the next cell).
                    let cell = try Geohash.decode(Geohash.encode(point, precision: Int.random(in: 1...10, using: &generator)))
                    point =
                        Bool.random(using: &generator)
                        ? Coordinate(uncheckedLatitude: cell.bounds.north, longitude: point.longitude)
                        : Coordinate(uncheckedLatitude: point.latitude, longitude: cell.bounds.east)
                case 3 where abs(query.center.latitude) > 89:
                    point = Coordinate(
                        uncheckedLatitude: query.center.latitude > 0 ? 90 : -90,
                        longitude: Double.random(in: -180...180, using: &generator))
                case 3 where abs(query.center.longitude) > 179:
                    point = Coordinate(uncheckedLatitude: point.latitude, longitude: sign(&generator) * 180)
                default:
                    break
                }
                points.append(point)
            }
        }
        while points.count < total {
            points.append(
                try Coordinate(
                    latitude: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi,
                    longitude: Double.random(in: -180...180, using: &generator)))
        }
        return points
    }

    @Test("100k drops, 160 circles (1 m … 50 km) at poles, antimeridian and cell edges: ranges + filter == brute force")
    func rangesEqualBruteForce() throws {
        var generator = SplitMix64(seed: 0x5EED_6E0)
        let queries = try Self.queries(&generator)
        let store = try Store(points: try Self.points(around: queries, total: 100_000, &generator))
        #expect(store.points.count == 100_000)
        var matched = 0
        for query in queries {
            let expected = store.bruteForce(query)
            let found = try store.near(query)
            #expect(
                found == expected,
                "center \(query.center) radius \(query.radius): missed \(Set(expected).subtracting(found).count)")
            matched += expected.count
        }
        // The property is only meaningful if the circles actually hold many drops.
        #expect(matched > 30_000)
    }

    @Test("huge circles (up to the whole Earth) against 20k drops: ranges + filter == brute force")
    func hugeCircles() throws {
        var generator = SplitMix64(seed: 0xB16)
        var queries: [Query] = []
        for _ in 0..<30 {
            let center = try Coordinate(
                latitude: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi,
                longitude: Double.random(in: -180...180, using: &generator))
            queries.append(
                Query(
                    center: center,
                    radius: exp(
                        Double.random(
                            in: log(50_000)...log(21_000_000),
                            using: &generator))))
        }
        let store = try Store(points: try Self.points(around: queries, total: 20_000, &generator))
        for query in queries {
            #expect(try store.near(query) == store.bruteForce(query), "center \(query.center) radius \(query.radius)")
        }
    }
}
