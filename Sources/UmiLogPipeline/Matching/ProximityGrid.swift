import Foundation
import Geo

/// A grid of cells at least `radius` wide everywhere on the sphere, so every point within
/// `radius` of a point lies in that point's cell or one of its neighbours (3 rows × 3 columns).
///
/// Rows are bands of latitude one radius tall. Each row has as many columns as fit while each
/// stays wider than the widest a `radius` circle can be there — measured at the row's poleward
/// edge plus one row, since a neighbour's circle reaches from there. Near the poles a row
/// becomes a single cell. Columns divide the full 360°, so the neighbour of the last column is
/// the first one: the antimeridian is not an edge.
struct ProximityGrid: Sendable {
    /// Row height in degrees.
    let rowHeight: Double
    /// The radius as an angle on the sphere, radians (with a tiny margin for rounding).
    private let angle: Double
    private let rowCount: Int

    init(radiusMeters: Double) {
        angle = max(radiusMeters, 1) / earthMeanRadiusMeters * (1 + 1e-6)
        rowHeight = angle * 180 / .pi
        rowCount = Int((180 / rowHeight).rounded(.down)) + 1
    }

    /// The cell holding `coordinate`.
    func cell(of coordinate: Coordinate) -> Int64 {
        let row = row(of: coordinate.latitude)
        return Self.key(row: row, column: column(of: coordinate.longitude, columns: columns(inRow: row)))
    }

    /// Calls `body` with each distinct cell that may hold points within the radius of
    /// `coordinate` (its own included).
    func forEachNeighbour(of coordinate: Coordinate, _ body: (Int64) -> Void) {
        let center = row(of: coordinate.latitude)
        for row in max(0, center - 1)...min(rowCount - 1, center + 1) {
            let columns = columns(inRow: row)
            if columns <= 3 {
                for column in 0..<columns { body(Self.key(row: row, column: column)) }
            } else {
                let column = column(of: coordinate.longitude, columns: columns)
                for offset in -1...1 { body(Self.key(row: row, column: (column + offset + columns) % columns)) }
            }
        }
    }

    func row(of latitude: Double) -> Int {
        min(rowCount - 1, max(0, Int(((latitude + 90) / rowHeight).rounded(.down))))
    }

    func columns(inRow row: Int) -> Int {
        let south = -90 + Double(row) * rowHeight
        let poleward = min(90, max(abs(south), abs(south + rowHeight)) + rowHeight)
        let cosine = cos(poleward * .pi / 180)
        let sine = sin(angle)
        guard cosine > sine else { return 1 }
        // The half-width of a spherical cap of this angle, centred at latitude `poleward`.
        let width = asin(sine / cosine) * 180 / .pi
        return max(1, Int((360 / width).rounded(.down)))
    }

    private func column(of longitude: Double, columns: Int) -> Int {
        let column = Int(((longitude + 180) / 360 * Double(columns)).rounded(.down))
        // Longitude 180 is the meridian of −180: column 0.
        return min(columns - 1, max(0, column >= columns ? column - columns : column))
    }

    private static func key(row: Int, column: Int) -> Int64 {
        Int64(row) << 32 | Int64(column)
    }
}
