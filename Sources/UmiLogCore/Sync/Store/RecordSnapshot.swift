import DAGCBOR
import Foundation
import GRDB

/// A record as it is on this device now, in sync's terms: its fields' values and its sets'
/// elements. Local edits are found by comparing a snapshot with the record's merge state.
struct RecordSnapshot: Equatable, Sendable {
    var fields: [String: DAGCBORValue]
    var sets: [String: [DAGCBORValue]]

    /// The change that takes `state` to this snapshot, stamped `hlc`; `nil` when they agree.
    /// Each write names the newest write of its field as its base, so it supersedes what this
    /// device had seen and nothing else; each removal names the additions it saw.
    func change(from state: SyncRecordState?, id: UUID, recordID: UUID, kind: String, hlc: HLCTimestamp) -> SyncChange? {
        var change = SyncChange(id: id, recordID: recordID, kind: kind, schemaVersion: SyncSchemaVersion.current, hlc: hlc)
        for (name, value) in fields where state?.value(name) != value {
            change.fields[name] = SyncChange.FieldWrite(value: value, base: state?.newestWrite(name))
        }
        for (name, values) in sets {
            let live = state?.elements(name) ?? []
            let liveValues = Set(live.map(\.value))
            let current = Set(values)
            let added = values.filter { !liveValues.contains($0) }
            let removed = live.filter { !current.contains($0.value) }
            if !added.isEmpty { change.adds[name] = added }
            if !removed.isEmpty {
                change.removes[name] = removed.map { SyncChange.SetRemoval(element: $0.value, tags: $0.liveTags) }
            }
        }
        if state?.isDeleted == true && change.isEmpty {
            return change  // present here though deleted in the state: an edit that brings it back
        }
        return change.isEmpty ? nil : change
    }
}

/// SQLite values as DAG-CBOR values and back: a synced field holds exactly what its column
/// held, so projecting a merge state writes the bytes a local edit wrote.
enum SyncValue {
    static func value(_ databaseValue: DatabaseValue) -> DAGCBORValue {
        switch databaseValue.storage {
        case .null: .null
        case .int64(let value): .integer(value)
        case .double(let value): value.isFinite ? .float(value) : .null
        case .string(let value): .text(value)
        case .blob(let value): .bytes(value)
        }
    }

    static func databaseValue(_ value: DAGCBORValue?) -> DatabaseValue {
        switch value {
        case nil, .null?: .null
        case .unsigned(let number)?: Int64(exactly: number).map(\.databaseValue) ?? .null
        case .negative?: value?.intValue.map(\.databaseValue) ?? .null
        case .float(let number)?: number.databaseValue
        case .text(let text)?: text.databaseValue
        case .bytes(let data)?: data.databaseValue
        case .bool(let flag)?: (flag ? 1 : 0).databaseValue
        case .array?, .map?, .link?: .null
        }
    }

    /// The text of a value, or `nil`.
    static func text(_ value: DAGCBORValue?) -> String? { value?.textValue }

    /// A map's text entry.
    static func text(_ key: String, in value: DAGCBORValue) -> String? {
        guard case .map(let map) = value else { return nil }
        return map[key]?.textValue
    }
}
