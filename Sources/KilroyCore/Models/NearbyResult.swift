/// The merged "near me" list and what the cloud said about it.
public struct NearbyResult: Hashable, Sendable {
    /// Local memories and cloud kilroys, nearest first, each id once (local wins).
    public let items: [NearbyItem]
    /// Why the cloud could not be asked, when it was configured but failed; the list then holds
    /// local memories only.
    public let cloudError: KilroyCloudError?
    /// True when the server's reciprocity policy held back other devices' drops.
    public let othersWithheld: Bool

    public init(items: [NearbyItem], cloudError: KilroyCloudError? = nil, othersWithheld: Bool = false) {
        self.items = items
        self.cloudError = cloudError
        self.othersWithheld = othersWithheld
    }
}
