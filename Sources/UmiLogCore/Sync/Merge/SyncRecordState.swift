public import DAGCBOR
public import Foundation

/// Everything the changes to one record add up to: a join of all of them, so the same set of
/// changes gives the same state (and the same canonical bytes) whatever order they came in and
/// however often each came.
///
/// - Fields keep their *maximal* writes: those no other write had seen (a write's `base` is the
///   newest write of the field its device had seen, and it supersedes every write up to that
///   reading). One maximal write is the usual case; several are concurrent edits, of which the
///   newest reading is the value and the others, when they differ, are conflict copies.
/// - Sets keep, per element, the tags of its additions and the tags removals had seen; an
///   element is present while one of its additions is not removed (add wins).
/// - `lastEdit` is the newest reading of any change that was not a delete; the deletion kept is
///   the one that had seen the most. The record is deleted only while that deletion had seen
///   `lastEdit`: an edit the deleting device had not seen brings it back.
public struct SyncRecordState: Codable, Hashable, Sendable {
    public var kind: String
    public var schemaVersion: Int
    public var fields: [String: [Write]]
    public var sets: [String: [Element]]
    public var lastEdit: HLCTimestamp?
    public var deletion: Deletion?

    public init(kind: String, schemaVersion: Int) {
        self.kind = kind
        self.schemaVersion = schemaVersion
        self.fields = [:]
        self.sets = [:]
    }

    /// One write of a field.
    public struct Write: Codable, Hashable, Sendable {
        public var hlc: HLCTimestamp
        public var base: HLCTimestamp?
        public var value: DAGCBORValue
    }

    /// One element of a set: its value, the tags that added it (with the element's place in
    /// each adding change's list, so a list added at once keeps its order) and the tags removed.
    public struct Element: Codable, Hashable, Sendable {
        public var value: DAGCBORValue
        public var adds: [HLCTimestamp]
        /// `positions[i]` is the element's index in the additions of the change tagged `adds[i]`.
        public var positions: [Int]
        public var removed: [HLCTimestamp]

        /// Adds the tag `tag` at `position`, once, keeping `adds` in order.
        mutating func add(_ tag: HLCTimestamp, position: Int) {
            let index = adds.firstIndex { $0 >= tag } ?? adds.count
            if index < adds.count, adds[index] == tag { return }
            adds.insert(tag, at: index)
            positions.insert(position, at: index)
        }

        /// The oldest addition still standing, with its position: where the element sits.
        var firstLiveAddition: (HLCTimestamp, Int)? {
            zip(adds, positions).first { !removed.contains($0.0) }
        }

        /// Whether an addition is still standing.
        public var isPresent: Bool { adds.contains { !removed.contains($0) } }

        /// The tags of additions still standing.
        public var liveTags: [HLCTimestamp] { adds.filter { !removed.contains($0) } }
    }

    /// The deletion that had seen the most.
    public struct Deletion: Codable, Hashable, Sendable {
        public var hlc: HLCTimestamp
        public var observed: HLCTimestamp?
    }

    // MARK: Merging

    /// Joins `change` into the state. Idempotent, commutative and associative.
    public mutating func apply(_ change: SyncChange) {
        kind = max(kind, change.kind)
        schemaVersion = max(schemaVersion, change.schemaVersion)
        if let delete = change.delete {
            let candidate = Deletion(hlc: change.hlc, observed: delete.observed)
            if let current = deletion {
                let seesMore = HLCTimestamp.precedes(current.observed, candidate.observed)
                if seesMore || (current.observed == candidate.observed && current.hlc < candidate.hlc) { deletion = candidate }
            } else {
                deletion = candidate
            }
        } else {
            lastEdit = lastEdit.map { Swift.max($0, change.hlc) } ?? change.hlc
        }
        for (name, write) in change.fields {
            insert(Write(hlc: change.hlc, base: write.base, value: write.value), into: name)
        }
        for (name, values) in change.adds {
            for (position, value) in values.enumerated() {
                updateElement(value, in: name) { $0.add(change.hlc, position: position) }
            }
        }
        for (name, removals) in change.removes {
            for removal in removals {
                updateElement(removal.element, in: name) { element in
                    for tag in removal.tags { element.removed.insertSorted(tag) }
                }
            }
        }
    }

    private mutating func insert(_ write: Write, into name: String) {
        var writes = fields[name] ?? []
        if writes.contains(where: { $0.hlc == write.hlc }) { return }
        if writes.contains(where: { existing in existing.base.map { $0 >= write.hlc } ?? false }) { return }
        writes.removeAll { existing in write.base.map { $0 >= existing.hlc } ?? false }
        writes.append(write)
        writes.sort { $0.hlc < $1.hlc }
        fields[name] = writes
    }

    private mutating func updateElement(_ value: DAGCBORValue, in name: String, _ update: (inout Element) -> Void) {
        var elements = sets[name] ?? []
        let key = Self.sortKey(value)
        if let index = elements.firstIndex(where: { Self.sortKey($0.value) == key }) {
            update(&elements[index])
        } else {
            var element = Element(value: value, adds: [], positions: [], removed: [])
            update(&element)
            let position = elements.firstIndex { Self.sortKey($0.value).lexicographicallyPrecedes(key) == false } ?? elements.count
            elements.insert(element, at: position)
        }
        sets[name] = elements
    }

    /// Elements are kept in the order of their canonical bytes, so equal sets encode equally.
    static func sortKey(_ value: DAGCBORValue) -> [UInt8] { Array((try? value.encoded()) ?? Data()) }

    // MARK: Reading

    /// The field's value: the newest of its maximal writes; `nil` when never written.
    public func value(_ name: String) -> DAGCBORValue? { fields[name]?.last?.value }

    /// The newest write of the field, which a new local write names as its base.
    public func newestWrite(_ name: String) -> HLCTimestamp? { fields[name]?.last?.hlc }

    /// Concurrent values of the field that lost to ``value(_:)``: one per distinct value.
    public func conflictingWrites(_ name: String) -> [Write] {
        guard let writes = fields[name], let winner = writes.last else { return [] }
        var seen: Set<DAGCBORValue> = [winner.value]
        var losers: [Write] = []
        for write in writes.dropLast().reversed() where seen.insert(write.value).inserted {
            losers.append(write)
        }
        return losers
    }

    /// The elements present in a set, oldest addition first; elements added by one change in
    /// the order that change listed them (ties, which one change cannot make, by canonical bytes).
    public func elements(_ name: String) -> [Element] {
        (sets[name] ?? []).filter(\.isPresent).sorted { lhs, rhs in
            if let left = lhs.firstLiveAddition, let right = rhs.firstLiveAddition, left != right {
                return left.0 != right.0 ? left.0 < right.0 : left.1 < right.1
            }
            return Self.sortKey(lhs.value).lexicographicallyPrecedes(Self.sortKey(rhs.value))
        }
    }

    /// Whether the record is deleted: a deletion had seen its newest edit.
    public var isDeleted: Bool {
        guard let deletion else { return false }
        guard let lastEdit else { return true }
        guard let observed = deletion.observed else { return false }
        return observed >= lastEdit
    }

    /// Deleted on some device, but back because of an edit that deletion had not seen.
    public var cameBackAfterDelete: Bool { deletion != nil && !isDeleted }

    /// The canonical bytes of the state (what devices compare and keep).
    public func encoded() throws -> Data { try DAGCBOREncoder().encode(self) }

    public static func decode(_ data: Data) throws -> SyncRecordState {
        try DAGCBORDecoder().decode(SyncRecordState.self, from: data)
    }
}

extension Array where Element == HLCTimestamp {
    /// Inserts `tag` in order unless it is there already.
    fileprivate mutating func insertSorted(_ tag: HLCTimestamp) {
        let index = firstIndex { $0 >= tag } ?? count
        if index < count, self[index] == tag { return }
        insert(tag, at: index)
    }
}

extension HLCTimestamp {
    /// Order with `nil` (never) before every reading.
    static func precedes(_ lhs: HLCTimestamp?, _ rhs: HLCTimestamp?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): false
        case (nil, _?): true
        case (_?, nil): false
        case (let left?, let right?): left < right
        }
    }
}
