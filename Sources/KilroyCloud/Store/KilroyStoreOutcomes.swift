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

/// What ``KilroyServerStore/deleteKilroy(id:owner:)`` did.
public enum KilroyDeletion: Hashable, Sendable {
    /// The kilroy is gone. `orphanedImageID` names its image when no other kilroy uses it any
    /// more: its metadata row went in the same transaction and the caller should remove the blob.
    case deleted(orphanedImageID: String?)
    /// No kilroy has this id.
    case notFound
    /// The kilroy belongs to another device. Nothing changed.
    case notOwner
}

/// What ``KilroyServerStore/reportKilroy(id:reporter:reason:at:hideThreshold:policy:)`` did.
public enum KilroyReporting: Hashable, Sendable {
    /// The report is recorded (a device's repeated report counts once).
    case counted(reportCount: Int, hidden: Bool)
    /// No kilroy has this id, or the reporter may not see it (hidden, or withheld by the
    /// reciprocity policy). Nothing changed.
    case notFound
    /// Devices cannot report their own kilroys. Nothing changed.
    case ownKilroy
    /// The reporter has never dropped a kilroy; only devices that have may report. Nothing changed.
    case noOwnDrops
}

/// What ``KilroyServerStore/reserveUpload(owner:byteCount:at:quota:)`` decided.
public enum UploadReservation: Hashable, Sendable {
    /// The upload is within the quota and now counts against it.
    case allowed
    /// The upload would exceed the quota; nothing was counted. `retryAfterSeconds` is when the
    /// oldest counted upload leaves the window (at least 1).
    case exceeded(retryAfterSeconds: Int)
}

/// What ``KilroyServerStore/claimLegacyDevice(legacy:by:at:)`` did.
public enum LegacyClaimOutcome: Hashable, Sendable {
    /// The legacy id's rows now belong to the claimant; `kilroyCount` kilroys moved (0 when the
    /// same claimant repeated its claim).
    case claimed(kilroyCount: Int)
    /// Nothing was ever stored under the legacy id. Nothing changed.
    case notFound
    /// Another credential claimed the legacy id first. Nothing changed.
    case claimedByAnother
}

/// The writes a device's rate limits count, each with its own bucket; the raw value is what the
/// store keys the bucket by.
public enum RateLimitedAction: String, CaseIterable, Hashable, Sendable {
    case drop
    case upload
    case report
    case claim
}
