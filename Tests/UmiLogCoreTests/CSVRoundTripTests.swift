import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("CSVLogbookWriter: export, and import of the export")
struct CSVRoundTripTests {
    /// Reads an export the way the wizard would without help: detected delimiter and header,
    /// the proposed mapping untouched.
    private static func reimport(_ csv: String) throws -> (mapping: CSVMapping, result: LogbookReadResult) {
        let table = try CSVTable(text: csv)
        let mapping = CSVMapping.propose(for: table)
        return (mapping, try CSVLogbookReader.read(table, mapping: mapping))
    }

    @Test("the export is a header and RFC 4180 rows with CRLF, quoting only what needs it")
    func exactOutput() throws {
        let site = LogbookSite(key: "s1", name: "Blue Hole", coordinate: try Coordinate(latitude: -43.342295, longitude: 171.545936))
        let dive = LogbookDive(
            number: 7, start: try #require(LocalDateTime(year: 2014, month: 4, day: 2, hour: 10, minute: 0, second: 5)),
            durationSeconds: 4674, maxDepthMeters: 38.99, meanDepthMeters: 20, siteKey: "s1", airTemperatureCelsius: 12.2,
            waterTemperatureCelsius: 4.3, visibilityMeters: 10, rating: 4, buddy: "Dirk, Linus", divemaster: " Taylor",
            suit: "wet, 3mm \"shorty\"", notes: "a\nb", tags: ["ccr_dive", "night"],
            cylinders: [Cylinder(sizeLiters: 11.1, oxygenPercent: 32, startPressureBar: 200, endPressureBar: 50), Cylinder()],
            weights: [WeightSystem(kilograms: 2), WeightSystem(kilograms: 1.5)])
        let csv = CSVLogbookWriter.write(Logbook(sites: [site], dives: [dive]))
        let header =
            "number,date,time,duration,max depth,mean depth,water temp,air temp,location,latitude,longitude,"
            + "buddy,divemaster,suit,rating,visibility,tags,notes,start pressure,end pressure,o2,he,cylinder size,weight"
        let row =
            "7,2014-04-02,10:00:05,77:54,38.99,20,4.3,12.2,Blue Hole,-43.342295,171.545936,\"Dirk, Linus\","
            + "\" Taylor\",\"wet, 3mm \"\"shorty\"\"\",4,10,ccr_dive;night,\"a\nb\",200,50,32,0,11.1,3.5"
        #expect(csv == header + "\r\n" + row + "\r\n")
    }

    @Test("every exported header maps back to its own field with no help")
    func headersMapBack() throws {
        let table = try CSVTable(text: CSVLogbookWriter.write(Logbook()))
        let mapping = CSVMapping.propose(for: table)
        #expect((0..<table.columnCount).map(mapping.field(forColumn:)) == CSVLogbookWriter.columns.map(\.field))
    }

    @Test("test41.csv: read, write, read gives the same log")
    func test41RoundTrip() throws {
        let table = try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv"))
        var mapping = CSVMapping.propose(for: table)
        mapping.dateFormat = .monthDayShortYear
        let first = try CSVLogbookReader.read(table, mapping: mapping).logbook
        let (proposed, second) = try Self.reimport(CSVLogbookWriter.write(first))
        #expect(proposed.dateFormat == .yearMonthDay)
        #expect(!proposed.isDateFormatAmbiguous)
        #expect(second.issues.isEmpty)
        #expect(second.logbook == first)
    }

    @Test("random logs with every field CSV carries survive write and read, odd text included")
    func generatedRoundTrip() throws {
        var generator = SplitMix64(seed: 0xC5F_0001)
        for iteration in 0..<300 {
            let log = generator.csvLogbook()
            let csv = CSVLogbookWriter.write(log)
            let (mapping, result) = try Self.reimport(csv)
            #expect(!mapping.isDateFormatAmbiguous)
            #expect(result.issues.isEmpty, "iteration \(iteration): \(result.issues)")
            #expect(result.logbook == log, "iteration \(iteration):\n\(csv)")
            if result.logbook != log { break }
        }
    }

    @Test("what CSV cannot carry is left out, and the rest still reads back")
    func uncarriedFields() throws {
        let start = try #require(LocalDateTime(year: 2020, month: 1, day: 1))
        let full = LogbookDive(
            id: UUID(), start: start, durationSeconds: 60, maxDepthMeters: 5, siteKey: "k", visibilityRating: 3,
            current: .strong, cylinders: [Cylinder(description: "AL80", workingPressureBar: 207, use: .diluent), Cylinder(oxygenPercent: 100)],
            weights: [WeightSystem(kilograms: 2, description: "belt")], mode: .closedCircuit, surfacePressureBar: 1.01,
            salinityGramsPerLiter: 1030, diveComputer: "OSTC", samples: [DiveSample(timeSeconds: 10, depthMeters: 2)],
            sightings: [LogbookSighting(speciesID: "x")])
        let log = Logbook(
            sites: [LogbookSite(key: "k", name: "Reef", country: "NZ", notes: "n"), LogbookSite(key: "unused", name: "Other")], dives: [full])
        let read = try Self.reimport(CSVLogbookWriter.write(log)).result.logbook
        #expect(
            read
                == Logbook(
                    sites: [LogbookSite(key: "Reef", name: "Reef")],
                    dives: [
                        LogbookDive(
                            start: start, durationSeconds: 60, maxDepthMeters: 5, siteKey: "Reef", cylinders: [Cylinder()],
                            weights: [WeightSystem(kilograms: 2)])
                    ]))
    }
}

extension SplitMix64 {
    /// A log holding only what CSV carries: sites keyed by their unique names, each used by a
    /// dive, in order of first use; one cylinder and one weight at most; values in the ranges
    /// the reader accepts.
    fileprivate mutating func csvLogbook() -> Logbook {
        var names: [String] = []
        while names.count < Int.random(in: 0...3, using: &self) {
            let name = csvText()
            if !names.contains(name) { names.append(name) }
        }
        let pool: [LogbookSite] = names.map { name in
            let coordinate =
                Bool.random(using: &self)
                ? try? Coordinate(latitude: csvDouble(-90...90), longitude: csvDouble(-180...180)) : nil
            return LogbookSite(key: name, name: name, coordinate: coordinate)
        }
        var dives: [LogbookDive] = []
        var used: [LogbookSite] = []
        for _ in 0..<Int.random(in: 1...5, using: &self) {
            let site = pool.isEmpty || Bool.random(using: &self) ? nil : pool[Int.random(in: 0..<pool.count, using: &self)]
            if let site, !used.contains(site) { used.append(site) }
            dives.append(csvDive(siteKey: site?.key))
        }
        return Logbook(sites: used, dives: dives)
    }

    private mutating func csvDive(siteKey: String?) -> LogbookDive {
        let start = LocalDateTime(
            year: Int.random(in: 1970...2099, using: &self), month: Int.random(in: 1...12, using: &self),
            day: Int.random(in: 1...28, using: &self), hour: Int.random(in: 0...23, using: &self),
            minute: Int.random(in: 0...59, using: &self), second: Int.random(in: 0...59, using: &self))
        var cylinders: [Cylinder] = []
        if Bool.random(using: &self) {
            let oxygen = csvDouble(1...100)
            cylinders.append(
                Cylinder(
                    sizeLiters: maybe { $0.csvDouble(0.5...100) }, oxygenPercent: oxygen,
                    heliumPercent: csvDouble(0...(100 - oxygen)), startPressureBar: maybe { $0.csvDouble(0...450) },
                    endPressureBar: maybe { $0.csvDouble(0...450) }))
        }
        return LogbookDive(
            number: maybe { Int.random(in: 0...9999, using: &$0) }, start: start ?? LocalDateTime(year: 2000, month: 1, day: 1)!,
            durationSeconds: Int.random(in: 0...86_400, using: &self), maxDepthMeters: csvDouble(0...350),
            meanDepthMeters: maybe { $0.csvDouble(0...350) }, siteKey: siteKey,
            airTemperatureCelsius: maybe { $0.csvDouble(-5...45) }, waterTemperatureCelsius: maybe { $0.csvDouble(-5...45) },
            visibilityMeters: maybe { $0.csvDouble(0...500) }, rating: maybe { Int.random(in: 1...5, using: &$0) },
            buddy: maybe { $0.csvText() }, divemaster: maybe { $0.csvText() }, suit: maybe { $0.csvText() },
            notes: maybe { $0.csvText() }, tags: (0..<Int.random(in: 0...3, using: &self)).map { _ in csvTag() },
            cylinders: cylinders, weights: Bool.random(using: &self) ? [WeightSystem(kilograms: csvDouble(0...60))] : [])
    }

    private mutating func maybe<Value>(_ make: (inout SplitMix64) -> Value) -> Value? {
        Bool.random(using: &self) ? make(&self) : nil
    }

    /// Values with two decimals, or with every digit a double has.
    fileprivate mutating func csvDouble(_ range: ClosedRange<Double>) -> Double {
        if Bool.random(using: &self) {
            let hundredths = Int.random(in: Int((range.lowerBound * 100).rounded(.up))...Int((range.upperBound * 100).rounded(.down)), using: &self)
            return Double(hundredths) / 100
        }
        return Double.random(in: range, using: &self)
    }

    /// Text with what trips CSV and XML up: delimiters, quotes, line breaks, tabs, markup and
    /// non-ASCII; never only spaces.
    private mutating func csvText() -> String {
        let pieces = [
            "a", "Z", " ", ",", ";", "|", "\t", "\"", "\"\"", "'", "\n", "\r\n", "\r", "<b>", "&amp;", "&", "é", "ü", "Hälvälä",
            "🐠", "日本", "#", "=1+2", "10/1/13", "18,5", "\u{FEFF}",
        ]
        var text = "x"
        for _ in 0..<Int.random(in: 0...8, using: &self) { text += pieces[Int.random(in: 0..<pieces.count, using: &self)] }
        return Bool.random(using: &self) ? String(text.shuffled(using: &self)) : text
    }

    /// A tag: anything but the separators `;` and `,`, without surrounding spaces.
    private mutating func csvTag() -> String {
        let pieces = ["night", "boat", "ccr_dive", "é", "🐠", "\"", "<x>", "a b"]
        return (0..<Int.random(in: 1...3, using: &self)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &self)] }.joined()
    }
}
