import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogCore

/// The Subsurface reader on the real sample logs of `Tests/Fixtures/divelogs/`, against the ground
/// truth in its `SOURCES.md`.
@Suite("Subsurface XML: real files")
struct SubsurfaceXMLTests {
    private func read(_ name: String) throws -> LogbookReadResult {
        try SubsurfaceXMLReader.read(DiveLogFixtures.bytes(name))
    }

    private func start(_ text: String) throws -> LocalDateTime {
        try #require(LocalDateTime(iso: text))
    }

    @Test("test42.xml: one CCR dive with every field SOURCES.md names")
    func test42() throws {
        let result = try read("test42.xml")
        #expect(result.issues.isEmpty)
        let logbook = result.logbook
        #expect(logbook.sites.count == 1)
        let site = try #require(logbook.sites.first)
        #expect(site.key == "ec2bbc32")
        #expect(site.name == "Lake Coleridge")
        #expect(site.coordinate == (try Coordinate(latitude: -43.342295, longitude: 171.545936)))

        #expect(logbook.dives.count == 1)
        let dive = try #require(logbook.dives.first)
        #expect(dive.id == nil)
        #expect(dive.number == 1)
        #expect(dive.start == (try start("2014-04-02T10:00:00")))
        #expect(dive.durationSeconds == 4674)
        #expect(dive.maxDepthMeters == 38.99)
        #expect(dive.meanDepthMeters == 17.72)
        #expect(dive.siteKey == "ec2bbc32")
        #expect(dive.divemaster == "Taylor")
        #expect(dive.buddy == "Michael")
        #expect(dive.rating == 4)
        #expect(dive.visibilityRating == 4)
        #expect(dive.visibilityMeters == nil)
        #expect(dive.tags == ["ccr_dive"])
        #expect(dive.suit == "dry suit")
        #expect(dive.notes == "CCR dive\nLake\n\"small waves\"")
        #expect(dive.airTemperatureCelsius == 12.2)
        #expect(dive.waterTemperatureCelsius == 4.3)
        #expect(dive.surfacePressureBar == 1.02)
        #expect(dive.salinityGramsPerLiter == 1000)
        #expect(dive.mode == .closedCircuit)
        #expect(dive.diveComputer == "Heinrichs Weikamp OSTC 3")
        #expect(dive.weights == [WeightSystem(kilograms: 2.0, description: "integrated")])
        #expect(
            dive.cylinders == [
                Cylinder(
                    description: "Dil2", sizeLiters: 2.0, workingPressureBar: 232.0, oxygenPercent: 16, heliumPercent: 45,
                    startPressureBar: 185, endPressureBar: 130, use: .diluent),
                Cylinder(
                    description: "Oxy2", sizeLiters: 2.0, workingPressureBar: 232.0, oxygenPercent: 100, heliumPercent: 0,
                    startPressureBar: 190, endPressureBar: 130, use: .oxygen),
                Cylinder(
                    description: "AL80", sizeLiters: 11.1, workingPressureBar: 207.0, oxygenPercent: 21, heliumPercent: 0,
                    startPressureBar: 207, endPressureBar: 200, use: nil),
            ])
    }

    @Test("test42.xml: 2485 samples, delta-encoded values carried forward")
    func test42Samples() throws {
        let samples = try #require(try read("test42.xml").logbook.dives.first).samples
        #expect(samples.count == 2485)
        #expect(DiveProfile.duration(of: samples) == 4674)
        #expect(DiveProfile.maximumDepth(of: samples) == 38.974)
        // '0:02 min' depth='2.335 m' — nothing reported yet.
        #expect(samples[0] == DiveSample(timeSeconds: 2, depthMeters: 2.335))
        // '0:12 min' depth='4.517 m' temp='10.0 C' ndl='240:00 min', then carried to 0:14.
        #expect(samples[5] == DiveSample(timeSeconds: 12, depthMeters: 4.517, temperatureCelsius: 10, ndlSeconds: 14_400))
        #expect(samples[6] == DiveSample(timeSeconds: 14, depthMeters: 5.139, temperatureCelsius: 10, ndlSeconds: 14_400))
        // '5:50 min' po2='1.2 bar' is carried until '75:14 min' po2='0.7 bar'.
        let at350 = try #require(samples.first { $0.timeSeconds == 350 })
        #expect(at350.po2Bar == 1.2)
        #expect(samples.first { $0.timeSeconds == 352 }?.po2Bar == 1.2)
        #expect(samples.first { $0.timeSeconds == 4514 }?.po2Bar == 0.7)
        // The last sample sets ndl, stoptime, cns and po2 to 0 explicitly.
        let last = try #require(samples.last)
        #expect(last.timeSeconds == 4970)
        #expect(last.depthMeters == 0.235)
        #expect(last.ndlSeconds == 0)
        #expect(last.stopTimeSeconds == 0)
        #expect(last.cnsPercent == 0)
        #expect(last.po2Bar == 0)
        #expect(samples.allSatisfy { $0.tankPressureBar == nil && $0.heartRate == nil })
    }

    @Test("test40-42.xml: three dives, two sites (one without GPS, non-ASCII name)")
    func test40to42() throws {
        let result = try read("test40-42.xml")
        #expect(result.issues.isEmpty)
        let logbook = result.logbook
        #expect(logbook.sites.map(\.key) == ["deadbeef", "ec2bbc32"])
        #expect(logbook.sites.map(\.name) == ["Suomi -  - Hälvälä", "Lake Coleridge"])
        #expect(logbook.sites.filter { $0.coordinate != nil }.count == 1)
        #expect(logbook.sites[0].coordinate == nil)

        let dives = logbook.dives
        #expect(dives.count == 3)
        #expect(dives.map(\.number) == [1, 1, 417])
        #expect(dives.map(\.start) == [try start("2014-04-01T10:00:00"), try start("2014-04-02T10:00:00"), try start("2015-05-23T13:23:00")])
        #expect(dives.map(\.durationSeconds) == [4674, 4674, 6000])
        #expect(dives.map(\.durationSeconds).reduce(0, +) == 15348)
        #expect(dives.map(\.maxDepthMeters) == [38.99, 38.99, 81.5])
        #expect(dives.map(\.maxDepthMeters).max() == 81.5)
        #expect(dives.map(\.siteKey) == [nil, "ec2bbc32", "deadbeef"])
        #expect(dives.map(\.samples.count) == [2485, 2485, 689])
        for dive in dives {
            #expect(DiveProfile.duration(of: dive.samples) == dive.durationSeconds)
        }
        // The first dive's diluent has no o2: air.
        #expect(dives[0].cylinders.map(\.oxygenPercent) == [100, 21])

        let dive417 = dives[2]
        #expect(
            dive417.notes
                == "{\\rtf1\\ansi\\ansicpg1252\\deff0\\deflang1035{\\fonttbl{\\f0\\fnil\\fcharset0 Microsoft Sans Serif;}}\n\\viewkind4\\uc1\\pard\\f0\\fs17\\par\n}"
        )
        #expect(dive417.cylinders.count == 7)
        #expect(dive417.cylinders.map(\.oxygenPercent) == [50, 16, 25, 16, 25, 50, 100])
        #expect(dive417.cylinders.map(\.heliumPercent) == [6, 55, 26, 55, 26, 6, 0])
        // <divetemperature water='5.0 C'> on the dive wins over the computer's 5.1 C.
        #expect(dive417.airTemperatureCelsius == 11.0)
        #expect(dive417.waterTemperatureCelsius == 5.0)
        #expect(dive417.mode == .openCircuit)
        #expect(dive417.diveComputer == "OSTC")
        #expect(dive417.meanDepthMeters == 22.379)
    }

    @Test("TestDiveDM5.xml: four nitrox dives, numbered against time, no sites")
    func dm5() throws {
        let result = try read("TestDiveDM5.xml")
        #expect(result.issues.isEmpty)
        let logbook = result.logbook
        #expect(logbook.sites.isEmpty)
        let dives = logbook.dives
        #expect(dives.map(\.number) == [4, 3, 2, 1])
        #expect(
            dives.map(\.start) == [
                try start("2013-02-02T08:21:50"), try start("2013-02-02T10:53:54"),
                try start("2013-02-02T13:44:21"), try start("2013-02-02T16:14:08"),
            ])
        #expect(dives.map(\.durationSeconds) == [3640, 3960, 3660, 3560])
        #expect(dives.map(\.durationSeconds).reduce(0, +) == 14820)
        #expect(dives.map(\.maxDepthMeters) == [28.84, 22.05, 21.88, 22.44])
        #expect(dives.map(\.maxDepthMeters).max() == 28.84)
        #expect(dives.map(\.samples.count) == [183, 199, 184, 179])
        #expect(dives.allSatisfy { (179...199).contains($0.samples.count) })
        for dive in dives {
            #expect(DiveProfile.duration(of: dive.samples) == dive.durationSeconds)
            #expect(dive.siteKey == nil)
            #expect(dive.mode == .openCircuit)
            #expect(dive.diveComputer == "Vyper Air")
            #expect(dive.cylinders.count == 1)
            #expect(dive.cylinders.first?.oxygenPercent == 33)
            #expect(dive.cylinders.first?.sizeLiters == 12)
            #expect(dive.waterTemperatureCelsius == 26)
        }
        #expect(dives.map(\.tags) == [[], [], ["boat", "photography", "tag"], []])
        #expect(dives.map(\.notes) == ["Notes test", "Dive notes", "Testing notes", "Notes are here"])
        #expect(dives.map { $0.cylinders.first?.startPressureBar } == [194.74, 212.74, 209.04, 205.11])
        #expect(dives.map(\.airTemperatureCelsius) == [28, 28, 27, 28])
    }

    @Test("TestDiveDM5.xml: tank pressure is read per sample, never carried over a gap")
    func dm5TankPressureGaps() throws {
        let samples = try #require(try read("TestDiveDM5.xml").logbook.dives.first).samples
        #expect(samples.first?.tankPressureBar == 195.99)
        #expect(samples.first?.temperatureCelsius == 28)
        // 47:00 has 67.68 bar; 47:20 … 48:20 have no reading; 48:40 has 66.55 bar.
        let byTime = Dictionary(samples.map { ($0.timeSeconds, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byTime[2820]?.tankPressureBar == 67.68)
        #expect(byTime[2840]?.tankPressureBar == nil)
        #expect(byTime[2900]?.tankPressureBar == nil)
        #expect(byTime[2920]?.tankPressureBar == 66.55)
        #expect(samples.compactMap(\.tankPressureBar).count == 159)
    }
}
