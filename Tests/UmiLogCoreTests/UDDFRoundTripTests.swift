import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogCore

/// Writer output read back by the reader gives back the log, for every field UDDF carries.
@Suite("UDDF: write then read")
struct UDDFRoundTripTests {
    static let generatedAt = LocalDateTime(year: 2026, month: 11, day: 24, hour: 9, minute: 30)!

    static func roundTrip(_ logbook: Logbook) throws -> LogbookReadResult {
        try UDDFReader.read(Array(UDDFWriter.write(logbook, generatedAt: generatedAt).utf8))
    }

    @Test("test42.uddf read, written and read again gives the same log, less what UDDF cannot carry")
    func test42() throws {
        let first = try #require(UDDFTests.test42).logbook
        let second = try Self.roundTrip(first)
        #expect(second.issues.isEmpty)
        #expect(second.logbook == UDDFRandomLogbook.carried(first))
        let dive = try #require(second.logbook.dives.first)
        #expect(dive.siteKey == "ec2bbc32")
        #expect(dive.airTemperatureCelsius == 12.2)
        #expect(dive.samples.count == 2485)
        #expect(dive.cylinders.map(\.oxygenPercent) == [16, 100, 21])
        #expect(dive.cylinders.map(\.endPressureBar) == [130, 130, 200])
        // Subsurface's visibility stars have no place in UDDF's metres.
        #expect(dive.visibilityRating == nil)
    }

    @Test("the Diving Log 2.2 file written as 3.2 and read again gives the same log")
    func divingLog() throws {
        let first = try #require(UDDFTests.divingLog).logbook
        let second = try Self.roundTrip(first)
        #expect(second.issues.isEmpty)
        #expect(second.logbook == UDDFRandomLogbook.carried(first))
        #expect(second.logbook.dives.first?.durationSeconds == 1920)
    }

    @Test("random logbooks with non-ASCII and XML-special text read back the same")
    func randomLogbooks() throws {
        var generator = SplitMix64(seed: 0x0DDF_0001)
        for _ in 0..<100 {
            let logbook = UDDFRandomLogbook.logbook(using: &generator)
            let result = try Self.roundTrip(logbook)
            #expect(result.issues.isEmpty)
            #expect(result.logbook == UDDFRandomLogbook.carried(logbook))
        }
    }

    @Test("writing twice gives the same file")
    func deterministic() {
        var generator = SplitMix64(seed: 0x0DDF_0002)
        let logbook = UDDFRandomLogbook.logbook(using: &generator)
        #expect(UDDFWriter.write(logbook, generatedAt: Self.generatedAt) == UDDFWriter.write(logbook, generatedAt: Self.generatedAt))
    }

    @Test("our dive id and site key come back; a dive without an id reads back without one")
    func identifiers() throws {
        let id = UUID()
        let logbook = Logbook(
            sites: [LogbookSite(key: "0c5e-Ära site/1", name: "Ära")],
            dives: [
                LogbookDive(id: id, start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5, siteKey: "0c5e-Ära site/1"),
                LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5),
            ]
        )
        let dives = try Self.roundTrip(logbook).logbook.dives
        #expect(dives.map(\.id) == [id, nil])
        #expect(dives.first?.siteKey == "0c5e-Ära site/1")
    }

    @Test("several weight systems become one: their total, described by their descriptions")
    func weightsMerge() throws {
        var dive = LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5)
        dive.weights = [
            WeightSystem(kilograms: 2.5, description: "belt"), WeightSystem(kilograms: 1),
            WeightSystem(kilograms: 0.5, description: "trim"),
        ]
        let read = try #require(try Self.roundTrip(Logbook(dives: [dive])).logbook.dives.first)
        #expect(read.weights == [WeightSystem(kilograms: 4, description: "belt, trim")])
        dive.weights = [WeightSystem(kilograms: 0, description: "none")]
        #expect(try Self.roundTrip(Logbook(dives: [dive])).logbook.dives.first?.weights == [])
    }

    @Test("buddies are people: split at ', ' and at the first space, blank parts dropped")
    func buddies() throws {
        var dive = LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5)
        dive.buddy = "Dirk,  Linus  Torvalds , , Jean Luc  Picard, Dirk"
        let read = try #require(try Self.roundTrip(Logbook(dives: [dive])).logbook.dives.first)
        #expect(read.buddy == "Dirk, Linus Torvalds, Jean Luc Picard, Dirk")
    }

    @Test("values UDDF cannot hold are left out: dive number 0, rating 0, blank text, NaN")
    func valuesLeftOut() throws {
        var dive = LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5)
        dive.number = 0
        dive.rating = 0
        dive.notes = " \n "
        dive.suit = ""
        dive.airTemperatureCelsius = .nan
        dive.meanDepthMeters = .infinity
        let read = try #require(try Self.roundTrip(Logbook(dives: [dive])).logbook.dives.first)
        #expect(read == LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5))
    }

    @Test("sample temperatures with two decimals, and arbitrary ones, survive kelvin exactly")
    func temperaturesExact() throws {
        var generator = SplitMix64(seed: 0x0DDF_0003)
        var celsius = (-200...300).map { Double($0) / 100 + 4 }
        celsius += (0..<200).map { _ in Double.random(in: -60...60, using: &generator) }
        let samples = celsius.enumerated().map { index, value in
            DiveSample(timeSeconds: index, depthMeters: 1, temperatureCelsius: value)
        }
        let dive = LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5, samples: samples)
        let read = try #require(try Self.roundTrip(Logbook(dives: [dive])).logbook.dives.first)
        #expect(read.samples.map(\.temperatureCelsius) == celsius)
    }

    @Test("a dive mode rides on the first waypoint; without samples only a rebreather is told apart")
    func modes() throws {
        for mode in DiveMode.allCases {
            var dive = LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5, mode: mode)
            let carried = UDDFRandomLogbook.carried(Logbook(dives: [dive])).dives.first?.mode
            #expect(try Self.roundTrip(Logbook(dives: [dive])).logbook.dives.first?.mode == carried)
            dive.samples = [DiveSample(timeSeconds: 10, depthMeters: 3)]
            #expect(try Self.roundTrip(Logbook(dives: [dive])).logbook.dives.first?.mode == mode)
        }
    }
}
