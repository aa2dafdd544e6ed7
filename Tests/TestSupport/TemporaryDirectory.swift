public import Foundation

/// A fresh folder (a ``ScratchFolder``, so it goes when the process exits at the latest), removed
/// by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = ScratchFolder.url("tests")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the folder (nothing is created).
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    public func contents(of folder: URL? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (folder ?? url).path).sorted()
    }
}
