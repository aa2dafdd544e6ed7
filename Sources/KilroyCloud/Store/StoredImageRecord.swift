public import Foundation
public import Storage

/// The metadata of one uploaded photo; its bytes live in the blob store under `id`.
public struct StoredImageRecord: Hashable, Sendable {
    /// CIDv1 (raw, sha2-256, base32) of the bytes: the blob store's name for them.
    public var id: String
    /// The format the bytes were validated as.
    public var format: ImageFormat
    public var byteCount: Int
    /// The digest of the credential of the device that uploaded it first.
    public var uploader: DeviceDigest
    /// When it was uploaded, or last uploaded again while no kilroy used it: the start of its
    /// grace period before orphan collection.
    public var uploadedAt: Date

    public init(id: String, format: ImageFormat, byteCount: Int, uploader: DeviceDigest, uploadedAt: Date) {
        self.id = id
        self.format = format
        self.byteCount = byteCount
        self.uploader = uploader
        self.uploadedAt = uploadedAt
    }
}
