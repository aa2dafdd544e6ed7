/// Recently returned kilroys by rowid, so that a near query answering about the same
/// neighbourhood as recent ones reads no row from the database: loading its 100 rows (a
/// B-tree descent and a decode each) was over half of a near query's time.
///
/// Bounded by `capacity` records and evicted by CLOCK (second chance): the records sit in a
/// ring of slots; a hit marks its record as used; a new record takes the slot under the hand,
/// after the hand has passed over every used record, clearing its mark. That approximates
/// least-recently-used at the cost of a bit per record, and evicts one record per insert, so
/// no query ever pays for freeing many at once (dropping half of a 200,000-record cache in one
/// go took tens of milliseconds under the cache's lock).
///
/// While a slot is free every record offered is kept: there is nothing to evict for it. Once
/// the cache is full, a record is kept only when it is offered a second time within the last
/// `capacity` offers (a one-bit-per-hash "doorkeeper", as TinyLFU's): near queries spread over
/// a city larger than the cache return rows no one asks for again soon, and keeping each would
/// evict another for nothing — an 18 % loss of near queries per second in the uniform load
/// test, where a doorkeeper costs a bit test per row.
///
/// Not a source of truth and not locked: ``KilroyPositionCache`` (and the PostgreSQL store's
/// `PostgresNearCache`) owns one, under its lock, and decides when a record may be used or kept.
package struct KilroyRecordCache {
    /// One place in the ring.
    private struct Slot {
        var rowID: Int64
        /// `nil` when the slot is free (its row removed).
        var record: KilroyRecord?
        /// The change mark of the earliest state the record is known to be the row in.
        var seenAt: Int64
        var used: Bool
    }

    /// Most records held at once; 0 holds none.
    package let capacity: Int
    /// The slot of each row held. Only the index is looked up for every row of every query, so
    /// it holds a 4-byte slot number, not the record: a few MB that stay in the CPU's caches.
    private var index: [Int64: Int32] = [:]
    /// Grows to `capacity` as records arrive.
    private var slots: [Slot] = []
    /// Slots freed by ``remove(_:)``, taken before any record is evicted.
    private var freedSlots: [Int32] = []
    private var hand = 0
    /// Rows offered once lately, by a hash of the rowid (see ``admits(_:)``).
    private var offered: [UInt64]
    private var offersSinceReset = 0

    package init(capacity: Int) {
        // Slot numbers are 4 bytes.
        self.capacity = min(max(0, capacity), Int(Int32.max))
        // Four bits per record kept, at least 4,096: few rows share a bit before a reset.
        offered = Array(repeating: 0, count: capacity > 0 ? max(64, capacity / 16) : 0)
    }

    /// Records held now (for tests).
    package var count: Int { index.count }

    /// The record of `rowID`, if held and known to be the row in the state with change mark
    /// `mark` (the owner removes a record when the row changes, so a record seen at or before
    /// `mark` still is); marked as used.
    package mutating func record(_ rowID: Int64, seenAt mark: Int64) -> KilroyRecord? {
        guard let slot = index[rowID].map(Int.init), slots[slot].seenAt <= mark else { return nil }
        slots[slot].used = true
        return slots[slot].record
    }

    /// Keeps `record`, the row `rowID` as seen in the state with change mark `mark`, replacing
    /// what was held for it.
    package mutating func insert(_ record: KilroyRecord, rowID: Int64, seenAt mark: Int64) {
        guard capacity > 0 else { return }
        if let held = index[rowID].map(Int.init) {
            // Both are the row as it is now (the owner forgets records of changed rows), so it
            // has been this since the earlier of the two states.
            slots[held].record = record
            slots[held].seenAt = min(slots[held].seenAt, mark)
            return
        }
        let hasRoom = !freedSlots.isEmpty || slots.count < capacity
        guard hasRoom || admits(rowID) else { return }
        if slots.isEmpty {
            // Sized once, at the first record: growing by doubling would rehash every row
            // held each time, a pause under the lock near queries share.
            index.reserveCapacity(capacity)
            slots.reserveCapacity(capacity)
        }
        let filled = Slot(rowID: rowID, record: record, seenAt: mark, used: false)
        let slot: Int
        if let freed = freedSlots.popLast().map(Int.init) {
            slot = freed
            slots[slot] = filled
        } else if slots.count < capacity {
            slot = slots.count
            slots.append(filled)
        } else {
            slot = evict()
            slots[slot] = filled
        }
        index[rowID] = Int32(slot)
    }

    /// Forgets the row `rowID` (deleted or changed); its slot is the next one taken.
    package mutating func remove(_ rowID: Int64) {
        guard let slot = index.removeValue(forKey: rowID) else { return }
        slots[Int(slot)].record = nil
        freedSlots.append(slot)
    }

    /// Whether `rowID` was offered before since the doorkeeper's last reset; marks it offered.
    /// The bits are cleared after `capacity` offers, so "before" means lately.
    private mutating func admits(_ rowID: Int64) -> Bool {
        // Fibonacci hashing: the top bits of the product spread consecutive rowids apart.
        let hash = UInt64(bitPattern: rowID) &* 0x9E37_79B9_7F4A_7C15
        let bit = Int(truncatingIfNeeded: hash >> 32) % (offered.count * 64)
        let (word, mask) = (bit / 64, UInt64(1) << UInt64(bit % 64))
        if offered[word] & mask != 0 { return true }
        if offersSinceReset >= capacity {
            for index in offered.indices { offered[index] = 0 }
            offersSinceReset = 0
        }
        offered[word] |= mask
        offersSinceReset += 1
        return false
    }

    /// The slot of the record evicted for a new one, when every slot is taken: the first unused
    /// one from the hand on. Ends within two turns of the ring (the first clears every mark).
    private mutating func evict() -> Int {
        while true {
            let slot = hand
            hand = (hand + 1) % capacity
            if slots[slot].used {
                slots[slot].used = false
            } else {
                // Every slot holds a record when this is called (free ones are taken first).
                index.removeValue(forKey: slots[slot].rowID)
                return slot
            }
        }
    }
}
