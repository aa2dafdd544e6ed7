// Privacy grid snapping: moving a point to the nearest multiple of `gridSize` so that a
// shared location says "somewhere around here" instead of "exactly here".
//
// Rounding rule: `.toNearestOrAwayFromZero` (a value exactly half-way between two grid lines goes
// to the one farther from zero), applied to `value / gridSize`. The product `k · gridSize` is
// then rounded to 1e-9 degrees (about 0.1 mm) so that results print cleanly
// (`37.6695`, not `37.669499999999999`). Snapping is idempotent: a snapped value divides back
// to the same integer `k`, so snapping it again gives the same value.

extension Coordinate {
    /// The grid used by Buds for shared locations: 0.0045° ≈ 500 m of latitude.
    public static let defaultGridSize = 0.0045

    /// The smallest grid size (1e-7° ≈ 1 cm) that snapping honours; see ``snapToGrid(_:gridSize:)``.
    public static let minimumGridSize = 1e-7

    /// This point moved to the nearest grid intersection, for sharing a location without revealing
    /// it precisely.
    ///
    /// Each component is snapped independently with ``snapToGrid(_:gridSize:)`` and then clamped
    /// to the valid range (a latitude of 89.9 on a 1.7° grid would otherwise become 90.1). The
    /// snapped point is never farther than half a grid diagonal from the original.
    ///
    /// - Parameter gridSize: Grid spacing in degrees. A grid size that is not finite or is smaller
    ///   than ``minimumGridSize`` leaves the point unchanged.
    public func snapped(toGrid gridSize: Double = Coordinate.defaultGridSize) -> Coordinate {
        let latitude = min(90, max(-90, snapToGrid(self.latitude, gridSize: gridSize)))
        let longitude = min(180, max(-180, snapToGrid(self.longitude, gridSize: gridSize)))
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }
}

/// `value` rounded to the nearest multiple of `gridSize` (half-way values away from zero),
/// then to 1e-9, as in the Buds privacy rule `snapToGrid(latitude, gridSize: 0.0045)`.
///
/// Returns `value` unchanged when `value` is not finite, or when `gridSize` is not finite or is
/// smaller than `Coordinate.minimumGridSize` (a smaller grid would be below the 1e-9 output
/// precision and could no longer be idempotent). No clamping happens here; see
/// `Coordinate.snapped(toGrid:)` for that.
public func snapToGrid(_ value: Double, gridSize: Double) -> Double {
    guard value.isFinite, gridSize.isFinite, gridSize >= Coordinate.minimumGridSize else {
        return value
    }
    let cells = (value / gridSize).rounded(.toNearestOrAwayFromZero)
    let snapped = cells * gridSize
    let cleaned = (snapped * 1e9).rounded(.toNearestOrAwayFromZero) / 1e9
    // Avoid returning -0.0, which would hash and print differently from 0.0.
    return cleaned == 0 ? 0 : cleaned
}
