import Geo

/// Groups sites that would overlap on screen into clusters, on a grid of screen pixels.
///
/// **Radius rule.** The seed's clusters use a 40 px radius below zoom 5 (continents: many sites
/// per pixel, so big bubbles keep the map readable) and 25 px above zoom 8 (islands and reefs:
/// small bubbles let neighbouring sites show as pins). Between zoom 5 and 8 the radius moves
/// linearly from 40 to 25 px, so nothing jumps while pinching through that range; at exactly
/// 5 it is 40 and at exactly 8 it is 25.
///
/// **Grid.** Sites are projected to Web-Mercator world pixels at the zoom and dropped into square
/// cells whose side is the cluster's diameter (twice the radius), stretched a little so a whole
/// number of columns goes round the world. The grid is fixed to the world, not the viewport, so
/// panning never reshuffles clusters; only zooming does. Columns are centred on the antimeridian,
/// so the sites of Fiji and Taveuni (either side of 180°) fall in one cell instead of being cut
/// apart by the seam. Like every grid clusterer, two sites a pixel apart on a cell edge stay
/// apart; that is the price of a result that is cheap, stable and exact to test.
///
/// **Output.** One annotation per occupied cell, ordered top to bottom then west to east from the
/// antimeridian (the reading order VoiceOver follows); a cell holding one site gives a pin. The
/// result depends only on the sites and the zoom, not on the order the sites came in.
public struct SiteClusterer: Sendable {
    /// Radius at zooms up to ``lowZoom``.
    public var lowZoomRadius: Double
    /// Radius at zooms from ``highZoom`` up.
    public var highZoomRadius: Double
    /// Below (and at) this zoom the radius is ``lowZoomRadius``.
    public var lowZoom: Double
    /// Above (and at) this zoom the radius is ``highZoomRadius``.
    public var highZoom: Double

    /// The seed's rule: 40 px below zoom 5, 25 px above zoom 8.
    public init(lowZoomRadius: Double = 40, highZoomRadius: Double = 25, lowZoom: Double = 5, highZoom: Double = 8) {
        self.lowZoomRadius = lowZoomRadius
        self.highZoomRadius = highZoomRadius
        self.lowZoom = lowZoom
        self.highZoom = highZoom
    }

    /// The cluster radius in pixels at `zoom`: ``lowZoomRadius`` up to ``lowZoom``,
    /// ``highZoomRadius`` from ``highZoom``, linear in between. At least one pixel.
    public func radius(atZoom zoom: Double) -> Double {
        let zoom = MapProjection.clampedZoom(zoom)
        let radius: Double
        if zoom <= lowZoom {
            radius = lowZoomRadius
        } else if zoom >= highZoom {
            radius = highZoomRadius
        } else {
            let progress = (zoom - lowZoom) / (highZoom - lowZoom)
            radius = lowZoomRadius + (highZoomRadius - lowZoomRadius) * progress
        }
        return max(1, radius.isFinite ? radius : 1)
    }

    /// The pins and clusters for `sites` at `zoom`.
    ///
    /// Every site appears in exactly one annotation. Sites are expected to have distinct ids (a
    /// repeated id is counted as often as it appears).
    public func annotations(for sites: [MapSite], zoom: Double) -> [MapAnnotation] {
        let zoom = MapProjection.clampedZoom(zoom)
        let grid = Grid(worldSize: MapProjection.worldSize(atZoom: zoom), radius: radius(atZoom: zoom))
        var cells: [Grid.Cell: [MapSite]] = [:]
        for site in sites {
            cells[grid.cell(of: MapProjection.point(for: site.coordinate, zoom: zoom)), default: []].append(site)
        }
        return cells.keys.sorted().compactMap { cell in
            annotation(for: cells[cell] ?? [], referenceLongitude: grid.centerLongitude(ofColumn: cell.column))
        }
    }

    /// A pin for one site; otherwise a cluster whose centre and bounds are taken with longitudes
    /// unwrapped around the cell's own longitude, so members either side of the antimeridian
    /// average to a point between them rather than to the far side of the world.
    private func annotation(for members: [MapSite], referenceLongitude: Double) -> MapAnnotation? {
        // Sorting first makes the floating-point sums independent of input order.
        let members = members.sorted { $0.id < $1.id }
        guard let first = members.first else { return nil }
        guard members.count > 1 else { return .pin(first) }
        let latitudes = members.map(\.coordinate.latitude)
        let longitudes = members.map { MapProjection.unwrapped($0.coordinate.longitude, near: referenceLongitude) }
        let south = latitudes.min() ?? 0
        let north = latitudes.max() ?? 0
        // The edges are the extreme members' own longitudes, not unwrapped-and-rewrapped ones,
        // so rounding can never leave a member just outside the box.
        let westIndex = longitudes.indices.min { longitudes[$0] < longitudes[$1] } ?? 0
        let eastIndex = longitudes.indices.max { longitudes[$0] < longitudes[$1] } ?? 0
        let west = members[westIndex].coordinate.longitude
        let east = members[eastIndex].coordinate.longitude
        let bounds: MapBounds
        if longitudes[westIndex] == longitudes[eastIndex] {
            bounds = MapBounds(uncheckedSouth: south, west: west, north: north, east: west)
        } else {
            // ±180 are one meridian; write them so the box crosses the antimeridian only if needed.
            bounds = MapBounds(uncheckedSouth: south, west: west == 180 ? -180 : west, north: north, east: east == -180 ? 180 : east)
        }
        let count = Double(members.count)
        let meanLongitude = min(max(longitudes.reduce(0, +) / count, longitudes[westIndex]), longitudes[eastIndex])
        let center = MapProjection.clampedCoordinate(
            latitude: min(max(latitudes.reduce(0, +) / count, south), north),
            longitude: meanLongitude == longitudes[westIndex] ? west : meanLongitude == longitudes[eastIndex] ? east : meanLongitude
        )
        return .cluster(SiteCluster(center: center, memberIDs: members.map(\.id), bounds: bounds))
    }
}

/// The square cells of one clustering.
private struct Grid {
    struct Cell: Hashable, Comparable {
        var row: Int
        var column: Int

        static func < (lhs: Cell, rhs: Cell) -> Bool {
            (lhs.row, lhs.column) < (rhs.row, rhs.column)
        }
    }

    let worldSize: Double
    let columns: Int
    let side: Double

    init(worldSize: Double, radius: Double) {
        self.worldSize = worldSize
        columns = max(1, Int((worldSize / (2 * radius)).rounded()))
        side = worldSize / Double(columns)
    }

    /// Column 0 is centred on the antimeridian (x = 0) and wraps round it.
    func cell(of point: MapPoint) -> Cell {
        let column = Int(((point.x + side / 2) / side).rounded(.down)) % columns
        let row = min(columns - 1, max(0, Int((point.y / side).rounded(.down))))
        return Cell(row: row, column: column)
    }

    /// The longitude down the middle of `column`.
    func centerLongitude(ofColumn column: Int) -> Double {
        MapProjection.wrappedWest(Double(column) * side / worldSize * 360 - 180)
    }
}
