public import Foundation

/// The offline-first outbox: memories waiting to be uploaded and kilroys waiting to be deleted on
/// the cloud, kept in `<store>/upload-queue.json` (replaced atomically, so it survives crashes and
/// restarts) together with the ids already uploaded.
///
/// A drop is queued at once, whether or not a server is reachable; ``sync(using:)`` pushes what
/// is due. Transport failures, 5xx and 429 are retried with exponential back-off
/// (``RetryPolicy``; attempts and the next attempt time are stored per item); any other 4xx marks
/// the item failed with the server's reason and stops retrying it. Nothing is dropped from the
/// queue until the server has confirmed it. Retrying is safe because the server creates a kilroy
/// idempotently under the memory's id and stores a photo once by its content hash.
public actor UploadQueue {
    /// The file's document (read directly by ``StoreRecovery`` before any queue runs).
    struct Contents: Codable {
        var items: [UploadItem] = []
        /// Lower-case UUIDs of memories the cloud has confirmed.
        var uploaded: [String] = []
    }

    private let file: JSONStoreFile<Contents>
    /// The queue's file name inside the store folder.
    static let filename = "upload-queue.json"
    private let store: MemoryStore
    private let policy: RetryPolicy
    private let now: @Sendable () -> Date
    /// Items being sent right now (the actor may run other calls while it awaits the network).
    private var inFlight: Set<UUID> = []
    private var isSyncing = false

    /// The queue of the store folder that `store` lives in.
    public init(store: MemoryStore, policy: RetryPolicy = RetryPolicy(), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.policy = policy
        self.now = now
        file = JSONStoreFile(url: store.directory.appendingPathComponent(Self.filename), now: now)
    }

    /// Every queued item, oldest first.
    public func items() throws(KilroyStoreError) -> [UploadItem] {
        try load().items
    }

    /// Queues a memory for upload (due now). Queuing it again changes nothing.
    public func enqueueUpload(_ id: UUID) throws(KilroyStoreError) {
        var contents = try load()
        guard !contents.items.contains(where: { $0.memoryID == id }), !contents.uploaded.contains(key(id)) else { return }
        let time = now()
        contents.items.append(UploadItem(memoryID: id, operation: .upload, enqueuedAt: time, nextAttemptAt: time))
        try file.write(contents)
    }

    /// Forgets a queued upload (used when saving the memory failed).
    public func cancelUpload(_ id: UUID) throws(KilroyStoreError) {
        var contents = try load()
        contents.items.removeAll { $0.memoryID == id && $0.operation == .upload && $0.attempts == 0 && !inFlight.contains(id) }
        try file.write(contents)
    }

    /// Records that a memory was deleted on this device. If its kilroy may exist on the cloud
    /// (uploaded, or an upload was attempted and may have reached the server) a cloud delete is
    /// queued and `true` returned; an upload never attempted is simply dropped.
    @discardableResult
    public func memoryDeleted(_ id: UUID) throws(KilroyStoreError) -> Bool {
        var contents = try load()
        let queued = contents.items.first { $0.memoryID == id }
        let mayExist =
            contents.uploaded.contains(key(id)) || inFlight.contains(id) || queued.map { $0.attempts > 0 || $0.operation == .delete } == true
        contents.items.removeAll { $0.memoryID == id }
        if mayExist {
            let time = now()
            contents.items.append(UploadItem(memoryID: id, operation: .delete, enqueuedAt: time, nextAttemptAt: time))
        }
        try file.write(contents)
        return mayExist
    }

    /// Where a memory stands with the cloud.
    public func state(of id: UUID) throws(KilroyStoreError) -> CloudSyncState {
        let contents = try load()
        if let item = contents.items.first(where: { $0.memoryID == id && $0.operation == .upload }) {
            switch item.state {
            case .pending: return .pending
            case .failed: return .failed(item.lastError ?? "refused by the server")
            }
        }
        return contents.uploaded.contains(key(id)) ? .uploaded : .localOnly
    }

    /// Makes failed items pending again, due now; returns how many.
    @discardableResult
    public func retryFailed() throws(KilroyStoreError) -> Int {
        var contents = try load()
        let time = now()
        var count = 0
        for index in contents.items.indices where contents.items[index].state == .failed {
            contents.items[index].state = .pending
            contents.items[index].nextAttemptAt = time
            count += 1
        }
        try file.write(contents)
        return count
    }

    /// Counts without sending anything.
    public func summary() throws(KilroyStoreError) -> SyncReport {
        report(for: try load(), uploaded: 0, deleted: 0, errors: [])
    }

    /// Sends every pending item that is due, in queue order, and reports the outcome. After a
    /// transport failure (server unreachable) the remaining items are left for the next run
    /// without counting an attempt. A second call while one runs returns the current counts.
    public func sync(using cloud: any KilroyCloudClient) async throws(KilroyStoreError) -> SyncReport {
        guard !isSyncing else { return try summary() }
        isSyncing = true
        defer { isSyncing = false }
        let start = now()
        let due = try load().items.filter { $0.state == .pending && $0.nextAttemptAt <= start }
        var uploaded = 0
        var deleted = 0
        var errors: [String] = []
        items: for item in due {
            inFlight.insert(item.memoryID)
            let outcome = await send(item, using: cloud)
            inFlight.remove(item.memoryID)
            try apply(outcome, to: item)
            switch outcome {
            case .done:
                switch item.operation {
                case .upload: uploaded += 1
                case .delete: deleted += 1
                }
            case .dropped:
                break
            case .failed(let reason):
                errors.append(reason)
            case .retry(let error):
                errors.append(error.errorDescription ?? "\(error)")
                if case .unreachable = error { break items }
            }
        }
        return report(for: try load(), uploaded: uploaded, deleted: deleted, errors: errors)
    }

    // MARK: - Sending

    private enum Outcome {
        /// The server confirmed it.
        case done
        /// Nothing to send any more (the memory is gone locally).
        case dropped
        /// Try again later.
        case retry(KilroyCloudError)
        /// Refused for good, with the reason.
        case failed(String)
    }

    private func send(_ item: UploadItem, using cloud: any KilroyCloudClient) async -> Outcome {
        let id = item.memoryID
        switch item.operation {
        case .upload:
            let memory: DroppedMemory
            let imageData: Data
            do {
                guard let found = try await store.memory(id) else { return .dropped }
                memory = found
                imageData = try await store.imageData(for: found)
            } catch {
                return .failed(error.errorDescription ?? "the memory cannot be read")
            }
            do {
                _ = try await cloud.upload(memory, imageData: imageData)
                return .done
            } catch {
                return error.isRetryable ? .retry(error) : .failed(error.errorDescription ?? "refused by the server")
            }
        case .delete:
            do {
                try await cloud.deleteKilroy(id: key(id))
                return .done
            } catch {
                if case .notFound = error { return .done }
                return error.isRetryable ? .retry(error) : .failed(error.errorDescription ?? "refused by the server")
            }
        }
    }

    /// Records an outcome in the file, re-reading it first because other calls may have changed
    /// the queue while the request was on the network.
    private func apply(_ outcome: Outcome, to item: UploadItem) throws(KilroyStoreError) {
        var contents = try load()
        let index = contents.items.firstIndex { $0.memoryID == item.memoryID && $0.operation == item.operation }
        let id = key(item.memoryID)
        switch outcome {
        case .done:
            if let index { contents.items.remove(at: index) }
            switch item.operation {
            case .upload: if !contents.uploaded.contains(id) { contents.uploaded.append(id) }
            case .delete: contents.uploaded.removeAll { $0 == id }
            }
        case .dropped:
            if let index { contents.items.remove(at: index) }
        case .retry(let error):
            guard let index else { break }
            contents.items[index].attempts = Self.incremented(contents.items[index].attempts)
            var wait = policy.delay(afterAttempts: contents.items[index].attempts)
            if case .rateLimited(_, let retryAfter?) = error { wait = max(wait, TimeInterval(retryAfter)) }
            contents.items[index].nextAttemptAt = now().addingTimeInterval(wait)
            contents.items[index].lastError = error.errorDescription
        case .failed(let reason):
            guard let index else { break }
            contents.items[index].attempts = Self.incremented(contents.items[index].attempts)
            contents.items[index].state = .failed
            contents.items[index].lastError = reason
        }
        try file.write(contents)
    }

    /// `value + 1`, staying at `Int.max` (a hand-edited file cannot make it trap).
    private static func incremented(_ value: Int) -> Int {
        let (sum, overflow) = value.addingReportingOverflow(1)
        return overflow ? Int.max : sum
    }

    private func report(for contents: Contents, uploaded: Int, deleted: Int, errors: [String]) -> SyncReport {
        let pending = contents.items.filter { $0.state == .pending }
        return SyncReport(
            uploaded: uploaded,
            deleted: deleted,
            failed: contents.items.count - pending.count,
            pending: pending.count,
            nextAttemptAt: pending.map(\.nextAttemptAt).min(),
            errors: errors
        )
    }

    private func load() throws(KilroyStoreError) -> Contents {
        try file.read() ?? Contents()
    }

    private func key(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }
}
