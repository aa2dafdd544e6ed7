import Foundation
import Storage

/// The person files of a store folder: sketches in `sketches/{id}.svg`, photos in
/// `photos/{id}.{jpg|png|heic}`. Every write is an atomic replacement, so a crash leaves either
/// the old file or the new one.
///
/// `Person` keeps these paths relative to the folder, so a store can be moved or restored
/// from a backup elsewhere.
public struct FileService: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The absolute location of a path stored in a `Person`.
    public func url(for relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// Writes the sketch of person `id`; returns its path relative to the store.
    public func writeSketch(_ svg: String, for id: UUID) throws(RememberError) -> String {
        try write(Data(svg.utf8), to: "sketches/\(Self.fileName(id)).svg")
    }

    /// Writes the photo of person `id`; returns its path relative to the store.
    public func writePhoto(_ photo: Photo, for id: UUID) throws(RememberError) -> String {
        try write(photo.data, to: "photos/\(Self.fileName(id)).\(photo.format.fileExtension)")
    }

    /// Removes the person's sketch and photo. A file already gone is not an error; one that
    /// cannot be removed is.
    public func deleteFiles(for person: Person) throws(RememberError) {
        for path in [person.sketchFile, person.photoFile].compactMap({ $0 }) {
            try remove(path)
        }
    }

    /// Removes one file written by this service (a rollback when saving the record failed).
    public func remove(_ relativePath: String) throws(RememberError) {
        let url = url(for: relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .fileWriteFailed(path: url.path)
        }
    }

    private func write(_ data: Data, to relativePath: String) throws(RememberError) -> String {
        let url = url(for: relativePath)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true
            )
            try AtomicFile.write(data, to: url)
        } catch {
            throw .fileWriteFailed(path: url.path)
        }
        return relativePath
    }

    private static func fileName(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }
}
