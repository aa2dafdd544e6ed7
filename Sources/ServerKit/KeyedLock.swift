/// Mutual exclusion per key, for async code: two tasks holding the same key never overlap.
///
/// A cloud takes it around work on one resource; the Kilroy cloud takes an image's id before writing or deleting its blob, so an upload of
/// some bytes and the deletion of the last kilroy that used the same bytes cannot interleave
/// (which could otherwise delete a blob just recorded again, leaving a row without its bytes).
public actor KeyedLock {
    /// Tasks waiting for each held key, first come first served. A key with an empty queue is
    /// held by one task and nobody waits.
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `body` while holding `key`.
    public init() {}

    public func withLock<T: Sendable>(_ key: String, _ body: @Sendable () async throws -> T) async throws -> T {
        await lock(key)
        do {
            let result = try await body()
            unlock(key)
            return result
        } catch {
            unlock(key)
            throw error
        }
    }

    private func lock(_ key: String) async {
        guard waiters[key] != nil else {
            waiters[key] = []
            return
        }
        await withCheckedContinuation { continuation in
            waiters[key, default: []].append(continuation)
        }
    }

    private func unlock(_ key: String) {
        guard var queue = waiters[key], !queue.isEmpty else {
            waiters[key] = nil
            return
        }
        let next = queue.removeFirst()
        waiters[key] = queue
        next.resume()
    }
}
