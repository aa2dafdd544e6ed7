public import Foundation

/// A picture embedded in a vCard, kept as the encoded image file it was (no re-encoding, no resizing).
public struct VCardPhoto: Hashable, Sendable {
    /// The image file's bytes (JPEG, PNG, HEIC…).
    public var data: Data
    /// The lowercase media type of `data`, such as `"image/jpeg"`.
    public var mediaType: String

    public init(data: Data, mediaType: String) {
        self.data = data
        self.mediaType = mediaType
    }
}
