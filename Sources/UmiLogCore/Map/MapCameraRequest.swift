/// A request from the view model for the map view to move its camera to show `bounds`.
///
/// It is separate from the viewport the map reports (``MapViewModel/bounds``) so that moving the
/// camera is always an explicit, one-off act: the view applies a request once, the map then
/// reports where it really is through ``MapViewModel/viewportDidChange(_:zoom:)``, and nothing
/// re-centres the map while SwiftUI updates. Each request has a new `id`, so asking twice for the
/// same region moves the camera twice.
public struct MapCameraRequest: Identifiable, Hashable, Sendable {
    /// Increases with every request the view model makes.
    public let id: Int
    public let bounds: MapBounds

    public init(id: Int, bounds: MapBounds) {
        self.id = id
        self.bounds = bounds
    }
}
