import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogCore

/// The real UDDF files of `Tests/Fixtures/divelogs/` against their ground truth (`SOURCES.md`).
@Suite("UDDFReader: real files")
struct UDDFTests {
    static func read(_ name: String) throws -> LogbookReadResult {
        try UDDFReader.read(DiveLogFixtures.bytes(name))
    }

    /// Read once for the suite (the counts tests read the files themselves, so a failure to
    /// read shows its error there).
    static let test42 = try? read("test42.uddf")
    static let divingLog = try? read("TestDiveDivingLog5.08.uddf")

    static func test42Dive() throws -> LogbookDive { try #require(test42?.logbook.dives.first) }
    static func divingLogDive() throws -> LogbookDive { try #require(divingLog?.logbook.dives.first) }

    // MARK: test42.uddf (UDDF 3.2.0, written by Subsurface from test42.xml)

    @Test("test42.uddf: one dive, one site (the divebase is not a site), no issues")
    func test42Counts() throws {
        let result = try Self.read("test42.uddf")
        #expect(result.issues.isEmpty)
        #expect(result.logbook.dives.count == 1)
        #expect(result.logbook.sites.count == 1)
        #expect(result.logbook.sites.filter { $0.coordinate != nil }.count == 1)
        #expect(result.logbook.dives.map(\.durationSeconds).reduce(0, +) == 4674)
        #expect(result.logbook.dives.map(\.maxDepthMeters).max() == 38.99)
    }

    @Test("test42.uddf: the site Lake Coleridge with its GPS")
    func test42Site() throws {
        let site = try #require(Self.test42?.logbook.sites.first)
        #expect(site.key == "ec2bbc32")
        #expect(site.name == "Lake Coleridge")
        #expect(site.coordinate == (try Coordinate(latitude: -43.342295, longitude: 171.545936)))
        #expect(site.country == nil)
        #expect(site.notes == nil)
    }

    @Test("test42.uddf: #1, 2014-04-02 10:00:00, 77:54, 38.99 m and the header values")
    func test42Dive() throws {
        let dive = try Self.test42Dive()
        #expect(dive.number == 1)
        #expect(dive.start == LocalDateTime(year: 2014, month: 4, day: 2, hour: 10))
        #expect(dive.durationSeconds == 4674)
        #expect(dive.maxDepthMeters == 38.99)
        #expect(dive.meanDepthMeters == 17.72)
        #expect(dive.siteKey == "ec2bbc32")
        #expect(dive.id == nil)
        // 285.35 K; the conversion is exact, so this holds without a tolerance too.
        #expect(abs(try #require(dive.airTemperatureCelsius) - 12.2) < 1e-9)
        #expect(dive.airTemperatureCelsius == 12.2)
        #expect(dive.rating == 4)  // ratingvalue 8
        #expect(dive.visibilityRating == 4)  // Subsurface's <visibility>10</visibility>
        #expect(dive.visibilityMeters == nil)
        #expect(dive.notes == "CCR dive\nLake\n\"small waves\"")
        #expect(dive.weights == [WeightSystem(kilograms: 2)])
    }

    @Test("test42.uddf agrees with test42.xml on what UDDF carries: buddy, cylinders, pressures")
    func test42AgreesWithSubsurfaceXML() throws {
        let dive = try Self.test42Dive()
        #expect(dive.buddy == "Michael")
        #expect(
            dive.cylinders == [
                Cylinder(sizeLiters: 2, oxygenPercent: 16, heliumPercent: 45, startPressureBar: 185, endPressureBar: 130),
                Cylinder(sizeLiters: 2, oxygenPercent: 100, heliumPercent: 0, startPressureBar: 190, endPressureBar: 130),
                Cylinder(sizeLiters: 11.1, oxygenPercent: 21, heliumPercent: 0, startPressureBar: 207, endPressureBar: 200),
            ]
        )
    }

    @Test("test42.uddf: what Subsurface's UDDF export leaves out of test42.xml stays empty")
    func test42WhatSubsurfaceDoesNotExport() throws {
        let dive = try Self.test42Dive()
        // test42.xml has divemaster Taylor, suit "dry suit", tag ccr_dive, water 4.3 °C,
        // 1.02 bar, 1000 g/l, a CCR computer and cylinder names; the UDDF file has none of them.
        #expect(dive.divemaster == nil)
        #expect(dive.suit == nil)
        #expect(dive.tags.isEmpty)
        #expect(dive.waterTemperatureCelsius == nil)
        #expect(dive.surfacePressureBar == nil)
        #expect(dive.salinityGramsPerLiter == nil)
        #expect(dive.mode == .openCircuit)
        #expect(dive.diveComputer == nil)
        #expect(dive.cylinders.allSatisfy { $0.description == nil && $0.use == nil && $0.workingPressureBar == nil })
    }

    @Test("test42.uddf: 2485 waypoints at 2 s, temperature carried forward from its first value")
    func test42Samples() throws {
        let samples = try Self.test42Dive().samples
        #expect(samples.count == 2485)
        #expect(samples.first == DiveSample(timeSeconds: 2, depthMeters: 2.34))
        #expect(samples[4].temperatureCelsius == nil)
        // 283.15 K at 0:12, then carried to every later waypoint.
        #expect(samples[5] == DiveSample(timeSeconds: 12, depthMeters: 4.52, temperatureCelsius: 10))
        #expect(samples[6].temperatureCelsius == 10)
        #expect(samples.dropFirst(5).allSatisfy { $0.temperatureCelsius != nil })
        #expect(samples.last?.timeSeconds == 4970)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $1.timeSeconds - $0.timeSeconds == 2 })
        // The declared duration, not the last waypoint (4970 s), and not the samples' rule.
        #expect(try Self.test42Dive().durationSeconds == 4674)
    }

    // MARK: TestDiveDivingLog5.08.uddf (UDDF 2.2.0 from Diving Log, CRLF, no namespace)

    @Test("Diving Log 2.2: one dive, no sites, no issues")
    func divingLogCounts() throws {
        let result = try Self.read("TestDiveDivingLog5.08.uddf")
        #expect(result.issues.isEmpty)
        #expect(result.logbook.dives.count == 1)
        #expect(result.logbook.sites.isEmpty)
    }

    @Test("Diving Log 2.2: #46, 2011-05-17 11:01, 32:00 derived from the waypoints, 24.7 m")
    func divingLogDive() throws {
        let dive = try Self.divingLogDive()
        #expect(dive.number == 46)
        #expect(dive.start == LocalDateTime(year: 2011, month: 5, day: 17, hour: 11, minute: 1))
        #expect(dive.durationSeconds == 1920)
        #expect(dive.durationSeconds == DiveProfile.duration(of: dive.samples))
        #expect(dive.maxDepthMeters == 24.7)
        #expect(dive.siteKey == nil)
        #expect(dive.salinityGramsPerLiter == 1030)
        #expect(dive.buddy == nil)
    }

    @Test("Diving Log 2.2: air 287.1 K = 13.95 °C, lowest 283.1 K = 9.95 °C")
    func divingLogTemperatures() throws {
        let dive = try Self.divingLogDive()
        let air = try #require(dive.airTemperatureCelsius)
        let water = try #require(dive.waterTemperatureCelsius)
        #expect(abs(air - 13.95) < 1e-9)
        #expect(abs(water - 9.95) < 1e-9)
        // Exact, not merely close: the conversion works on the decimal digits.
        #expect(air == 13.95)
        #expect(water == 9.95)
    }

    @Test("Diving Log 2.2: 65 waypoints every 30 s and one gas, air")
    func divingLogProfileAndGas() throws {
        let dive = try Self.divingLogDive()
        #expect(dive.samples.count == 65)
        #expect(dive.samples.first == DiveSample(timeSeconds: 0, depthMeters: 0, temperatureCelsius: 13.95))
        #expect(dive.samples.last == DiveSample(timeSeconds: 1920, depthMeters: 0, temperatureCelsius: 9.95))
        #expect(zip(dive.samples, dive.samples.dropFirst()).allSatisfy { $1.timeSeconds - $0.timeSeconds == 30 })
        #expect(dive.samples.map(\.depthMeters).max() == 24.69)
        #expect(dive.cylinders == [Cylinder(oxygenPercent: 21, heliumPercent: 0)])
        #expect(dive.mode == .openCircuit)
    }

    @Test("Diving Log 2.2: notes/text with its CRLF line ends read as lines")
    func divingLogNotes() throws {
        let notes = try #require(try Self.divingLogDive().notes)
        #expect(notes.hasPrefix("Second deep dive\nLinus and I planned and executed - Alex just watching\n"))
        #expect(notes.hasSuffix("but I skipped the next one and called it a day."))
        #expect(!notes.contains("\r"))
        #expect(notes.split(separator: "\n").count == 6)
    }
}
