public import Foundation
import Storage

/// Cleans up after a `kilroy drop` (or any write) that was killed mid-way, when a store starts.
///
/// A drop queues the upload, writes the photo, then rewrites `memories.json`; each file is
/// written to a hidden temporary file first and renamed into place. A process killed in between
/// loses nothing that was saved, but can leave:
/// - temporary files: `.<name>.tmp-<UUID>` (``Storage/AtomicFile``) and the credential's
///   `.device-token.new-<UUID>` (or the old `.device-id.new-<UUID>`), in the store folder or
///   `MemoryImages/` — removed;
/// - a photo `MemoryImages/<UUID>.<jpg|png|heic>` that no memory names — removed (the drop
///   never completed and its position is known nowhere else; the original photo is wherever
///   the person picked it from);
/// - an upload queued for a memory that does not exist — removed (a queued cloud *delete* of a
///   missing memory is kept: that is how deletions reach the cloud).
///
/// Only leftovers older than ``staleAfter`` are touched, so a drop another process is making
/// right now (the app while the CLI runs) keeps its files: temporary files and photos by their
/// modification time against the wall clock, queue entries by `enqueuedAt` against the store's
/// clock (which wrote it). Nothing is removed when `memories.json` or the queue cannot be read,
/// or when a `memories.corrupt-*.json` kept aside may still name the photos.
public enum StoreRecovery {
    /// What a recovery removed, by file name (photos and temporary files) and memory id.
    public struct Report: Hashable, Sendable {
        public var temporaryFiles: [String] = []
        public var orphanedPhotos: [String] = []
        public var orphanedUploads: [UUID] = []

        public var isEmpty: Bool { temporaryFiles.isEmpty && orphanedPhotos.isEmpty && orphanedUploads.isEmpty }

        public init(temporaryFiles: [String] = [], orphanedPhotos: [String] = [], orphanedUploads: [UUID] = []) {
            self.temporaryFiles = temporaryFiles
            self.orphanedPhotos = orphanedPhotos
            self.orphanedUploads = orphanedUploads
        }
    }

    /// How old a leftover must be before it is removed (10 minutes): far longer than any write.
    public static let staleAfter: TimeInterval = 600

    /// Recovers the store in `directory` (which need not exist yet).
    ///
    /// - Parameters:
    ///   - now: The store's clock, which stamped the queue entries.
    ///   - wallClock: The clock file modification times are compared with.
    /// - Throws: `KilroyStoreError.file` when a leftover cannot be removed or the queue cannot be
    ///   rewritten; what was removed before stays removed.
    public static func run(
        directory: URL, now: @escaping @Sendable () -> Date = Date.init, wallClock: @Sendable () -> Date = Date.init,
        staleAfter: TimeInterval = staleAfter
    ) throws(KilroyStoreError) -> Report {
        var report = Report()
        let fileCutoff = wallClock().addingTimeInterval(-staleAfter)
        let images = directory.appendingPathComponent("MemoryImages", isDirectory: true)
        for folder in [directory, images] {
            for name in try entries(of: folder) where isTemporary(name) {
                let url = folder.appendingPathComponent(name)
                guard try isStale(url, before: fileCutoff) else { continue }
                try remove(url)
                report.temporaryFiles.append(folder == images ? "MemoryImages/" + name : name)
            }
        }

        let memoriesFile = JSONStoreFile<[DroppedMemory]>(url: directory.appendingPathComponent("memories.json"), now: now)
        let memories: [DroppedMemory]
        switch memoriesFile.peek() {
        case .absent: memories = []
        case .document(let stored): memories = stored
        case .unreadable: return report
        }
        let known = Set(memories.map(\.id))

        let keptAside = try entries(of: directory).contains { $0.hasPrefix("memories.corrupt-") }
        if !keptAside {
            let named = Set(memories.map(\.imageFilename))
            for name in try entries(of: images) where !named.contains(name) && isPhotoName(name) {
                let url = images.appendingPathComponent(name)
                guard try isStale(url, before: fileCutoff) else { continue }
                try remove(url)
                report.orphanedPhotos.append(name)
            }
        }

        let queueFile = JSONStoreFile<UploadQueue.Contents>(
            url: directory.appendingPathComponent(UploadQueue.filename), now: now)
        guard case .document(var queue) = queueFile.peek() else { return report }
        let queueCutoff = now().addingTimeInterval(-staleAfter)
        let orphaned = queue.items.filter {
            $0.operation == .upload && !known.contains($0.memoryID) && $0.enqueuedAt < queueCutoff
        }
        guard !orphaned.isEmpty else { return report }
        let orphanedIDs = Set(orphaned.map(\.memoryID))
        queue.items.removeAll { $0.operation == .upload && orphanedIDs.contains($0.memoryID) }
        try queueFile.write(queue)
        report.orphanedUploads = orphaned.map(\.memoryID)
        return report
    }

    /// `.<name>.tmp-<UUID>` or `.<device-token|device-id>.new-<UUID>`: hidden files only this
    /// store's writers create.
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.count > 37 else { return false }
        let uuid = String(name.suffix(36))
        guard UUID(uuidString: uuid) != nil else { return false }
        let stem = name.dropLast(36)
        return stem.hasSuffix(".tmp-") || stem == ".\(DeviceCredential.filename).new-"
            || stem == ".\(DeviceCredential.legacyFilename).new-"
    }

    /// `<UUID>.jpg`, `.png` or `.heic`: the names the store gives photos (any other file in the
    /// folder is the person's, and is left alone).
    static func isPhotoName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && UUID(uuidString: String(parts[0])) != nil
            && ["jpg", "png", "heic"].contains(parts[1].lowercased())
    }

    private static func entries(of folder: URL) throws(KilroyStoreError) -> [String] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .file(.readFailed(path: folder.path, reason: error.localizedDescription))
        }
    }

    /// Whether `url` is a regular file last modified before `cutoff`.
    private static func isStale(_ url: URL, before cutoff: Date) throws(KilroyStoreError) -> Bool {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw .file(.readFailed(path: url.path, reason: error.localizedDescription))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular,
            let modified = attributes[.modificationDate] as? Date
        else { return false }
        return modified < cutoff
    }

    private static func remove(_ url: URL) throws(KilroyStoreError) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .file(.deleteFailed(path: url.path, reason: error.localizedDescription))
        }
    }
}
