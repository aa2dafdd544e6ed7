/// A local memory and how far it is from the point a query was made at.
public struct NearbyMemory: Hashable, Sendable {
    public let memory: DroppedMemory
    /// Great-circle distance in metres.
    public let distanceMeters: Double

    public init(memory: DroppedMemory, distanceMeters: Double) {
        self.memory = memory
        self.distanceMeters = distanceMeters
    }
}
