public import Foundation
import Geo

/// Dropping and deleting memories, offline first: the store and the upload queue change
/// together, and the network is never needed.
public struct MemoryService: Sendable {
    private let store: MemoryStore
    private let queue: UploadQueue
    private let now: @Sendable () -> Date

    public init(store: MemoryStore, queue: UploadQueue, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.queue = queue
        self.now = now
    }

    /// Validates the draft, stores the memory with its photo and queues it for upload.
    ///
    /// The upload is queued first: if saving then fails the queue entry is withdrawn (and a
    /// leftover entry for a memory that does not exist is dropped at the next sync), so a memory
    /// is never stored without being queued.
    ///
    /// - Throws: `KilroyStoreError.invalidField` naming `lat`, `lon`, `image`, `comment`, `place`
    ///   or `address`; nothing is written then.
    public func drop(_ draft: DropDraft) async throws(KilroyStoreError) -> DroppedMemory {
        let coordinate = try CodableCoordinate.validated(latitude: draft.latitude, longitude: draft.longitude)
        let memory = DroppedMemory(
            id: draft.id ?? UUID(), coordinate: coordinate, capturedAt: draft.capturedAt ?? now(),
            comment: draft.comment, placeName: draft.placeName, placeAddress: draft.placeAddress
        )
        _ = try MemoryValidation.imageFormat(of: draft.imageData)
        _ = try MemoryValidation.comment(draft.comment)
        _ = try MemoryValidation.placeName(draft.placeName)
        _ = try MemoryValidation.placeAddress(draft.placeAddress)
        if try await store.memory(memory.id) != nil { throw .memoryExists(memory.id) }
        try await queue.enqueueUpload(memory.id)
        do {
            return try await store.save(memory, imageData: draft.imageData)
        } catch {
            try? await queue.cancelUpload(memory.id)
            throw error
        }
    }

    /// Deletes the memory `reference` names (its id or a prefix of 4+ characters): photo, entry,
    /// and, if its kilroy may be on the cloud, a queued cloud delete.
    ///
    /// - Returns: The deleted memory and whether a cloud delete was queued.
    public func delete(_ reference: String) async throws(KilroyStoreError) -> (memory: DroppedMemory, cloudDeleteQueued: Bool) {
        let memory = try await store.resolve(reference)
        try await store.delete(memory.id)
        let queued = try await queue.memoryDeleted(memory.id)
        return (memory, queued)
    }
}
