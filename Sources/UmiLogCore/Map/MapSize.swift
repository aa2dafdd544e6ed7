/// The size of the map view in screen points (the pixels of a 256-px-tile world).
public struct MapSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
