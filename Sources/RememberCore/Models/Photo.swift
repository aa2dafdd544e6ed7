import Foundation
import Storage

/// A photo the user attached to a person, checked to be an image the apps accept.
public struct Photo: Hashable, Sendable {
    /// Photos larger than this are refused; a phone photo is 2 to 5 MB.
    public static let maximumBytes = 10 * 1024 * 1024

    public let data: Data
    public let format: ImageFormat

    /// Accepts JPEG, PNG or HEIC data (recognised by its leading bytes) of at most
    /// ``maximumBytes``.
    public init(data: Data, source: String) throws(RememberError) {
        guard !data.isEmpty else {
            throw .unreadablePhoto(path: source, reason: "is empty")
        }
        guard data.count <= Self.maximumBytes else {
            throw .unreadablePhoto(path: source, reason: "is larger than 10 MB")
        }
        guard let format = ImageFormat.detect(data) else {
            throw .unreadablePhoto(path: source, reason: "is not a JPEG, PNG or HEIC image")
        }
        self.data = data
        self.format = format
    }

    /// Reads and checks the photo at `url`.
    public init(contentsOf url: URL) throws(RememberError) {
        // Refuse an oversized file before reading it into memory.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= Self.maximumBytes else {
            throw .unreadablePhoto(path: url.path, reason: "is larger than 10 MB")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadablePhoto(path: url.path, reason: "cannot be read")
        }
        try self.init(data: data, source: url.path)
    }
}
