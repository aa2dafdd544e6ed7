/// What the cloud answered to a "near" query: kilroys nearest first, and whether the server's
/// reciprocity policy ("to see, you must be seen") held some back.
public struct CloudNearbyResult: Hashable, Sendable {
    /// A kilroy and its distance from the query's centre.
    public struct Entry: Hashable, Sendable {
        public let kilroy: CloudKilroy
        /// Metres.
        public let distanceMeters: Double

        public init(kilroy: CloudKilroy, distanceMeters: Double) {
            self.kilroy = kilroy
            self.distanceMeters = distanceMeters
        }
    }

    public let kilroys: [Entry]
    /// `off`, `local` or `global`.
    public let reciprocityPolicy: String
    /// True when other devices' drops in the area were left out by the policy.
    public let othersWithheld: Bool

    public init(kilroys: [Entry], reciprocityPolicy: String = "off", othersWithheld: Bool = false) {
        self.kilroys = kilroys
        self.reciprocityPolicy = reciprocityPolicy
        self.othersWithheld = othersWithheld
    }
}
