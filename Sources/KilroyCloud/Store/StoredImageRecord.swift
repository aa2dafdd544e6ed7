import Foundation
import Storage

/// The metadata of one uploaded photo; its bytes live in the blob store under `id`.
public struct StoredImageRecord: Hashable, Sendable {
    /// CIDv1 (raw, sha2-256, base32) of the bytes: the blob store's name for them.
    public var id: String
    /// The format recognised from the bytes' magic numbers.
    public var format: ImageFormat
    public var byteCount: Int
    /// The device that uploaded it first.
    public var uploaderDeviceID: String
    public var uploadedAt: Date

    public init(id: String, format: ImageFormat, byteCount: Int, uploaderDeviceID: String, uploadedAt: Date) {
        self.id = id
        self.format = format
        self.byteCount = byteCount
        self.uploaderDeviceID = uploaderDeviceID
        self.uploadedAt = uploadedAt
    }
}
