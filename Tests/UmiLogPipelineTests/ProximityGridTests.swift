import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogPipeline

@Suite("Proximity grid")
struct ProximityGridTests {
    let grid = ProximityGrid(radiusMeters: 1_000)

    private func neighbours(of coordinate: Coordinate) -> Set<Int64> {
        var cells: Set<Int64> = []
        grid.forEachNeighbour(of: coordinate) { cells.insert($0) }
        return cells
    }

    @Test("every point within the radius lies in a neighbouring cell — anywhere, poles and antimeridian included")
    func neighbourhoodHoldsTheCircle() throws {
        var random = SplitMix64(seed: 1)
        var checked = 0
        for round in 0..<20_000 {
            let latitude: Double
            switch round % 4 {
            case 0: latitude = Double.random(in: 89.95...90, using: &random) * (round % 8 == 0 ? 1 : -1)
            default: latitude = Double.random(in: -90...90, using: &random)
            }
            let longitude = round % 5 == 0 ? (Bool.random(using: &random) ? 179.999 : -179.999) : Double.random(in: -180...180, using: &random)
            let center = try Coordinate(latitude: latitude, longitude: longitude)
            let bearing = Double.random(in: 0..<(2 * .pi), using: &random)
            let distance = Double.random(in: 0...1_000, using: &random)
            // A point on the great circle at that bearing and distance.
            let angle = distance / earthMeanRadiusMeters
            let phi = latitude * .pi / 180
            let lambda = longitude * .pi / 180
            let sinPhi2: Double = sin(phi) * cos(angle) + cos(phi) * sin(angle) * cos(bearing)
            let phi2 = asin(sinPhi2)
            let y: Double = sin(bearing) * sin(angle) * cos(phi)
            let x: Double = cos(angle) - sin(phi) * sinPhi2
            var lambda2 = lambda + atan2(y, x)
            lambda2 = (lambda2 + 3 * .pi).truncatingRemainder(dividingBy: 2 * .pi) - .pi
            let other = try Coordinate(latitude: min(90, max(-90, phi2 * 180 / .pi)), longitude: min(180, max(-180, lambda2 * 180 / .pi)))
            guard haversineDistance(from: center, to: other) <= 1_000 else { continue }
            checked += 1
            #expect(neighbours(of: center).contains(grid.cell(of: other)), "\(center) → \(other)")
        }
        #expect(checked > 19_000)
    }

    @Test("longitude 180 and -180 are the same cell")
    func antimeridian() throws {
        #expect(grid.cell(of: try Coordinate(latitude: 10, longitude: 180)) == grid.cell(of: try Coordinate(latitude: 10, longitude: -180)))
    }

    @Test("rows near the poles are a single cell")
    func poles() {
        #expect(grid.columns(inRow: grid.row(of: 90)) == 1)
        #expect(grid.columns(inRow: grid.row(of: -90)) == 1)
        #expect(grid.columns(inRow: grid.row(of: 0)) > 40_000)
    }
}
