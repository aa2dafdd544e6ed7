import Foundation
import Logging
import Testing
import Validation

@testable import UmiLogCore

@Suite("Dive log: the wizard's save reaches history, stats, species and lists")
struct DiveLogTests {
    @Test("a dive logged with sightings shows in history, stats, species popularity and the site's list state")
    func loggedDiveShowsEverywhere() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let services = log.services
        var draft = DiveDraft.essentials()
        draft.sightings = [SightingDraft(speciesID: "chelonia-mydas", count: 2), SightingDraft(speciesID: "cheilinus-undulatus")]
        draft.waterTemperatureCelsius = 24
        let saved = try await services.saver.save(draft, at: .testNow)

        let history = try await services.dives.history()
        #expect(history.map(\.id) == [saved.id])
        #expect(history[0].sightings.map(\.speciesID) == ["chelonia-mydas", "cheilinus-undulatus"])
        #expect(history[0].sightings[0].count == 2)

        let stats = try await services.stats.stats()
        #expect(stats.dives == 1)
        #expect(stats.maxDepthMeters == 28)
        #expect(stats.sites == 1)
        #expect(stats.species == 2)
        #expect(stats.totalBottomTimeSeconds == 45 * 60)
        #expect(stats.countries == ["Egypt"])

        let popular = try await services.species.popular(limit: 3, region: "Red Sea")
        #expect(popular.prefix(2).map(\.sightings) == [1, 1])
        #expect(Set(popular.prefix(2).map(\.species.id)) == ["chelonia-mydas", "cheilinus-undulatus"])
        #expect(popular[2].sightings == 0)

        #expect(try await services.sites.status(of: "ss-thistlegorm") == .logged)
    }

    @Test("the same store file opened again holds the dive")
    func survivesReopen() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let saved = try await log.services.saver.save(.essentials(), at: .testNow)
        let reopened = try await UmiLogServices.open(at: log.directory, now: { .testNow }, logger: Logger(label: "test"))
        #expect(try await reopened.dives.fetch(id: saved.id)?.dive == saved.dive)
    }

    @Test("an invalid draft writes nothing and names the field")
    func invalidDraftWritesNothing() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        var draft = DiveDraft.essentials(depth: 331)
        draft.sightings = [SightingDraft(speciesID: "chelonia-mydas")]
        await #expect(throws: UmiLogError.invalidField(FieldIssue(.maxDepth, "must be 0–330 m"))) {
            try await log.services.saver.save(draft, at: .testNow)
        }
        #expect(try await log.services.dives.count() == 0)
        #expect(try await log.services.sites.status(of: "ss-thistlegorm") == nil)
    }

    @Test("an unknown species rolls the whole dive back")
    func unknownSpeciesRollsBack() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        var draft = DiveDraft.essentials()
        draft.sightings = [SightingDraft(speciesID: "chelonia-mydas"), SightingDraft(speciesID: "nessie")]
        await #expect(throws: UmiLogError.speciesNotFound("nessie")) {
            try await log.services.saver.save(draft, at: .testNow)
        }
        #expect(try await log.services.dives.count() == 0)
        await #expect(throws: UmiLogError.siteNotFound("atlantis")) {
            try await log.services.saver.save(.essentials(site: "atlantis"), at: .testNow)
        }
    }

    @Test("moving a dive to another site settles the old site as visited")
    func updateMovesSite() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let services = log.services
        let saved = try await services.saver.save(.essentials(), at: .testNow)
        var draft = DiveDraft(saved)
        draft.siteID = "salt-pier"
        draft.maxDepthMeters = 12
        let updated = try await services.saver.update(saved.id, with: draft, at: .testNow.adding(days: 1))
        #expect(updated.dive.createdAt == saved.dive.createdAt)
        #expect(updated.dive.updatedAt == .testNow.adding(days: 1))
        #expect(try await services.sites.status(of: "salt-pier") == .logged)
        #expect(try await services.sites.status(of: "ss-thistlegorm") == .visited)
        #expect(try await services.dives.fetch(id: saved.id)?.dive.maxDepthMeters == 12)
    }

    @Test("deleting the last dive at a site removes its sightings and leaves the site visited")
    func deleteSettlesSite() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let services = log.services
        var draft = DiveDraft.essentials()
        draft.sightings = [SightingDraft(speciesID: "chelonia-mydas")]
        let first = try await services.saver.save(draft, at: .testNow)
        let second = try await services.saver.save(.essentials(at: .utc("2026-10-02T09:00:00Z")), at: .testNow)
        try await services.saver.delete(first.id, at: .testNow)
        #expect(try await services.sites.status(of: "ss-thistlegorm") == .logged)
        #expect(try await services.stats.stats().species == 0)
        try await services.saver.delete(second.id, at: .testNow)
        #expect(try await services.sites.status(of: "ss-thistlegorm") == .visited)
        await #expect(throws: UmiLogError.diveNotFound(second.id.uuidString.lowercased())) {
            try await services.saver.delete(second.id, at: .testNow)
        }
    }

    @Test("listeners hear about every change, with the sites it touched")
    func eventsArePublished() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let services = log.services
        let history = await services.events.subscribe()
        let map = await services.events.subscribe()
        let saved = try await services.saver.save(.essentials(), at: .testNow)
        var draft = DiveDraft(saved)
        draft.siteID = "salt-pier"
        try await services.saver.update(saved.id, with: draft, at: .testNow)
        try await services.saver.delete(saved.id, at: .testNow)
        for stream in [history, map] {
            var iterator = stream.makeAsyncIterator()
            let changes = [await iterator.next(), await iterator.next(), await iterator.next()]
            #expect(changes.map { $0?.kind } == [.created, .updated, .deleted])
            #expect(changes[1]?.siteIDs == ["ss-thistlegorm", "salt-pier"])
            #expect(changes.allSatisfy { $0?.diveID == saved.id })
        }
    }

    @Test("history filters by site, dates, depth, species and tag, newest first")
    func historyFilters() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let services = log.services
        var deep = DiveDraft.essentials(at: .utc("2026-03-01T09:00:00Z"), depth: 38)
        deep.tags = ["Deep", "training"]
        deep.sightings = [SightingDraft(speciesID: "carcharhinus-amblyrhynchos")]
        let deepDive = try await services.saver.save(deep, at: .testNow)
        let shallow = try await services.saver.save(.essentials(site: "salt-pier", at: .utc("2026-04-01T09:00:00Z"), depth: 9), at: .testNow)
        let middle = try await services.saver.save(.essentials(at: .utc("2026-05-01T09:00:00Z"), depth: 22), at: .testNow)

        #expect(try await services.dives.history().map(\.id) == [middle.id, shallow.id, deepDive.id])
        #expect(try await services.dives.history(DiveFilter(siteID: "ss-thistlegorm")).map(\.id) == [middle.id, deepDive.id])
        #expect(
            try await services.dives.history(DiveFilter(from: .utc("2026-03-15T00:00:00Z"), to: .utc("2026-04-15T00:00:00Z"))).map(\.id) == [
                shallow.id
            ])
        #expect(try await services.dives.history(DiveFilter(minDepthMeters: 20, maxDepthMeters: 30)).map(\.id) == [middle.id])
        #expect(try await services.dives.history(DiveFilter(speciesID: "carcharhinus-amblyrhynchos")).map(\.id) == [deepDive.id])
        #expect(try await services.dives.history(DiveFilter(tag: "deep")).map(\.id) == [deepDive.id])
        #expect(try await services.dives.history(DiveFilter(limit: 1)).map(\.id) == [middle.id])
        #expect(try await services.dives.fetch(id: deepDive.id)?.dive.tags == ["deep", "training"])
    }

    @Test("dives are found by a unique id prefix")
    func findByPrefix() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let saved = try await log.services.saver.save(.essentials(), id: UUID(uuidString: "abcdef01-0000-4000-8000-000000000001")!, at: .testNow)
        _ = try await log.services.saver.save(.essentials(), id: UUID(uuidString: "abcdef02-0000-4000-8000-000000000002")!, at: .testNow)
        #expect(try await log.services.dives.find("ABCDEF01").id == saved.id)
        await #expect(throws: UmiLogError.ambiguousDiveID("abcdef", matches: 2)) { try await log.services.dives.find("abcdef") }
        await #expect(throws: UmiLogError.diveNotFound("0000")) { try await log.services.dives.find("0000") }
    }
}

@Suite("QuickLog: one tap from the previous dive at the site")
struct QuickLogTests {
    @Test("copies the previous dive at the same site, not its notes, rating or sightings")
    func prefillsFromPreviousDive() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let services = log.services
        var first = DiveDraft.essentials(depth: 26, minutes: 50)
        first.oxygenPercent = 32
        first.buddy = "Sam"
        first.waterTemperatureCelsius = 24
        first.notes = "Motorbikes in hold 2"
        first.rating = 5
        first.sightings = [SightingDraft(speciesID: "chelonia-mydas")]
        _ = try await services.saver.save(first, at: .testNow)
        _ = try await services.saver.save(.essentials(site: "salt-pier", at: .utc("2026-10-05T09:00:00Z"), depth: 10), at: .testNow)

        let quick = try await services.quickLog.log(siteID: "ss-thistlegorm", startTime: .utc("2026-10-06T09:00:00Z"), at: .testNow)
        #expect(quick.dive.maxDepthMeters == 26)
        #expect(quick.dive.bottomTimeSeconds == 50 * 60)
        #expect(quick.dive.gas == .nitrox(oxygenPercent: 32))
        #expect(quick.dive.buddy == "Sam")
        #expect(quick.dive.waterTemperatureCelsius == 24)
        #expect(quick.dive.notes == nil)
        #expect(quick.dive.rating == nil)
        #expect(quick.sightings.isEmpty)
        #expect(try await services.dives.count() == 3)
    }

    @Test("adjustments win over the copied values")
    func adjustments() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        _ = try await log.services.saver.save(.essentials(depth: 26), at: .testNow)
        let quick = try await log.services.quickLog.log(
            siteID: "ss-thistlegorm", startTime: .utc("2026-10-06T09:00:00Z"), at: .testNow
        ) { $0.maxDepthMeters = 31 }
        #expect(quick.dive.maxDepthMeters == 31)
    }

    @Test("with no earlier dive at the site it needs the essentials")
    func nothingToCopy() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        await #expect(throws: UmiLogError.nothingToPrefill(siteID: "blue-corner")) {
            try await log.services.quickLog.log(siteID: "blue-corner", startTime: .testNow, at: .testNow)
        }
        let given = try await log.services.quickLog.log(siteID: "blue-corner", startTime: .testNow, at: .testNow) {
            $0.maxDepthMeters = 25
            $0.bottomTimeSeconds = 2_400
        }
        #expect(given.dive.siteID == "blue-corner")
    }
}
