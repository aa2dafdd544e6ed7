public import GRDB
import Synchronization

/// Writes that commit together: callers that arrive while a transaction is running wait and then
/// share the next one (up to ``maximumBatch``), each in its own savepoint, so one caller's error
/// rolls back only its own changes. Every caller is answered only after the shared `COMMIT`, so an
/// answer always means a durable write; a failed commit fails every caller of that batch (none of
/// their changes is kept, and each may retry).
///
/// SQLite takes one writer at a time, and a commit is the dearest part of a small transaction;
/// sharing it lets a busy server settle several times more small writes per second, while a lone
/// caller still commits at once.
public final class GroupCommitWriter: Sendable {
    /// The most callers one transaction serves.
    public static let maximumBatch = 128

    /// One caller's work and how to answer it.
    private struct Job: Sendable {
        /// Runs the work inside the shared transaction (in its savepoint), keeping its result.
        let run: @Sendable (Database) -> Void
        /// Answers the caller with the kept result, or with the batch's commit error.
        let finish: @Sendable ((any Error)?) -> Void
    }

    private struct Queue {
        var jobs: [Job] = []
        var draining = false
    }

    private let writer: any DatabaseWriter
    private let queue = Mutex(Queue())

    public init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` inside an immediate transaction shared with other callers, in a savepoint of
    /// its own; returns its result once the transaction has committed.
    ///
    /// - Throws: what `body` threw (its changes rolled back, the others' kept), or the error that
    ///   stopped the shared transaction from committing.
    public func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let result = ResultBox<T>()
            let job = Job(
                run: { db in
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        result.value = value.map { .success($0) }
                    } catch {
                        result.value = .failure(error)
                    }
                },
                finish: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else if let value = result.value {
                        continuation.resume(with: value)
                    } else {
                        continuation.resume(throwing: DatabaseError(resultCode: .SQLITE_MISUSE, message: "a batched write kept no result"))
                    }
                })
            let startsDrain = queue.withLock { queue in
                queue.jobs.append(job)
                guard !queue.draining else { return false }
                queue.draining = true
                return true
            }
            if startsDrain { commitNextBatch() }
        }
    }

    /// Commits the next batch on the writer's own queue, then queues itself again while callers
    /// wait. Each batch is its own turn on that queue, so the database's other writes still take
    /// theirs in order, and no task outlives its callers to drain the queue.
    private func commitNextBatch() {
        writer.asyncWriteWithoutTransaction { db in
            let batch = self.queue.withLock { queue -> [Job] in
                let batch = Array(queue.jobs.prefix(Self.maximumBatch))
                queue.jobs.removeFirst(batch.count)
                if batch.isEmpty { queue.draining = false }
                return batch
            }
            if batch.isEmpty { return }
            do {
                try db.inTransaction(.immediate) {
                    for job in batch { job.run(db) }
                    return .commit
                }
                for job in batch { job.finish(nil) }
            } catch {
                for job in batch { job.finish(error) }
            }
            self.commitNextBatch()
        }
    }
}

/// One caller's result, written on the database's writer thread inside the shared transaction
/// and read after that transaction has returned.
///
/// `@unchecked Sendable` is safe: the value is written only by `Job.run` and read only by
/// `Job.finish`, which `commitNextBatch()` calls after `run`, in the same closure on the same
/// thread (the writer's queue); no two threads touch the box.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: Result<T, any Error>?
}
