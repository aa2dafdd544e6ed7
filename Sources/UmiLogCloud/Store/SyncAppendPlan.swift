public import Foundation

/// The one rule both stores use to decide a push, as a pure function of what the store read under
/// the account's lock: so SQLite and PostgreSQL cannot answer a push differently.
///
/// Changes are taken in the order pushed. A change id already in the log with identical content
/// (record id, kind, schema version, sealed bytes) keeps its stored sequence number; so does a
/// repeat inside the batch. Any other reuse of a change id is a conflict at the first index where
/// it happens, and then nothing is written. Each new change takes the next sequence number after
/// `lastSeq`. New changes that would take the account's use past the quota refuse the whole push;
/// a push that adds nothing (a retry) is answered even over quota.
public struct SyncAppendPlan: Sendable, Equatable {
    /// What the store answers.
    public let outcome: AppendOutcome
    /// The rows to insert (empty unless `outcome` is `.appended`), in sequence order.
    public let inserts: [StoredChangeRecord]
    /// The sealed bytes `inserts` add to the account's use.
    public let addedBytes: Int64

    /// Decides a push.
    ///
    /// - Parameters:
    ///   - changes: the push, in order.
    ///   - stored: the log's changes whose ids the push names (others may be included).
    ///   - lastSeq: the account's last sequence number.
    ///   - usedBytes: the account's use before the push.
    ///   - quotaBytes: the most the account may use.
    public init(
        _ changes: [IncomingChange], stored: [StoredChangeRecord], lastSeq: Int64, usedBytes: Int64, quotaBytes: Int64,
        deviceID: UUID, at date: Date
    ) {
        var known: [UUID: (seq: Int64, change: IncomingChange)] = [:]
        for record in stored { known[record.change.changeID] = (record.seq, record.change) }
        var seqs: [Int64] = []
        var inserts: [StoredChangeRecord] = []
        var added: Int64 = 0
        for (index, change) in changes.enumerated() {
            if let existing = known[change.changeID] {
                guard Self.sameContent(existing.change, change) else {
                    self.init(outcome: .conflict(index: index))
                    return
                }
                seqs.append(existing.seq)
                continue
            }
            let seq = lastSeq + Int64(inserts.count) + 1
            inserts.append(StoredChangeRecord(seq: seq, change: change, deviceID: deviceID, receivedAt: date))
            known[change.changeID] = (seq, change)
            added += Int64(change.sealed.count)
            seqs.append(seq)
        }
        guard inserts.isEmpty || usedBytes + added <= quotaBytes else {
            self.init(outcome: .quotaExceeded)
            return
        }
        self.init(outcome: .appended(seqs), inserts: inserts, addedBytes: added)
    }

    private init(outcome: AppendOutcome, inserts: [StoredChangeRecord] = [], addedBytes: Int64 = 0) {
        self.outcome = outcome
        self.inserts = inserts
        self.addedBytes = addedBytes
    }

    /// Whether two changes with one id are the same change (who pushed it and when do not count).
    static func sameContent(_ first: IncomingChange, _ second: IncomingChange) -> Bool {
        first.recordID == second.recordID && first.kind == second.kind && first.schemaVersion == second.schemaVersion
            && first.sealed == second.sealed
    }
}

/// The one rule both stores use to cut a page of the change log, from the sizes of the changes
/// that follow the cursor.
public enum SyncPageCut {
    /// How many of the changes (whose sealed sizes are `sizes`, in order) a page takes: at most
    /// `limit`, and no change that would take the page past `maximumBytes`, except that a page
    /// takes the first change whatever its size (so a large change never blocks the log).
    ///
    /// Read ``sizesToRead(limit:)`` sizes: the page has more after it exactly when the answer is
    /// less than the number of sizes read. A limit below 1 counts as 1.
    public static func count(sizes: [Int64], limit: Int, maximumBytes: Int) -> Int {
        let limit = max(limit, 1)
        var taken = 0
        var bytes: Int64 = 0
        for size in sizes {
            guard taken < limit else { break }
            guard taken == 0 || bytes + size <= Int64(maximumBytes) else { break }
            bytes += size
            taken += 1
        }
        return taken
    }

    /// How many sizes to read for a page of at most `limit` changes: one more than it can take.
    public static func sizesToRead(limit: Int) -> Int {
        max(limit, 1) + 1
    }
}
