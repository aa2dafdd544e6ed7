import Geo
import UmiLogCore

/// The bounds and centre of a tile: the smallest latitude/longitude box holding all its
/// sites. Longitudes are circular, so the box is the complement of the widest gap between
/// neighbouring sites' longitudes; when that gap is not the one across the antimeridian the box
/// crosses it (`west > east`), as the Pacific's does — a naive min/max would claim the whole world.
enum TileBounds {
    static func bounds(of coordinates: [Coordinate]) throws(GeoError) -> (bounds: MapBounds, center: Coordinate) {
        guard let first = coordinates.first else {
            return (try MapBounds(south: 0, west: 0, north: 0, east: 0), try Coordinate(latitude: 0, longitude: 0))
        }
        var south = first.latitude
        var north = first.latitude
        for coordinate in coordinates {
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
        }
        let longitudes = coordinates.map(\.longitude).sorted()
        // The gap across the antimeridian, from the easternmost site round to the westernmost.
        var widestGap = longitudes[0] + 360 - longitudes[longitudes.count - 1]
        var west = longitudes[0]
        var east = longitudes[longitudes.count - 1]
        for index in 1..<max(1, longitudes.count) {
            let gap = longitudes[index] - longitudes[index - 1]
            if gap > widestGap {
                widestGap = gap
                west = longitudes[index]
                east = longitudes[index - 1]
            }
        }
        let span = west <= east ? east - west : east + 360 - west
        var centerLongitude = west + span / 2
        if centerLongitude > 180 { centerLongitude -= 360 }
        let bounds = try MapBounds(south: south, west: west, north: north, east: east)
        return (bounds, try Coordinate(latitude: (south + north) / 2, longitude: centerLongitude))
    }
}
