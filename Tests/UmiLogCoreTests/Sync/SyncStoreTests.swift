import DAGCBOR
import Foundation
import GRDB
import Identity
import Logging
import TestSupport
import Testing

@testable import UmiLogCore

/// Hands every change `source` made (and its profiles) to `targets`, as the server would, then
/// marks them synced on `source`.
func deliver(_ source: TemporaryLog, to targets: [TemporaryLog]) async throws {
    let pending = try await source.services.sync.outbox(limit: 100_000)
    let changes = try pending.map { (change: try SyncChange.decode($0.body), seq: Int64(0)) }
    let profiles = try await source.services.sync.profilesToUpload(limit: 100_000)
    for target in targets {
        for profile in profiles { try await target.services.sync.storeProfile(profile.bytes, digest: profile.digest) }
        try await target.services.sync.receive(changes, cursor: 0)
    }
    try await source.services.sync.markSynced(pending.map { ($0.id, Int64(1)) })
}

/// Every device hands its changes to every other.
func exchange(_ logs: [TemporaryLog]) async throws {
    for log in logs { try await deliver(log, to: logs.filter { $0.directory != log.directory }) }
}

/// The synced content of a store as text: the log's rows (but the internal `num`) and the
/// records' merge states, in a fixed order.
func syncedContent(_ log: TemporaryLog) async throws -> String {
    try await log.services.database.read { db in
        var lines: [String] = []
        let queries = [
            "SELECT * FROM dives ORDER BY id", "SELECT * FROM dive_tags ORDER BY dive_id, position",
            "SELECT * FROM sightings ORDER BY id", "SELECT * FROM dive_samples ORDER BY dive_id, position",
            "SELECT * FROM dive_signatures ORDER BY dive_id, cid",
            """
            SELECT id, name, latitude, longitude, region, area, country, max_depth_m, typical_depth_m, tags, entry,
                difficulty, description, source, license FROM sites WHERE source IN ('user', 'import') ORDER BY id
            """,
            "SELECT id, kind, hex(state) FROM sync_records ORDER BY id",
        ]
        for query in queries {
            for row in try Row.fetchAll(db, sql: query) { lines.append(row.description) }
        }
        return lines.joined(separator: "\n")
    }
}

@Suite("Sync between stores: local edits, merge rules and projection onto the log")
struct SyncStoreTests {
    @Test func divesLoggedAndImportedOfflineOnThreeStoresEndIdenticalEverywhere() async throws {
        let logs = try await [TemporaryLog(), TemporaryLog(), TemporaryLog()]
        defer { logs.forEach { $0.remove() } }
        _ = try await logs[0].services.saver.save(.essentials(), at: .testNow)
        var draft = DiveDraft.essentials(site: "salt-pier", at: .utc("2026-10-02T09:00:00Z"))
        draft.buddy = "Ali, Bea"
        draft.tags = ["shore", "macro"]
        draft.sightings = [SightingDraft(speciesID: "chelonia-mydas", count: 2)]
        _ = try await logs[1].services.saver.save(draft, at: .testNow)
        // The same file imported on two devices: the same dives, one profile each.
        for log in [logs[1], logs[2]] {
            try await log.services.importer.commit(LogbookReadResult(logbook: ForeignLog.logbook), format: .json, at: .testNow)
        }
        try await exchange(logs)
        let content = try await syncedContent(logs[0])
        #expect(try await syncedContent(logs[1]) == content)
        #expect(try await syncedContent(logs[2]) == content)
        #expect(try await logs[0].services.dives.count() == 5)
        let profiles = try await logs[0].services.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_profiles") }
        #expect(profiles == 1)
        let imported = try #require(try await logs[0].services.dives.history().first { $0.dive.details.number == 1 })
        #expect(try await logs[0].services.dives.samples(of: imported.id).count == 2)
        #expect(imported.dive.siteID?.hasPrefix("import-") == true)
        let logged = try #require(try await logs[2].services.dives.history().first { $0.dive.siteID == "salt-pier" })
        #expect(logged.dive.buddy == "Ali, Bea")
        #expect(Set(logged.dive.tags) == ["shore", "macro"])
        #expect(logged.sightings.map(\.speciesID) == ["chelonia-mydas"])
    }

    @Test func downloadedProfilesAreKeptTogetherOrNotAtAll() async throws {
        let source = try await TemporaryLog()
        let target = try await TemporaryLog()
        defer { [source, target].forEach { $0.remove() } }
        try await source.services.importer.commit(LogbookReadResult(logbook: ForeignLog.logbook), format: .json, at: .testNow)
        let profile = try #require(try await source.services.sync.profilesToUpload(limit: 10).first)
        func kept() async throws -> Int? {
            try await target.services.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_profiles") }
        }
        // One profile whose bytes are not what its name says refuses the whole batch.
        var forged = profile.bytes
        forged[forged.index(before: forged.endIndex)] ^= 1
        await #expect(throws: UmiLogError.self) {
            try await target.services.sync.storeProfiles([(profile.bytes, profile.digest), (forged, profile.digest)])
        }
        #expect(try await kept() == 0)
        try await target.services.sync.storeProfiles([(profile.bytes, profile.digest), (profile.bytes, profile.digest)])
        #expect(try await kept() == 1)
    }

    @Test func aProfileThatArrivesLateIsShownThenAndNeverErasedMeanwhile() async throws {
        let source = try await TemporaryLog()
        let target = try await TemporaryLog()
        defer { [source, target].forEach { $0.remove() } }
        try await source.services.importer.commit(LogbookReadResult(logbook: ForeignLog.logbook), format: .json, at: .testNow)
        let pending = try await source.services.sync.outbox(limit: 1_000)
        let profiles = try await source.services.sync.profilesToUpload(limit: 10)
        // The changes arrive, their profile does not (missing or unreadable at the server).
        try await target.services.sync.receive(try pending.map { (change: try SyncChange.decode($0.body), seq: Int64(0)) }, cursor: 0)
        let logged = try #require(try await target.services.dives.history().first { $0.dive.details.number == 1 })
        #expect(try await target.services.dives.samples(of: logged.dive.id).isEmpty)
        #expect(try await target.services.sync.awaitedProfiles() == Set(profiles.map(\.digest)))
        #expect(try await target.services.sync.isProfileAwaited(logged.dive.id))

        // Edited meanwhile on this device: the change says nothing of the profile.
        var edited = logged.dive
        edited.notes = "edited while its profile was on its way"
        try await target.services.dives.update(edited, sightings: logged.sightings)
        let outbox = try await target.services.sync.outbox(limit: 1_000).map { try SyncChange.decode($0.body) }
        let edit = try #require(outbox.last { $0.recordID == logged.dive.id })
        #expect(edit.fields["notes"] != nil)
        #expect(edit.fields[DiveSyncMapping.profileField] == nil)

        // The profile comes: the dive shows it, and nothing waits any more.
        try await target.services.sync.storeProfiles(profiles.map { ($0.bytes, $0.digest) })
        let samples = try await target.services.dives.samples(of: logged.dive.id)
        #expect(samples == (try await source.services.dives.samples(of: logged.dive.id)))
        #expect(samples.count == 2)
        #expect(try await target.services.sync.awaitedProfiles().isEmpty)
        #expect(try await !target.services.sync.isProfileAwaited(logged.dive.id))
    }

    @Test func theNoteConflictCasesEndAsTheRulesSay() async throws {
        let a = try await TemporaryLog()
        let b = try await TemporaryLog()
        defer { [a, b].forEach { $0.remove() } }
        let dive = try await a.services.saver.save(.essentials(), at: .testNow)
        try await exchange([a, b])
        // Different fields on two devices: both survive.
        var deeper = DiveDraft(dive)
        deeper.maxDepthMeters = 31
        _ = try await a.services.saver.update(dive.id, with: deeper, at: .testNow)
        var elsewhere = DiveDraft(try #require(try await b.services.dives.fetch(id: dive.id)))
        elsewhere.siteID = "ras-mohammed-shark-reef"
        _ = try await b.services.saver.update(dive.id, with: elsewhere, at: .testNow)
        // The same notes field on both: one value, one conflict copy, never mixed text.
        for (log, notes) in [(a, "Wreck penetration, hold 2."), (b, "Current too strong to go in.")] {
            var edit = DiveDraft(try #require(try await log.services.dives.fetch(id: dive.id)))
            edit.notes = notes
            _ = try await log.services.saver.update(dive.id, with: edit, at: .testNow)
        }
        // Concurrent tag adds: both.
        for (log, tag) in [(a, "wreck"), (b, "drift")] {
            var edit = DiveDraft(try #require(try await log.services.dives.fetch(id: dive.id)))
            edit.tags.append(tag)
            _ = try await log.services.saver.update(dive.id, with: edit, at: .testNow)
        }
        try await exchange([a, b])
        #expect(try await syncedContent(a) == syncedContent(b))
        let merged = try #require(try await b.services.dives.fetch(id: dive.id)).dive
        #expect(merged.maxDepthMeters == 31)
        #expect(merged.siteID == "ras-mohammed-shark-reef")
        #expect(Set(merged.tags) == ["wreck", "drift"])
        let notes = try #require(merged.notes)
        #expect(["Wreck penetration, hold 2.", "Current too strong to go in."].contains(notes))
        let conflicts = try await a.services.sync.conflicts()
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.field == "notes")
        #expect(conflicts.first?.kept == notes)
        #expect(conflicts.first?.others.count == 1)
        #expect(conflicts.first?.others.first != notes)
        // Resolving on one device settles it on both.
        try await a.services.sync.resolve(dive.id, field: "notes", value: conflicts.first?.others.first)
        try await exchange([a, b])
        #expect(try await b.services.sync.conflicts().isEmpty)
        #expect(try await b.services.dives.fetch(id: dive.id)?.dive.notes == conflicts.first?.others.first)
    }

    @Test func anEditBeatsADeleteAndTheTrashRestoresOnEveryDevice() async throws {
        let a = try await TemporaryLog()
        let b = try await TemporaryLog()
        defer { [a, b].forEach { $0.remove() } }
        let dive = try await a.services.saver.save(.essentials(), at: .testNow)
        let other = try await a.services.saver.save(.essentials(at: .utc("2026-10-03T09:00:00Z")), at: .testNow)
        try await exchange([a, b])
        try await a.services.saver.delete(dive.id, at: .testNow)
        var edit = DiveDraft(try #require(try await b.services.dives.fetch(id: dive.id)))
        edit.notes = "B's notes"
        _ = try await b.services.saver.update(dive.id, with: edit, at: .testNow)
        try await exchange([a, b])
        for log in [a, b] {
            #expect(try await log.services.dives.fetch(id: dive.id)?.dive.notes == "B's notes")
            #expect(try await log.services.sync.conflicts().map(\.kind) == [.cameBackAfterDelete])
        }
        try await b.services.sync.resolve(dive.id, field: nil, value: nil)
        // A deliberate delete goes to the trash and comes back from it on every device.
        try await a.services.saver.delete(other.id, at: .testNow)
        try await exchange([a, b])
        #expect(try await b.services.dives.fetch(id: other.id) == nil)
        #expect(try await b.services.sync.trash().map(\.id) == [other.id])
        try await b.services.sync.restore(other.id)
        try await exchange([a, b])
        #expect(try await a.services.dives.fetch(id: other.id) != nil)
        #expect(try await a.services.sync.trash().isEmpty)
        #expect(try await a.services.sync.conflicts().isEmpty)
        #expect(try await syncedContent(a) == syncedContent(b))
    }

    @Test func aDeviceWhoseClockSteppedBackStillWinsWithAnEditMadeAfterSeeing() async throws {
        let a = try await TemporaryLog(now: { Date.testNow })
        let b = try await TemporaryLog(now: { Date.testNow.addingTimeInterval(-3_600) })
        defer { [a, b].forEach { $0.remove() } }
        let dive = try await a.services.saver.save(.essentials(), at: .testNow)
        try await exchange([a, b])
        var edit = DiveDraft(try #require(try await b.services.dives.fetch(id: dive.id)))
        edit.maxDepthMeters = 12
        _ = try await b.services.saver.update(dive.id, with: edit, at: .testNow)
        try await exchange([a, b])
        #expect(try await a.services.dives.fetch(id: dive.id)?.dive.maxDepthMeters == 12)
    }

    @Test func signOffsSurviveSyncAndAnEditElsewhereMarksThemStale() async throws {
        let a = try await TemporaryLog()
        let b = try await TemporaryLog()
        defer { [a, b].forEach { $0.remove() } }
        let dive = try await a.services.saver.save(.essentials(), at: .testNow)
        try await a.services.signoffs.sign(dive.id, instructor: Identity.generate(), name: "Ana", at: .testNow)
        // Each device has its own diver key; the account's set of diver DIDs (kept by sync)
        // makes a sign-off made on A verify on B.
        try await a.services.sync.recordDiver(did: a.services.signoffs.diverDID())
        try await exchange([a, b])
        #expect(try await b.services.signoffs.verify(dive.id).map(\.1) == [.valid])
        var edit = DiveDraft(try #require(try await b.services.dives.fetch(id: dive.id)))
        edit.maxDepthMeters = 40
        _ = try await b.services.saver.update(dive.id, with: edit, at: .testNow)
        try await exchange([a, b])
        let statuses = try await a.services.signoffs.verify(dive.id).map(\.1)
        guard case .fieldsChanged(let fields)? = statuses.first else {
            Issue.record("expected the sign-off to be stale, got \(statuses)")
            return
        }
        #expect(!fields.isEmpty)
    }

    @Test func fieldsAndKindsFromANewerVersionSurviveAnOlderDevicesEdits() async throws {
        let a = try await TemporaryLog()
        let b = try await TemporaryLog()
        defer { [a, b].forEach { $0.remove() } }
        let dive = try await a.services.saver.save(.essentials(), at: .testNow)
        try await exchange([a, b])
        let future = HLCTimestamp(wallMilliseconds: 1, counter: 0, node: "newer-device")
        let fromNewer = [
            SyncChange(
                id: UUID(), recordID: dive.id, kind: "dive", schemaVersion: 2, hlc: future,
                fields: ["gas_mix_trimix": SyncChange.FieldWrite(value: "18/45", base: nil)]),
            SyncChange(
                id: UUID(), recordID: UUID(), kind: "gear", schemaVersion: 2, hlc: future,
                fields: ["name": SyncChange.FieldWrite(value: "Regulator", base: nil)]),
        ]
        try await b.services.sync.receive(fromNewer.map { ($0, Int64(0)) }, cursor: 0)
        var edit = DiveDraft(try #require(try await b.services.dives.fetch(id: dive.id)))
        edit.notes = "edited on the older device"
        _ = try await b.services.saver.update(dive.id, with: edit, at: .testNow)
        try await b.services.database.read { db in
            let state = try #require(try SyncLedger.loadState(dive.id, db))
            #expect(state.value("gas_mix_trimix") == "18/45")
            #expect(state.value("notes") == "edited on the older device")
            #expect(try SyncLedger.loadState(fromNewer[1].recordID, db)?.value("name") == "Regulator")
        }
    }

    @Test func fiftyOfflineEditsSurviveARestartInTheOutbox() async throws {
        let directory = ScratchFolder.url("umilog-outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let services = try await UmiLogServices.open(at: directory, logger: .init(label: "test"))
            for index in 0..<50 {
                _ = try await services.saver.save(.essentials(at: Date.testNow.addingTimeInterval(Double(-index) * 86_400)), at: .testNow)
            }
        }
        let reopened = try await UmiLogServices.open(at: directory, logger: .init(label: "test"))
        #expect(try await reopened.sync.outbox(limit: 1_000).count == 50)
        #expect(try await reopened.sync.summary().saved == 50)
    }
}
