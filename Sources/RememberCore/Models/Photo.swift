public import Foundation
public import Storage

/// A photo the user attached to a person, checked to be an image the apps accept.
public struct Photo: Hashable, Sendable {
    /// Photos larger than this are refused; a phone photo is 2 to 5 MB.
    public static let maximumBytes = 10 * 1024 * 1024

    public let data: Data
    public let format: ImageFormat

    /// Accepts a whole, well-formed JPEG, PNG or HEIC image (the Storage kit's structural
    /// check, not just the first bytes) of at most ``maximumBytes``: bytes that only start like
    /// an image are refused here, before they are stored or exported.
    public init(data: Data, source: String) throws(RememberError) {
        do {
            format = try ImageFormat.validate(data, maxBytes: Self.maximumBytes).format
        } catch {
            throw .unreadablePhoto(path: source, reason: Self.reason(error))
        }
        self.data = data
    }

    /// The validator's verdict as the end of "photo: PATH …".
    private static func reason(_ error: ImageValidationError) -> String {
        switch error {
        case .empty: "is empty"
        case .tooLarge: "is larger than 10 MB"
        case .notAnImage: "is not a JPEG, PNG or HEIC image"
        case .unsupported(let formatName): "is a \(formatName) image; use a JPEG, PNG or HEIC photo"
        case .truncated(let format): "is a \(name(of: format)) image that ends early (cut short in a download or copy?)"
        case .malformed(let format, let reason): "is a damaged \(name(of: format)) image (\(reason))"
        }
    }

    private static func name(of format: ImageFormat) -> String {
        switch format {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .heic: "HEIC"
        }
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
