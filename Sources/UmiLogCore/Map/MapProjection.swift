import Foundation
public import Geo

/// Web-Mercator arithmetic for a world of 256-px tiles, as MapLibre and MapKit draw it.
///
/// Clustering and "zoom to fit" are decisions in screen pixels, so the map's logic needs the same
/// projection the map view uses, without the view. At zoom `z` the world is `256 · 2^z` pixels
/// wide and tall; `x` runs east from the antimeridian, `y` south from ``maximumLatitude``.
public enum MapProjection {
    /// Side of one map tile in pixels.
    public static let tileSize = 256.0
    /// The latitude Web Mercator cuts the world at, so the world is square: atan(sinh π).
    public static let maximumLatitude = 85.051_128_779_806_59
    /// Zooms outside this range are clamped: below 0 the world is smaller than one tile, and
    /// beyond 24 a pixel is under a millimetre, far past any dive-site precision.
    public static let zoomRange = 0.0...24.0

    /// The world's width (and height) in pixels at `zoom`.
    public static func worldSize(atZoom zoom: Double) -> Double {
        tileSize * pow(2, clampedZoom(zoom))
    }

    /// Degrees of longitude one pixel covers at `zoom` (everywhere), which is also degrees of
    /// latitude per pixel at the equator.
    public static func degreesPerPixel(atZoom zoom: Double) -> Double {
        360 / worldSize(atZoom: zoom)
    }

    /// The zoom at which one pixel covers `degreesPerPixel` degrees of longitude, clamped to
    /// ``zoomRange``; the inverse of ``degreesPerPixel(atZoom:)``.
    public static func zoom(forDegreesPerPixel degreesPerPixel: Double) -> Double {
        guard degreesPerPixel > 0 else { return zoomRange.upperBound }
        return clampedZoom(log2(360 / (tileSize * degreesPerPixel)))
    }

    /// Where `coordinate` lies in world pixels at `zoom`. Latitudes beyond ±``maximumLatitude``
    /// land on the top or bottom edge; `x` is in `0…worldSize` (longitude −180 is 0, 180 is the
    /// world's width).
    public static func point(for coordinate: Coordinate, zoom: Double) -> MapPoint {
        let size = worldSize(atZoom: zoom)
        return MapPoint(x: unitX(longitude: coordinate.longitude) * size, y: unitY(latitude: coordinate.latitude) * size)
    }

    /// The coordinate at world pixel `point` for `zoom`: `x` wraps around the world, `y` is
    /// clamped to the world's top and bottom edges.
    ///
    /// - Throws: `GeoError` when a component of `point` is not finite.
    public static func coordinate(at point: MapPoint, zoom: Double) throws(GeoError) -> Coordinate {
        let size = worldSize(atZoom: zoom)
        guard point.x.isFinite else { throw .invalidLongitude(point.x) }
        guard point.y.isFinite else { throw .invalidLatitude(point.y) }
        return clampedCoordinate(latitude: latitude(unitY: point.y / size), longitude: longitude(unitX: point.x / size))
    }

    /// The largest zoom (clamped to ``zoomRange``) at which `bounds` fits in a view of `size`.
    ///
    /// Longitude spans are measured across the antimeridian when `bounds` crosses it. A box of no
    /// extent fits at any zoom and gets the maximum; a view of no extent gets the minimum.
    public static func zoomToFit(_ bounds: MapBounds, in size: MapSize) -> Double {
        guard size.width > 0, size.height > 0 else { return zoomRange.lowerBound }
        let unitWidth = bounds.longitudeSpan / 360
        let unitHeight = unitY(latitude: bounds.south) - unitY(latitude: bounds.north)
        let horizontal = unitWidth > 0 ? log2(size.width / (unitWidth * tileSize)) : .infinity
        let vertical = unitHeight > 0 ? log2(size.height / (unitHeight * tileSize)) : .infinity
        return clampedZoom(min(horizontal, vertical))
    }

    /// The viewport a view of `size` shows when centred on `center` at `zoom`.
    ///
    /// Crosses the antimeridian (`west > east`) when the view does; spans every longitude when the
    /// view is wider than the world, and stops at ±``maximumLatitude`` vertically.
    public static func bounds(center: Coordinate, zoom: Double, size: MapSize) -> MapBounds {
        let world = worldSize(atZoom: zoom)
        let middle = point(for: center, zoom: zoom)
        let halfWidth = max(0, size.width) / 2
        let halfHeight = max(0, size.height) / 2
        let north = latitude(unitY: (middle.y - halfHeight) / world)
        let south = latitude(unitY: (middle.y + halfHeight) / world)
        guard 2 * halfWidth < world else {
            return MapBounds(uncheckedSouth: south, west: -180, north: north, east: 180)
        }
        let edges = longitudeEdges(west: longitude(unitX: (middle.x - halfWidth) / world), span: 2 * halfWidth / world * 360)
        return MapBounds(uncheckedSouth: south, west: edges.west, north: north, east: edges.east)
    }

    // MARK: - Shared helpers

    /// `zoom` limited to ``zoomRange``; a value that is not a number counts as the minimum.
    static func clampedZoom(_ zoom: Double) -> Double {
        guard !zoom.isNaN else { return zoomRange.lowerBound }
        return min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
    }

    /// A coordinate from a latitude clamped to −90…90 and a longitude wrapped into −180..<180, for
    /// computed values (means, midpoints, inverse projections) that are in range by construction.
    /// A value that is not a number becomes 0 rather than a crash.
    static func clampedCoordinate(latitude: Double, longitude: Double) -> Coordinate {
        let latitude = latitude.isNaN ? 0 : min(max(latitude, -90), 90)
        let longitude = longitude.isFinite ? wrappedWest(longitude) : 0
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            preconditionFailure("a clamped coordinate is always in range")
        }
    }

    /// `longitude` moved by whole turns into −180..<180, as a western edge is written.
    static func wrappedWest(_ longitude: Double) -> Double {
        // In range already: return it untouched, as arithmetic would round it.
        if (-180.0..<180.0).contains(longitude) { return longitude }
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }

    /// `longitude` moved by whole turns into −180<..180, as an eastern edge is written.
    static func wrappedEast(_ longitude: Double) -> Double {
        let west = wrappedWest(longitude)
        return west == -180 ? 180 : west
    }

    /// The western and eastern edges, written as `MapBounds` wants them, of the longitudes from
    /// `west` (any number of turns off) running `span` degrees east: every longitude when the span
    /// is a whole turn or more, a single meridian when it is zero, and `west > east` when the
    /// range crosses the antimeridian.
    static func longitudeEdges(west: Double, span: Double) -> (west: Double, east: Double) {
        guard span < 360 else { return (-180, 180) }
        let wrapped = wrappedWest(west)
        guard span > 0 else { return (wrapped, wrapped) }
        return (wrapped, wrappedEast(wrapped + span))
    }

    /// `longitude` moved by whole turns to within half a turn of `reference` (−180..<180 of it),
    /// so that points either side of the antimeridian can be averaged and compared.
    static func unwrapped(_ longitude: Double, near reference: Double) -> Double {
        let offset = longitude - reference
        if offset >= 180 { return longitude - 360 }
        if offset < -180 { return longitude + 360 }
        return longitude
    }

    private static func unitX(longitude: Double) -> Double {
        (longitude + 180) / 360
    }

    private static func longitude(unitX: Double) -> Double {
        unitX * 360 - 180
    }

    private static func unitY(latitude: Double) -> Double {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude)
        let sine = sin(clamped * .pi / 180)
        return 0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)
    }

    private static func latitude(unitY: Double) -> Double {
        let clamped = min(max(unitY, 0), 1)
        return atan(sinh(.pi * (1 - 2 * clamped))) * 180 / .pi
    }
}
