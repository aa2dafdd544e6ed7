/// A position in Web-Mercator world pixels at some zoom: `x` grows east from the antimeridian,
/// `y` grows south from the top of the map (about 85.05° N).
public struct MapPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
