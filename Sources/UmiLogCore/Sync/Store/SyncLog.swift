import DAGCBOR
public import Foundation
public import GRDB
import SQLiteStorage

/// Sync's view of the local store: the outbox, what came from other devices, the three states a
/// change goes through, the trash, and conflicts to resolve. It never touches the network —
/// `SyncClient` does — so everything here works offline, and a write here commits with its
/// change in one transaction.
public struct SyncLog: Sendable {
    let database: UmiLogDatabase
    let now: @Sendable () -> Date

    /// How long a deleted dive stays in the trash, restorable on every device.
    public static let trashRetention: TimeInterval = 30 * 24 * 60 * 60

    public init(database: any DatabaseWriter, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = UmiLogDatabase(database)
        self.now = now
    }

    // MARK: Recording

    /// Records the dives and own sites that have no sync record yet (a log kept before sync
    /// existed) as this device's changes. Returns how many records it made.
    @discardableResult
    public func captureUntracked() async throws(UmiLogError) -> Int {
        let now = now
        return try await database.write { db in
            let dives = try String.fetchAll(
                db, sql: "SELECT id FROM dives WHERE id NOT IN (SELECT id FROM sync_records) ORDER BY id"
            ).compactMap(UUID.init(uuidString:))
            let sites = try String.fetchAll(
                db, sql: "SELECT id FROM sites WHERE source IN ('user', 'import') ORDER BY id"
            ).filter { siteID in
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM sync_records WHERE id = ?",
                    arguments: [SiteSyncMapping.recordID(ofSite: siteID).uuidString.lowercased()]) != true
            }
            try SyncLedger.capture(dives: dives, sites: sites, at: now(), db)
            return dives.count + sites.count
        }
    }

    // MARK: The outbox

    /// Changes not yet acknowledged by the server, oldest first (`saved`, and `uploading` ones
    /// whose answer never came: a retry sends the same change id, so the server keeps it once).
    public func outbox(limit: Int) async throws(UmiLogError) -> [OutboxChange] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, record_id, kind, schema_version, body, sealed FROM sync_changes
                    WHERE status != 'synced' ORDER BY hlc, id LIMIT ?
                    """, arguments: [limit]
            ).map { row in
                guard let id = UUID(uuidString: row[0]), let recordID = UUID(uuidString: row[1]) else {
                    throw UmiLogError.storeFailed(reason: "a sync change has an id that is not a UUID")
                }
                return OutboxChange(
                    id: id, recordID: recordID, kind: row[2], schemaVersion: row[3], body: row[4], sealed: row[5])
            }
        }
    }

    /// Marks changes as on their way to the server, keeping the sealed bytes sent, so a retry
    /// after any failure (or a `kill -9`) sends exactly the same change.
    public func markUploading(_ sealed: [(id: UUID, sealed: Data)]) async throws(UmiLogError) {
        try await database.write { db in
            for (id, bytes) in sealed {
                try db.execute(
                    sql: """
                        UPDATE sync_changes SET status = 'uploading', sealed = coalesce(sealed, ?)
                        WHERE id = ? AND status != 'synced'
                        """, arguments: [bytes, id.uuidString.lowercased()])
            }
        }
    }

    /// Marks changes whose push got no answer (or a refusal) as on this device only again.
    public func markSaved(_ ids: [UUID]) async throws(UmiLogError) {
        try await database.write { db in
            for id in ids {
                try db.execute(
                    sql: "UPDATE sync_changes SET status = 'saved' WHERE id = ? AND status = 'uploading'",
                    arguments: [id.uuidString.lowercased()])
            }
        }
    }

    /// Marks changes as kept by the server, with their sequence numbers.
    public func markSynced(_ accepted: [(id: UUID, seq: Int64)]) async throws(UmiLogError) {
        try await database.write { db in
            for (id, seq) in accepted {
                try db.execute(
                    sql: "UPDATE sync_changes SET status = 'synced', seq = ? WHERE id = ?",
                    arguments: [seq, id.uuidString.lowercased()])
            }
        }
    }

    // MARK: Taking in other devices' changes

    /// Takes in a page of changes from the server (already opened) and moves the cursor to
    /// `cursor`, in one transaction: a page is taken whole or not at all, so a sync cut short
    /// resumes after the last page it took.
    @discardableResult
    public func receive(_ changes: [(change: SyncChange, seq: Int64)], cursor: Int64) async throws(UmiLogError) -> ReceivedChanges {
        let now = now
        let summary = try await database.write { db in try SyncLedger.receive(changes, cursor: cursor, at: now(), db) }
        return ReceivedChanges(applied: summary.applied, alreadyKnown: summary.alreadyKnown, clockWarnings: summary.clockWarnings)
    }

    /// The server sequence number this device has taken in everything up to.
    public func cursor() async throws(UmiLogError) -> Int64 {
        try await database.read { db in try SyncDeviceRow.load(db).cursor }
    }

    /// This device's sync id (its hybrid clock's node).
    public func deviceID() async throws(UmiLogError) -> String {
        try await database.read { db in try SyncDeviceRow.load(db).deviceID }
    }

    // MARK: Profiles

    /// Profiles this device has that the server may not: their digests and bytes.
    public func profilesToUpload(limit: Int) async throws(UmiLogError) -> [(digest: String, bytes: Data)] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT digest, samples FROM sync_profiles WHERE uploaded = 0 ORDER BY digest LIMIT ?", arguments: [limit])
                .map { ($0[0], $0[1]) }
        }
    }

    /// Marks profiles the server now holds, in one transaction.
    public func markProfilesUploaded(_ digests: [String]) async throws(UmiLogError) {
        guard !digests.isEmpty else { return }
        try await database.write { db in
            for digest in digests {
                try db.execute(sql: "UPDATE sync_profiles SET uploaded = 1 WHERE digest = ?", arguments: [digest])
            }
        }
    }

    /// Which of `digests` this device does not have.
    public func missingProfiles(_ digests: Set<String>) async throws(UmiLogError) -> Set<String> {
        try await database.read { db in
            digests.filter { digest in
                (try? Bool.fetchOne(db, sql: "SELECT 1 FROM sync_profiles WHERE digest = ?", arguments: [digest])) != true
            }
        }
    }

    /// Keeps a downloaded profile, refusing bytes that are not the profile named `digest`.
    public func storeProfile(_ bytes: Data, digest: String) async throws(UmiLogError) {
        try await storeProfiles([(bytes, digest)])
    }

    /// Keeps downloaded profiles in one transaction (a first sync brings thousands: one commit
    /// each was most of its time), refusing them all if any is not the profile its digest names.
    public func storeProfiles(_ profiles: [(bytes: Data, digest: String)]) async throws(UmiLogError) {
        for profile in profiles {
            guard DiveSyncMapping.digest(of: profile.bytes) == profile.digest, case .array? = try? DAGCBORValue.decode(profile.bytes) else {
                throw .storeFailed(reason: "a downloaded profile does not match its name")
            }
        }
        guard !profiles.isEmpty else { return }
        try await database.write { db in
            for profile in profiles {
                try SyncLedger.storeProfile(profile.bytes, db)
                try db.execute(sql: "UPDATE sync_profiles SET uploaded = 1 WHERE digest = ?", arguments: [profile.digest])
                // Dives that named this profile before it came: shown with it now.
                let waiting = try String.fetchAll(
                    db, sql: "SELECT dive_id FROM sync_awaited_profiles WHERE digest = ? ORDER BY dive_id", arguments: [profile.digest])
                for key in waiting {
                    guard let id = UUID(uuidString: key), let state = try SyncLedger.loadState(id, db) else { continue }
                    try SyncLedger.project(state, recordID: id, db)
                }
            }
        }
    }

    /// Whether the dive `id` names a profile this device does not hold yet.
    public func isProfileAwaited(_ id: UUID) async throws(UmiLogError) -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM sync_awaited_profiles WHERE dive_id = ?", arguments: [DiveRow.key(id)]) ?? false
        }
    }

    /// The profiles dives name that this device does not hold yet.
    public func awaitedProfiles() async throws(UmiLogError) -> Set<String> {
        try await database.read { db in Set(try String.fetchAll(db, sql: "SELECT DISTINCT digest FROM sync_awaited_profiles")) }
    }
}

/// A change waiting in the outbox.
public struct OutboxChange: Sendable, Hashable {
    public var id: UUID
    public var recordID: UUID
    public var kind: String
    public var schemaVersion: Int
    /// The change's DAG-CBOR bytes, to be sealed.
    public var body: Data
    /// The sealed bytes of an earlier attempt, to be sent again unchanged.
    public var sealed: Data?
}

/// What taking in a page of changes did.
public struct ReceivedChanges: Sendable, Hashable {
    public var applied: Int
    public var alreadyKnown: Int
    /// Changes stamped more than a day ahead of this device's clock.
    public var clockWarnings: Int
}
