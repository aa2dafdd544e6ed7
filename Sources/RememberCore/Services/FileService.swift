public import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        try write(Data(svg.utf8), to: Self.sketchPath(for: id))
    }

    /// Writes the photo of person `id`; returns its path relative to the store.
    public func writePhoto(_ photo: Photo, for id: UUID) throws(RememberError) -> String {
        try write(photo.data, to: Self.photoPath(for: id, format: photo.format))
    }

    static func sketchPath(for id: UUID) -> String {
        "sketches/\(fileName(id)).svg"
    }

    static func photoPath(for id: UUID, format: ImageFormat) -> String {
        "photos/\(fileName(id)).\(format.fileExtension)"
    }

    // MARK: Staging

    /// A file written for a person not stored yet, waiting in a staging folder.
    struct StagedFile: Sendable {
        let staged: URL
        /// Where it goes, relative to the store.
        let path: String
    }

    /// A new, empty staging folder for one batch of files (`.staging-{uuid}` in the store).
    ///
    /// Files of people being imported are written here first and moved into place only while
    /// their records are being stored, so an import that fails leaves no file behind; one
    /// interrupted by a crash leaves at most this hidden folder, or files no record names.
    func makeStagingFolder() throws(RememberError) -> URL {
        let folder = directory.appendingPathComponent(".staging-\(UUID().uuidString.lowercased())", isDirectory: true)
        do {
            try PrivateDirectory.create(at: folder)
        } catch {
            throw .fileWriteFailed(path: folder.path)
        }
        return folder
    }

    /// How old a staging folder must be before it counts as abandoned: far longer than any
    /// import takes, so an import running in another process keeps its folder.
    static let abandonedStagingAge: TimeInterval = 10 * 60

    /// Removes staging folders that an import killed mid-way left behind (their files were never
    /// promoted, so no record names them). Called when a store is opened; best effort.
    func removeAbandonedStagingFolders(now: @Sendable () -> Date = Date.init) {
        let current = now()
        let manager = FileManager.default
        guard
            let entries = try? manager.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.contentModificationDateKey]
            )
        else { return }
        for entry in entries where entry.lastPathComponent.hasPrefix(".staging-") {
            let modified = (try? entry.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            guard let modified, current.timeIntervalSince(modified) >= Self.abandonedStagingAge else { continue }
            try? manager.removeItem(at: entry)
        }
    }

    /// Writes `data` into `folder`, to be moved to `path` later by ``promote(_:)``.
    func stage(_ data: Data, as path: String, in folder: URL) throws(RememberError) -> StagedFile {
        let staged = folder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "-"))
        do {
            try AtomicFile.write(data, to: staged)
        } catch {
            throw .fileWriteFailed(path: staged.path)
        }
        return StagedFile(staged: staged, path: path)
    }

    /// Moves a staged file to its place, replacing any file there (a leftover of an import
    /// that crashed after moving it): one `rename`, so the place holds the old file or the new.
    func promote(_ file: StagedFile) throws(RememberError) {
        let target = url(for: file.path)
        do {
            try PrivateDirectory.create(at: target.deletingLastPathComponent())
        } catch {
            throw .fileWriteFailed(path: target.path)
        }
        guard rename(file.staged.path, target.path) == 0 else {
            throw .fileWriteFailed(path: target.path)
        }
    }

    /// Removes a staging folder and whatever is still in it.
    func removeStagingFolder(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
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
            try PrivateDirectory.create(at: url.deletingLastPathComponent())
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
