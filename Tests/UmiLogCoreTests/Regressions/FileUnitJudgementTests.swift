import Testing

@testable import UmiLogCore

/// Issue 13: UDDF tank pressures written in psi (≥ 1000) were read as pascal (3000 Pa = 0.03 bar),
/// and a CSV with metric headers but imperial numbers kept depths of 98–130 m while dropping
/// every temperature and pressure. Units are now judged per file and per field from all the
/// values together, applied to all of them, and the preview says what was assumed.
@Suite("Regression: units are judged per file from all values, and the assumption is shown")
struct FileUnitJudgementTests {
    static func psiDive(id: String, begin: String, end: String, waypoints: [String]) -> String {
        let tank = "<tankdata>\n<tankpressurebegin>\(begin)</tankpressurebegin>\n<tankpressureend>\(end)</tankpressureend>\n</tankdata>"
        let samples = waypoints.enumerated().map { index, pressure in
            UDDFFixture.waypoint(index * 60, "\(10 + index)", "<tankpressure>\(pressure)</tankpressure>")
        }
        return UDDFFixture.dive(id: id, tanks: tank, samples: samples.joined(separator: "\n"))
    }

    @Test("UDDF tank pressures that are all psi are read as psi, header and samples alike")
    func uddfPSI() throws {
        let bytes = UDDFFixture.bytes(dives: [
            Self.psiDive(id: "a", begin: "3000", end: "700", waypoints: ["3000", "2200", "1500"]),
            Self.psiDive(id: "b", begin: "2900", end: "1100", waypoints: ["2900", "2000"]),
        ])
        let result = try UDDFReader.read(bytes)
        let first = try #require(result.logbook.dives.first)
        let cylinder = try #require(first.cylinders.first)
        #expect(abs((cylinder.startPressureBar ?? 0) - 3000 / UnitSystem.psiPerBar) < 1e-9)
        #expect(abs((cylinder.endPressureBar ?? 0) - 700 / UnitSystem.psiPerBar) < 1e-9)
        #expect(first.samples.compactMap(\.tankPressureBar).map { ($0 * 10).rounded() / 10 } == [206.8, 151.7, 103.4])
        #expect(result.assumptions.map(\.field) == ["tank pressure"])
        #expect(result.assumptions.first?.unit == "psi")
        #expect(result.assumptions.first?.reason.contains("700–3000") == true)
    }

    @Test("UDDF tank pressures in pascal stay pascal, with nothing assumed")
    func uddfPascal() throws {
        let bytes = UDDFFixture.bytes(dives: [
            Self.psiDive(id: "a", begin: "20700000", end: "5000000", waypoints: ["20700000", "15000000"])
        ])
        let result = try UDDFReader.read(bytes)
        #expect(result.logbook.dives.first?.cylinders.first?.startPressureBar == 207)
        #expect(result.logbook.dives.first?.samples.compactMap(\.tankPressureBar) == [207, 150])
        #expect(result.assumptions.isEmpty)
    }

    /// Metric headers, imperial numbers: depth in feet, °F and psi.
    static let imperialNumbers = """
        Date,Time,Duration,Max Depth (m),Water Temp (C),Start Pressure,End Pressure
        2023-05-01,09:00,45:00,98,78,3000,700
        2023-05-02,10:00,50:00,130,75,3100,500
        2023-05-03,11:00,40:00,110,82,2900,800
        """

    @Test("a CSV with metric headers but imperial numbers is read as imperial throughout, and says so")
    func csvImperialNumbers() throws {
        let read = try LogbookFiles.read(Array(Self.imperialNumbers.utf8), fileName: "log.csv")
        let dives = read.result.logbook.dives
        #expect(dives.count == 3)
        #expect(dives.map { ($0.maxDepthMeters * 100).rounded() / 100 } == [29.87, 39.62, 33.53])
        #expect(dives.map { ($0.waterTemperatureCelsius ?? -99).rounded() } == [26, 24, 28])
        #expect(dives.map { ($0.cylinders.first?.startPressureBar ?? 0).rounded() } == [207, 214, 200])
        #expect(read.result.issues.isEmpty, "\(read.result.issues)")
        #expect(read.csvMapping?.units == .imperial)
        let assumption = try #require(read.result.assumptions.first)
        #expect(assumption.unit.hasPrefix("imperial"))
        #expect(assumption.reason.contains("9 of 12"))
    }

    @Test("--csv-units metric overrides the judgement: nothing is assumed, the impossible values are reported")
    func csvOverride() throws {
        let read = try LogbookFiles.read(
            Array(Self.imperialNumbers.utf8), fileName: "log.csv", options: LogbookReadOptions(csvUnits: .metric)
        )
        #expect(read.result.assumptions.isEmpty)
        #expect(read.result.logbook.dives.map(\.maxDepthMeters) == [98, 130, 110])
        #expect(read.result.logbook.dives.allSatisfy { $0.waterTemperatureCelsius == nil })
    }

    @Test("numbers possible either way keep the header's units: depths alone cannot tell feet from metres")
    func csvAmbiguousKeepsHeader() throws {
        let text = "Date,Duration,Max Depth\n2023-05-01,45:00,98\n2023-05-02,50:00,30\n"
        let read = try LogbookFiles.read(Array(text.utf8), fileName: "log.csv")
        #expect(read.csvMapping?.units == .metric)
        #expect(read.result.assumptions.isEmpty)
        let feet = "Date,Duration,Max Depth (ft)\n2023-05-01,45:00,98\n2023-05-02,50:00,30\n"
        #expect(try LogbookFiles.read(Array(feet.utf8), fileName: "log.csv").csvMapping?.units == .imperial)
    }
}
