public import DAGCBOR
public import Foundation

/// One change to one record, as devices exchange it (sealed) and keep it: the writes a local
/// edit made, stamped with one hybrid-clock reading.
///
/// Changes are operations on a record's merge state (``SyncRecordState``), designed so that
/// applying any set of them in any order, any number of times, gives the same state:
/// - a field write names the value and the newest write of that field its device had seen
///   (`base`): a write supersedes exactly the writes it had seen, and of the concurrent ones
///   left the newest reading wins (last writer wins per field, so edits to different fields on
///   two devices both survive);
/// - set additions are tagged with the change's reading, removals name the tags they saw, so a
///   concurrent add survives a remove (add wins);
/// - a delete names the newest edit its device had seen, so an edit the deleting device had not
///   seen brings the record back (an edit beats a delete).
///
/// Values are DAG-CBOR values, and field and set names are open: a change from a newer version
/// with fields or record kinds this one does not know is kept whole and merged all the same.
public struct SyncChange: Codable, Hashable, Sendable, Identifiable {
    /// Chosen when the change is made; the server's idempotency key.
    public var id: UUID
    public var recordID: UUID
    /// The record's kind: `dive` or `site` today.
    public var kind: String
    /// The schema the writer used (``SyncSchemaVersion/current``).
    public var schemaVersion: Int
    public var hlc: HLCTimestamp
    public var fields: [String: FieldWrite]
    public var adds: [String: [DAGCBORValue]]
    public var removes: [String: [SetRemoval]]
    public var delete: DeleteMark?

    public init(
        id: UUID, recordID: UUID, kind: String, schemaVersion: Int, hlc: HLCTimestamp,
        fields: [String: FieldWrite] = [:], adds: [String: [DAGCBORValue]] = [:], removes: [String: [SetRemoval]] = [:],
        delete: DeleteMark? = nil
    ) {
        self.id = id
        self.recordID = recordID
        self.kind = kind
        self.schemaVersion = schemaVersion
        self.hlc = hlc
        self.fields = fields
        self.adds = adds
        self.removes = removes
        self.delete = delete
    }

    /// A change that writes nothing: it only marks an edit at its reading (restoring a record
    /// from the trash is one, as an edit beats the delete it follows).
    public var isEmpty: Bool { fields.isEmpty && adds.isEmpty && removes.isEmpty && delete == nil }

    /// One field's new value.
    public struct FieldWrite: Codable, Hashable, Sendable {
        public var value: DAGCBORValue
        /// The newest write of this field the writer had seen, if any.
        public var base: HLCTimestamp?

        public init(value: DAGCBORValue, base: HLCTimestamp?) {
            self.value = value
            self.base = base
        }
    }

    /// The removal of one set element: the add tags the remover had seen.
    public struct SetRemoval: Codable, Hashable, Sendable {
        public var element: DAGCBORValue
        public var tags: [HLCTimestamp]

        public init(element: DAGCBORValue, tags: [HLCTimestamp]) {
            self.element = element
            self.tags = tags
        }
    }

    /// A deletion: the newest edit of the record the deleting device had seen.
    public struct DeleteMark: Codable, Hashable, Sendable {
        public var observed: HLCTimestamp?

        public init(observed: HLCTimestamp?) { self.observed = observed }
    }

    /// The change's canonical DAG-CBOR bytes (what is sealed and kept).
    public func encoded() throws -> Data { try DAGCBOREncoder().encode(self) }

    /// Reads a change, refusing anything that is not one (it comes from the network).
    public static func decode(_ data: Data) throws -> SyncChange { try DAGCBORDecoder().decode(SyncChange.self, from: data) }
}

/// The version of the sync schema this build writes. Changes and records of a higher version
/// are kept and merged field by field; what this version does not know is left as it is.
public enum SyncSchemaVersion {
    public static let current = 1
}
