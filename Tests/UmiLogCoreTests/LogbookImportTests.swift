import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogCore

/// A small log as another program would write it: a site that is the shipped Salt Pier under a
/// different spelling, a new site with GPS, one without, and dives with profiles and equipment.
enum ForeignLog {
    static let logbook = Logbook(
        sites: [
            LogbookSite(key: "a1", name: "SALT PIER ", coordinate: .at(12.0852, -68.2762)),
            LogbookSite(key: "b2", name: "Lake Coleridge", coordinate: .at(-43.342295, 171.545936), country: "New Zealand"),
            LogbookSite(key: "c3", name: "Suomi -  - Hälvälä"),
        ],
        dives: [
            LogbookDive(
                number: 1, start: LocalDateTime(year: 2014, month: 4, day: 2, hour: 10)!, durationSeconds: 4_674,
                maxDepthMeters: 38.99, meanDepthMeters: 17.72, siteKey: "b2", airTemperatureCelsius: 12.2,
                waterTemperatureCelsius: 4.3, visibilityRating: 4, rating: 4, buddy: "Michael", divemaster: "Taylor",
                suit: "dry suit", notes: "Line one\n\"quoted\"\nline three", tags: ["ccr_dive"],
                cylinders: [
                    Cylinder(
                        description: "D3 232 bar", sizeLiters: 3, workingPressureBar: 232, oxygenPercent: 16, heliumPercent: 45,
                        startPressureBar: 200, endPressureBar: 100, use: .diluent),
                    Cylinder(description: "D3 232 bar", sizeLiters: 3, oxygenPercent: 100, startPressureBar: 200, endPressureBar: 150, use: .oxygen),
                    Cylinder(
                        description: "AL80", sizeLiters: 11.1, workingPressureBar: 207, oxygenPercent: 21, startPressureBar: 207, endPressureBar: 200),
                ],
                weights: [WeightSystem(kilograms: 2, description: "integrated")], mode: .closedCircuit,
                surfacePressureBar: 1.02, salinityGramsPerLiter: 1000, diveComputer: "Heinrichs Weikamp OSTC 3",
                samples: [
                    DiveSample(timeSeconds: 2, depthMeters: 1.2, temperatureCelsius: 10, ndlSeconds: 14_400),
                    DiveSample(timeSeconds: 4, depthMeters: 2.4, temperatureCelsius: 10, ndlSeconds: 14_400, cnsPercent: 1, po2Bar: 0.7),
                ],
                sightings: [LogbookSighting(speciesID: "chelonia-mydas", count: 2, note: "two")]
            ),
            LogbookDive(
                number: 417, start: LocalDateTime(year: 2015, month: 5, day: 23, hour: 13, minute: 23)!, durationSeconds: 6_000,
                maxDepthMeters: 81.5, siteKey: "c3", notes: "{\\rtf1 deep}"
            ),
            LogbookDive(
                number: 2, start: LocalDateTime(year: 2013, month: 2, day: 2, hour: 8, minute: 21, second: 50)!,
                durationSeconds: 3_640, maxDepthMeters: 28.84, siteKey: "a1", waterTemperatureCelsius: 55,
                cylinders: [Cylinder(oxygenPercent: 33, startPressureBar: 210, endPressureBar: 60)]
            ),
        ]
    )
}

@Suite("LogbookImporter: preview, one transaction, idempotent, sites matched")
struct LogbookImportTests {
    @Test("the preview shows what would happen and writes nothing")
    func previewWritesNothing() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let sitesBefore = try await log.services.sites.count()
        let preview = try await log.services.importer.preview(LogbookReadResult(logbook: ForeignLog.logbook), format: .json, at: .testNow)
        #expect(preview.newDiveCount == 3)
        #expect(preview.newSites.map(\.name).sorted() == ["Lake Coleridge", "Suomi -  - Hälvälä"])
        #expect(preview.linkedSites == ["a1": "salt-pier"])
        #expect(preview.issues.contains { $0.message.contains("water temperature 55") && $0.outcome == .valueDropped })
        #expect(try await log.services.dives.count() == 0)
        #expect(try await log.services.sites.count() == sitesBefore)
    }

    @Test("importing writes dives, sites, profiles and sightings; importing again adds nothing")
    func importIsIdempotent() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        let first = try await log.services.importer.commit(LogbookReadResult(logbook: ForeignLog.logbook), format: .json, at: .testNow)
        #expect(first.importedDives == 3)
        #expect(first.createdSites == 2)
        #expect(first.linkedSites == 1)
        #expect(first.samples == 2)
        let history = try await log.services.dives.history()
        #expect(history.map(\.dive.maxDepthMeters) == [81.5, 38.99, 28.84])
        let ccr = try #require(history.first { $0.dive.details.number == 1 })
        #expect(ccr.dive.startTime == Date.utc("2014-04-02T10:00:00Z"))
        #expect(ccr.dive.details.mode == .closedCircuit)
        #expect(ccr.dive.details.cylinders.count == 3)
        #expect(ccr.dive.gas == .air)  // the open-circuit bailout, not the diluent or the oxygen
        #expect(ccr.dive.startPressureBar == 207)
        #expect(ccr.sightings.map(\.speciesID) == ["chelonia-mydas"])
        #expect(try await log.services.dives.samples(of: ccr.dive.id).count == 2)
        let nitrox = try #require(history.first { $0.dive.details.number == 2 })
        #expect(nitrox.dive.siteID == "salt-pier")
        #expect(nitrox.dive.gas == .nitrox(oxygenPercent: 33))
        #expect(nitrox.dive.details.cylinders.isEmpty)  // a bare cylinder is the dive's gas and pressures
        #expect(nitrox.dive.waterTemperatureCelsius == nil)
        #expect(try await log.services.sites.status(of: "salt-pier") == .logged)
        let sitesAfterFirst = try await log.services.sites.count()

        let second = try await log.services.importer.commit(LogbookReadResult(logbook: ForeignLog.logbook), format: .json, at: .testNow)
        #expect(second.importedDives == 0)
        #expect(second.alreadyInLog == 3)
        #expect(second.createdSites == 0)
        #expect(try await log.services.dives.count() == 3)
        #expect(try await log.services.sites.count() == sitesAfterFirst)
    }

    @Test("a dive twice in one file is imported once; a dive without depth or duration is skipped")
    func badRecords() async throws {
        let log = try await TemporaryLog()
        defer { log.remove() }
        var logbook = ForeignLog.logbook
        logbook.dives.append(logbook.dives[1])
        logbook.dives.append(LogbookDive(start: LocalDateTime(year: 2016, month: 1, day: 1)!, durationSeconds: 0, maxDepthMeters: 10))
        logbook.dives.append(LogbookDive(start: LocalDateTime(year: 2016, month: 1, day: 2)!, durationSeconds: 60, maxDepthMeters: 400))
        let summary = try await log.services.importer.commit(LogbookReadResult(logbook: logbook), format: .json, at: .testNow)
        #expect(summary.importedDives == 3)
        #expect(summary.skipped == 3)
        #expect(summary.issues.filter { $0.outcome == .skipped }.count == 3)
    }

    @Test("export then import into a new store gives back the same log, ids, profiles and sightings included")
    func roundTripThroughJSON() async throws {
        let source = try await TemporaryLog()
        defer { source.remove() }
        try await source.services.importer.commit(LogbookReadResult(logbook: ForeignLog.logbook), format: .json, at: .testNow)
        try await source.services.saver.save(
            DiveDraft(
                siteID: "blue-corner", startTime: .utc("2020-06-01T08:30:00Z"), maxDepthMeters: 27.5,
                bottomTimeSeconds: 3_000, oxygenPercent: 32, startPressureBar: 200, endPressureBar: 70, tags: ["drift"]),
            at: .testNow
        )
        let exported = try await source.services.exporter.logbook()
        let text = try LogbookJSON.write(exported)
        let read = try LogbookJSON.read(Array(text.utf8))
        #expect(read.logbook == exported)

        let target = try await TemporaryLog()
        defer { target.remove() }
        let summary = try await target.services.importer.commit(read, format: .json, at: .testNow)
        #expect(summary.importedDives == 4)
        #expect(try await target.services.exporter.logbook() == exported)
        let sourceDives = try await source.services.dives.history().map(\.dive)
        let targetDives = try await target.services.dives.history().map(\.dive)
        #expect(targetDives.map(\.id) == sourceDives.map(\.id))
        #expect(targetDives.map(\.siteID) == sourceDives.map(\.siteID))
        // And back into the first store: everything is already there.
        let again = try await source.services.importer.commit(read, format: .json, at: .testNow)
        #expect(again.importedDives == 0 && again.alreadyInLog == 4)
    }

    @Test("a file that is not a log is refused with a clear error")
    func garbage() throws {
        #expect(throws: LogbookReadError.self) { try LogbookJSON.read(Array("not json".utf8)) }
        #expect(throws: LogbookReadError.noDives) {
            try LogbookJSON.read(Array(#"{"format":"umilog-logbook","version":1,"dives":[]}"#.utf8))
        }
        #expect(throws: LogbookReadError.unsupportedVersion(format: .json, version: "9")) {
            try LogbookJSON.read(Array(#"{"format":"umilog-logbook","version":9,"dives":[]}"#.utf8))
        }
        var generator = SplitMix64(seed: 7)
        let valid = Array(try LogbookJSON.write(ForeignLog.logbook).utf8)
        for _ in 0..<2_000 {
            var bytes = valid
            let cut = Int(generator.next() % UInt64(bytes.count))
            bytes[cut] = UInt8(truncatingIfNeeded: generator.next())
            if generator.next() % 2 == 0 { bytes = Array(bytes.prefix(cut)) }
            do {
                let result = try LogbookJSON.read(bytes)
                #expect(!result.logbook.dives.isEmpty)
            } catch {
                #expect(error.errorDescription?.isEmpty == false, "\(error)")
            }
        }
    }
}
