/// Where the map gets its sites: the boundary between the map's logic and the store.
///
/// `SiteRepository` conforms on the device; tests use an in-memory fake. The view model calls it
/// from the main actor, so conformers must be `Sendable` and do their work off the main actor.
public protocol MapSiteSource: Sendable {
    /// Every site whose coordinate lies inside `bounds` (edges included), each once, with its list
    /// status.
    ///
    /// `bounds` may cross the antimeridian (`west > east`): then it holds longitudes `west…180`
    /// and `−180…east`. Order does not matter; the view model sorts. Throwing leaves the map
    /// showing the sites it had; `CancellationError` is expected when the viewport moves on.
    func sites(in bounds: MapBounds) async throws -> [MapSite]
}
