import Foundation
import Geo
import TestSupport

/// Where the synthetic generator puts places: points of a lattice 5 km apart inside a box of
/// one region, visited in a scattered order so any number of places spreads over the box.
///
/// 5 km is what keeps the ground truth exact: planted duplicates lie within 0.9 km of their
/// place (chains within 1.6 km) and jitter is at most 0.25 km, so records of different places
/// are always more than 2 km apart and can never merge by accident.
struct SyntheticLattice: Sendable {
    static let spacingMeters = 5_000.0
    static let jitterMeters = 250.0
    static let metersPerDegree = earthMeanRadiusMeters * .pi / 180

    let region: String
    let south: Double
    let west: Double
    let north: Double
    /// Longitude span eastwards from `west` (across the antimeridian if need be).
    let span: Double
    private let rowStarts: [Int]
    private let rowColumns: [Int]
    private let rowHeight: Double
    /// A prime that does not divide the capacity: `k × stride mod capacity` visits every point once.
    private let stride: Int
    let capacity: Int

    init(region: String, south: Double, west: Double, north: Double, east: Double) {
        self.region = region
        self.south = south
        self.west = west
        self.north = north
        span = east > west ? east - west : east + 360 - west
        rowHeight = Self.spacingMeters / Self.metersPerDegree
        var starts: [Int] = []
        var columns: [Int] = []
        var total = 0
        var latitude = south + rowHeight / 2
        while latitude < north - rowHeight / 2 {
            let poleward = min(89.9, abs(latitude) + rowHeight / 2)
            let step = Self.spacingMeters / (Self.metersPerDegree * cos(poleward * .pi / 180))
            let count = max(1, Int((span / step).rounded(.down)))
            starts.append(total)
            columns.append(count)
            total += count
            latitude += rowHeight
        }
        rowStarts = starts
        rowColumns = columns
        capacity = total
        stride = [1_000_003, 999_983, 999_979, 999_961].first { total % $0 != 0 } ?? 1
    }

    /// The `k`-th place of this box (k < capacity), jittered.
    func point(_ k: Int, random: inout SplitMix64) -> Coordinate {
        let index = (k % capacity) * stride % capacity
        var low = 0
        var high = rowStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rowStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        let row = low
        let column = index - rowStarts[row]
        let latitude = south + (Double(row) + 0.5) * rowHeight
        let longitude = west + (Double(column) + 0.5) * span / Double(rowColumns[row])
        return Self.offset(
            latitude: latitude, longitude: longitude,
            north: random.uniform(-Self.jitterMeters, Self.jitterMeters) / sqrt(2),
            east: random.uniform(-Self.jitterMeters, Self.jitterMeters) / sqrt(2)
        )
    }

    /// A point `north` and `east` metres from the given one (flat approximation, fine at these
    /// distances away from the poles), longitude wrapped into −180…180.
    static func offset(latitude: Double, longitude: Double, north: Double, east: Double) -> Coordinate {
        let newLatitude = min(90, max(-90, latitude + north / metersPerDegree))
        var newLongitude = longitude + east / (metersPerDegree * max(1e-6, cos(newLatitude * .pi / 180)))
        while newLongitude > 180 { newLongitude -= 360 }
        while newLongitude < -180 { newLongitude += 360 }
        return coordinate(newLatitude, newLongitude)
    }

    /// A coordinate from values the generator has clamped into range.
    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            preconditionFailure("synthetic coordinates are clamped into range: \(error)")
        }
    }

    /// A point `distance` metres from `origin` in a random direction, checked with the real
    /// great-circle distance (and shortened until it holds).
    static func nearby(_ origin: Coordinate, distance: Double, random: inout SplitMix64) -> Coordinate {
        let bearing = random.uniform(0, 2 * .pi)
        var scale = 1.0
        while true {
            let point = offset(
                latitude: origin.latitude, longitude: origin.longitude,
                north: distance * scale * cos(bearing), east: distance * scale * sin(bearing)
            )
            if haversineDistance(from: origin, to: point) <= distance * 1.01 || scale < 0.05 { return point }
            scale *= 0.8
        }
    }
}
