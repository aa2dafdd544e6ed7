import Foundation
import GRDB

/// The updates of shared memories still to send: an edit or a deletion of a memory shared with
/// circles is queued here in the edit's own transaction (local first: the network never blocks
/// or undoes it), and the next sync sends the memory's chain again to each of those circles.
enum ShareOutbox {
    /// Queues memory `id` for every circle it is shared with.
    static func queueUpdate(of id: UUID, at time: Date, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO share_outbox (memory_uuid, circle_id, queued_at)
                SELECT memory_uuid, circle_id, ? FROM memory_circles WHERE memory_uuid = ?
                ON CONFLICT (memory_uuid, circle_id) DO UPDATE SET queued_at = excluded.queued_at
                """, arguments: [time.timeIntervalSince1970, id.uuidString.lowercased()])
    }

    /// One update waiting to be sent.
    struct Entry: Hashable, Sendable {
        let memory: String
        let circle: String
        let queuedAt: Double
    }

    /// What waits to be sent, oldest first.
    static func pending(in db: Database) throws -> [Entry] {
        try Row.fetchAll(db, sql: "SELECT memory_uuid, circle_id, queued_at FROM share_outbox ORDER BY queued_at, memory_uuid, circle_id")
            .map { Entry(memory: $0[0], circle: $0[1], queuedAt: $0[2]) }
    }

    /// Removes `entry` once sent, unless the memory was edited again meanwhile (then the newer
    /// chain still has to go).
    static func remove(_ entry: Entry, in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM share_outbox WHERE memory_uuid = ? AND circle_id = ? AND queued_at <= ?",
            arguments: [entry.memory, entry.circle, entry.queuedAt])
    }
}
