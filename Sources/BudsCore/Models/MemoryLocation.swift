/// A memory's location as shown to the user.
public struct MemoryLocation: Codable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Whether the user chose to keep the exact coordinate (otherwise it is snapped to ~500 m).
    public var isExact: Bool
    public var placeName: String?

    public init(latitude: Double, longitude: Double, isExact: Bool, placeName: String?) {
        self.latitude = latitude
        self.longitude = longitude
        self.isExact = isExact
        self.placeName = placeName
    }
}
