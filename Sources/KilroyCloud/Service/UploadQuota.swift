public import Foundation

/// How much one device may upload in a sliding window: at most `maximumCount` new images and
/// `maximumBytes` bytes in any `window` seconds. Tied to the device's credential and decided by
/// the database (``KilroyServerStore/reserveUpload(owner:byteCount:at:quota:)``), so restarting
/// the server or running several processes does not reset or multiply it.
///
/// A device can create new credentials at will, so the quota slows down one client rather than
/// bounding the disk; what bounds the disk is that uploads no kilroy uses are collected after
/// ``KilroyCloudConfiguration/orphanGracePeriod``, and kilroys themselves are rate limited.
public struct UploadQuota: Hashable, Sendable {
    /// New images per window, at least 1.
    public var maximumCount: Int
    /// Bytes of new images per window, at least 1.
    public var maximumBytes: Int
    /// The window, seconds, more than 0.
    public var window: TimeInterval

    public init(maximumCount: Int, maximumBytes: Int, window: TimeInterval) {
        self.maximumCount = max(1, maximumCount)
        self.maximumBytes = max(1, maximumBytes)
        self.window = window.isFinite && window > 0 ? window : 86_400
    }

    /// 200 images and 500 MiB a day: far above what a person drops, far below a full disk.
    public static let `default` = UploadQuota(maximumCount: 200, maximumBytes: 500 * 1024 * 1024, window: 86_400)
}
