public import Foundation
public import Geo
import Storage
import Validation

/// The memories of this device, kept in the seed's layout inside the store folder:
///
/// ```
/// <folder>/memories.json           a JSON array of DroppedMemory
/// <folder>/MemoryImages/{UUID}.jpg the photos (.png / .heic when the photo is one)
/// ```
///
/// The seed names every photo `{uuid}.jpg`; this store keeps that name for JPEGs and uses the
/// extension of the real format (found by magic bytes) for PNG and HEIC photos, so that a file
/// never claims to be what it is not.
///
/// Every change replaces `memories.json` atomically (``Storage/AtomicFile``): a crash mid-save
/// leaves the previous list intact. A `memories.json` that cannot be read is renamed
/// `memories.corrupt-<timestamp>.json`, reported once as ``KilroyStoreError/corruptFile(path:keptAs:reason:)``
/// and never overwritten. The file is read on every call, so several processes (the app and the
/// CLI) see each other's changes; one writer at a time is assumed.
public actor MemoryStore {
    /// The store folder.
    public nonisolated let directory: URL
    private let index: JSONStoreFile<[DroppedMemory]>

    /// Opens (creating if needed) the store in `directory`.
    ///
    /// - Parameter now: The clock used to stamp a damaged file kept aside.
    public init(directory: URL, now: @escaping @Sendable () -> Date = Date.init) throws(KilroyStoreError) {
        do {
            try PrivateDirectory.create(at: directory)
        } catch {
            throw .file(error)
        }
        self.directory = directory
        index = JSONStoreFile(url: directory.appendingPathComponent("memories.json"), now: now)
    }

    /// The folder that holds the photos.
    public nonisolated var imagesDirectory: URL {
        directory.appendingPathComponent("MemoryImages", isDirectory: true)
    }

    /// Every memory, oldest capture first (ties by id).
    public func all() throws(KilroyStoreError) -> [DroppedMemory] {
        try load().sorted { ($0.capturedAt, $0.id.uuidString) < ($1.capturedAt, $1.id.uuidString) }
    }

    /// The memory with this id, or `nil`.
    public func memory(_ id: UUID) throws(KilroyStoreError) -> DroppedMemory? {
        try load().first { $0.id == id }
    }

    /// The memory whose id is `reference` or starts with it, by the package's one id-prefix rule
    /// (``Validation/IDPrefix``: at least 4 hex digits or dashes, any case). Text that cannot
    /// begin an id matches nothing.
    ///
    /// - Throws: `memoryNotFound`, or `ambiguousReference` naming how many memories match.
    public func resolve(_ reference: String) throws(KilroyStoreError) -> DroppedMemory {
        guard let prefix = IDPrefix(reference) else { throw .memoryNotFound(reference) }
        switch prefix.resolve(try load().filter { prefix.matches($0.id.uuidString) }) {
        case .none: throw .memoryNotFound(reference)
        case .unique(let memory): return memory
        case .ambiguous(let count): throw .ambiguousReference(reference, matches: count)
        }
    }

    /// Memories within `radius` metres of `coordinate`, nearest first (ties by id), each with
    /// its distance.
    public func memoriesNear(_ coordinate: Coordinate, radius: Double) throws(KilroyStoreError) -> [NearbyMemory] {
        guard radius.isFinite, radius >= 0 else {
            throw .invalidField(FieldIssue("radius", "must be a number of metres, 0 or more"))
        }
        return try load()
            .map { NearbyMemory(memory: $0, distanceMeters: haversineDistance(from: coordinate, to: $0.coordinate.coordinate)) }
            .filter { $0.distanceMeters <= radius }
            .sorted { ($0.distanceMeters, $0.memory.id.uuidString) < ($1.distanceMeters, $1.memory.id.uuidString) }
    }

    /// Validates and stores a new memory with its photo; returns the memory as stored (text
    /// trimmed, empty text as `nil`, `imageFilename` = `{UUID}.{jpg|png|heic}`).
    ///
    /// The photo is written first, then the list; if the list cannot be written the photo is
    /// removed again, so a failed save leaves nothing behind.
    ///
    /// - Throws: `invalidField` (image, comment, place, address), `memoryExists`, `file`.
    @discardableResult
    public func save(_ memory: DroppedMemory, imageData: Data) throws(KilroyStoreError) -> DroppedMemory {
        let format = try MemoryValidation.imageFormat(of: imageData)
        let stored = memory.with(
            imageFilename: "\(memory.id.uuidString).\(format.fileExtension)",
            comment: try MemoryValidation.comment(memory.comment),
            placeName: try MemoryValidation.placeName(memory.placeName),
            placeAddress: try MemoryValidation.placeAddress(memory.placeAddress)
        )
        var memories = try load()
        guard !memories.contains(where: { $0.id == memory.id }) else { throw .memoryExists(memory.id) }
        do {
            try PrivateDirectory.create(at: imagesDirectory)
        } catch {
            throw .file(error)
        }
        let imageURL = imagesDirectory.appendingPathComponent(stored.imageFilename)
        do {
            try AtomicFile.write(imageData, to: imageURL)
        } catch {
            throw .file(error)
        }
        memories.append(stored)
        do {
            try index.write(memories)
        } catch {
            try? FileManager.default.removeItem(at: imageURL)
            throw error
        }
        return stored
    }

    /// Deletes a memory: its photo first, then its entry (as the seed does), so a crash in between
    /// leaves an entry without a photo rather than a photo nobody can find. A photo already gone
    /// is not an error. Returns the deleted memory.
    @discardableResult
    public func delete(_ id: UUID) throws(KilroyStoreError) -> DroppedMemory {
        var memories = try load()
        guard let position = memories.firstIndex(where: { $0.id == id }) else {
            throw .memoryNotFound(id.uuidString.lowercased())
        }
        let memory = memories[position]
        let imageURL = try imageURL(for: memory)
        if FileManager.default.fileExists(atPath: imageURL.path) {
            do {
                try FileManager.default.removeItem(at: imageURL)
            } catch {
                throw .file(.deleteFailed(path: imageURL.path, reason: error.localizedDescription))
            }
        }
        memories.remove(at: position)
        try index.write(memories)
        return memory
    }

    /// Where the memory's photo is stored.
    ///
    /// - Throws: `unsafeImageFilename` when the name in `memories.json` is not a plain file name
    ///   (it could otherwise point outside the images folder).
    public nonisolated func imageURL(for memory: DroppedMemory) throws(KilroyStoreError) -> URL {
        let name = memory.imageFilename
        guard MemoryValidation.isPlainFilename(name) else { throw .unsafeImageFilename(name) }
        return imagesDirectory.appendingPathComponent(name)
    }

    /// The bytes of the memory's photo.
    public func imageData(for memory: DroppedMemory) throws(KilroyStoreError) -> Data {
        let url = try imageURL(for: memory)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .imageMissing(path: url.path) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .file(.readFailed(path: url.path, reason: error.localizedDescription))
        }
    }

    private func load() throws(KilroyStoreError) -> [DroppedMemory] {
        try index.read() ?? []
    }
}
