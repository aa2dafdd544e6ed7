/// What ``KilroyServerStore/createKilroy(_:)`` did.
public enum KilroyCreation: Hashable, Sendable {
    /// The kilroy was new and is now stored (as given).
    case created(KilroyRecord)
    /// A kilroy with this id and the same content and device was already stored: a retry.
    /// Nothing changed; the stored record is returned.
    case replayed(KilroyRecord)
    /// The id is taken by a different kilroy (other content or another device). Nothing changed.
    case conflict(existing: KilroyRecord)
    /// No image with the kilroy's `imageID` is stored. Nothing changed.
    case imageMissing
}

/// What ``KilroyServerStore/deleteKilroy(id:deviceID:)`` did.
public enum KilroyDeletion: Hashable, Sendable {
    /// The kilroy is gone. `orphanedImageID` names its image when no other kilroy uses it any
    /// more: its metadata row went in the same transaction and the caller should remove the blob.
    case deleted(orphanedImageID: String?)
    /// No kilroy has this id.
    case notFound
    /// The kilroy belongs to another device. Nothing changed.
    case notOwner
}

/// What ``KilroyServerStore/reportKilroy(id:deviceID:reason:at:hideThreshold:)`` did.
public enum KilroyReporting: Hashable, Sendable {
    /// The report is recorded (a device's repeated report counts once).
    case counted(reportCount: Int, hidden: Bool)
    /// No kilroy has this id.
    case notFound
    /// Devices cannot report their own kilroys. Nothing changed.
    case ownKilroy
}
