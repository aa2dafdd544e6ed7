import TestSupport
import Testing

@testable import Geo

@Suite("Privacy grid snapping")
struct GridSnappingTests {
    // Expected values computed by hand: k = round(value / grid), result = k · grid.
    @Test(
        "values snap to the nearest multiple of the grid",
        arguments: [
            (37.7749, 0.0045, 37.773),  // 8394.42 → 8394
            (-122.4194, 0.0045, -122.418),  // -27204.31 → -27204
            (51.5074, 0.0045, 51.507),  // 11446.09 → 11446
            (-0.1278, 0.0045, -0.126),  // -28.4 → -28
            (0.002249, 0.0045, 0.0),  // 0.4998 → 0
            (0.002251, 0.0045, 0.0045),  // 0.5002 → 1
            (0.75, 0.5, 1.0),  // 1.5 → 2
        ])
    func snapsToNearestMultiple(value: Double, grid: Double, expected: Double) {
        #expect(snapToGrid(value, gridSize: grid) == expected)
    }

    @Test("exact half-way values round away from zero")
    func halfWayRoundsAwayFromZero() {
        #expect(snapToGrid(0.25, gridSize: 0.5) == 0.5)
        #expect(snapToGrid(-0.25, gridSize: 0.5) == -0.5)
        #expect(snapToGrid(1.25, gridSize: 0.5) == 1.5)
        #expect(snapToGrid(-1.25, gridSize: 0.5) == -1.5)
    }

    @Test("a small negative value snaps to positive zero, not -0")
    func negativeZeroBecomesZero() {
        let snapped = snapToGrid(-0.001, gridSize: 0.0045)
        #expect(snapped == 0)
        #expect(snapped.sign == .plus)
    }

    @Test(
        "an unusable grid size leaves the value unchanged",
        arguments: [
            0.0, -0.0045, 1e-8, Double.nan, Double.infinity,
        ])
    func unusableGridLeavesValue(grid: Double) {
        #expect(snapToGrid(37.7749, gridSize: grid) == 37.7749)
    }

    @Test("default grid is 0.0045 degrees")
    func defaultGrid() throws {
        #expect(Coordinate.defaultGridSize == 0.0045)
        let point = try Coordinate(latitude: 37.7749, longitude: -122.4194)
        #expect(point.snapped() == (try Coordinate(latitude: 37.773, longitude: -122.418)))
    }

    @Test("snapping near the pole and antimeridian clamps into range")
    func clampsIntoRange() throws {
        let point = try Coordinate(latitude: 89.9, longitude: 179.9)
        // 89.9 / 1.7 → 53 → 90.1 ; 179.9 / 1.7 → 106 → 180.2 : both clamped.
        let snapped = point.snapped(toGrid: 1.7)
        #expect(snapped.latitude == 90)
        #expect(snapped.longitude == 180)
        let south = try Coordinate(latitude: -89.9, longitude: -179.9).snapped(toGrid: 1.7)
        #expect(south.latitude == -90)
        #expect(south.longitude == -180)
        #expect(snapped.snapped(toGrid: 1.7) == snapped)
    }

    @Test(
        "snapping is idempotent and stays within half a grid diagonal, over random points",
        arguments: [0.0045, 0.001, 0.01, 0.1, 1.7, 7.0])
    func idempotentAndClose(grid: Double) throws {
        var generator = SplitMix64(seed: UInt64(grid * 1e6))
        let halfDiagonal = grid * 2.0.squareRoot() / 2
        for _ in 0..<5_000 {
            let point = try Coordinate(
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator)
            )
            let snapped = point.snapped(toGrid: grid)
            #expect(snapped.snapped(toGrid: grid) == snapped)
            let dLat = snapped.latitude - point.latitude
            let dLon = snapped.longitude - point.longitude
            #expect((dLat * dLat + dLon * dLon).squareRoot() <= halfDiagonal + 1e-9)
            #expect(abs(dLat) <= grid / 2 + 1e-9)
            #expect(abs(dLon) <= grid / 2 + 1e-9)
        }
    }

    @Test("snapped components are multiples of the grid to 1e-9")
    func componentsAreGridMultiples() throws {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<1_000 {
            let point = try Coordinate(
                latitude: Double.random(in: -89...89, using: &generator),
                longitude: Double.random(in: -179...179, using: &generator)
            )
            let snapped = point.snapped()
            let cells = snapped.latitude / 0.0045
            #expect(abs(cells - cells.rounded()) < 1e-6)
            let lonCells = snapped.longitude / 0.0045
            #expect(abs(lonCells - lonCells.rounded()) < 1e-6)
        }
    }
}
