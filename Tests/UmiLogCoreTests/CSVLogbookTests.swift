import Geo
import TestSupport
import Testing

@testable import UmiLogCore

@Suite("CSVLogbookReader: test41.csv and the rules for rows")
struct CSVLogbookTests {
    private static func readTest41(_ format: CSVDateFormat) throws -> LogbookReadResult {
        let table = try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv"))
        var mapping = CSVMapping.propose(for: table)
        mapping.dateFormat = format
        return try CSVLogbookReader.read(table, mapping: mapping)
    }

    @Test("test41.csv read mm/dd/yy reproduces the ground truth of SOURCES.md")
    func test41GroundTruth() throws {
        let table = try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv"))
        #expect(table.delimiter == .comma)
        #expect(table.header == ["Nr", "date", "time", "duration", "maxdepth", "avgdepth", "buddy", "suit", "notes"])
        #expect(table.rows.map(\.line) == [2, 3, 6, 7])
        #expect(table.raggedRows.isEmpty)

        let result = try Self.readTest41(.monthDayShortYear)
        #expect(result.issues.isEmpty)
        let log = result.logbook
        #expect(log.dives.count == 4)
        #expect(log.sites.isEmpty)
        #expect(log.dives.map(\.maxDepthMeters).max() == 24.9)
        #expect(log.dives.map(\.durationSeconds).reduce(0, +) == 10080)
        #expect(log.dives.map(\.number) == [1, 2, 3, 4])
        #expect(
            log.dives.map(\.start) == [
                LocalDateTime(year: 2013, month: 10, day: 1, hour: 10, minute: 34),
                LocalDateTime(year: 2013, month: 10, day: 1, hour: 12, minute: 13),
                LocalDateTime(year: 2014, month: 10, day: 1, hour: 10, minute: 2),
                LocalDateTime(year: 2014, month: 10, day: 1, hour: 14, minute: 19),
            ])
        #expect(log.dives.map(\.durationSeconds) == [45 * 60, 41 * 60, 48 * 60, 34 * 60])
        #expect(log.dives.map(\.maxDepthMeters) == [18.0, 16.2, 13.3, 24.9])
        #expect(log.dives.map(\.meanDepthMeters) == [16, 13.5, 11.5, 20.1])
        #expect(log.dives.map(\.buddy) == ["Dirk, Linus", "Linus", "Tomaz", "Don"])
        #expect(log.dives.map(\.suit) == ["wet, 5mm", "wet, 3mm \"shorty\"", "none", "dry, Whites Fusion"])
        #expect(
            log.dives.map(\.notes) == [
                "nice dive", "- sharks\n- stone fish \"fred\"\n- turtle", "snorkeling", "cold water, visibility 3m",
            ])
        #expect(log.dives.allSatisfy { $0.siteKey == nil && $0.cylinders.isEmpty && $0.samples.isEmpty && $0.tags.isEmpty })
    }

    @Test("test41.csv read dd/mm/yy gives 10 January: the ambiguity is real")
    func test41DayFirst() throws {
        let dives = try Self.readTest41(.dayMonthShortYear).logbook.dives
        #expect(dives.map(\.start.dateText) == ["2013-01-10", "2013-01-10", "2014-01-10", "2014-01-10"])
        #expect(dives.map(\.start.timeText) == ["10:34:00", "12:13:00", "10:02:00", "14:19:00"])
    }

    @Test("a European file: semicolons, dd.mm.yyyy, decimal commas, shared sites and GPS")
    func europeanFile() throws {
        let text = """
            Nr;Date;Time;Duration;Max depth;Mean depth;Water temp;Location;GPS;Buddy;Tags;O2;Start pressure;Weight
            1;01.10.2013;10:34;45:00;18,5;12,25;24,5;Blue Hole;"-43,342295 171,545936";Dirk, Linus;boat, photo;32;200;4,5
            2;25.12.2013;08:00;1:02:03;30;;;Blue Hole;;Ana;;;;
            3;26.12.2013;;50;12;;;Canyon;;;;air;;

            """
        let table = try CSVTable(text: text)
        #expect(table.delimiter == .semicolon)
        let mapping = CSVMapping.propose(for: table)
        #expect(mapping.dateFormat == .dayMonthYearDotted)
        #expect(!mapping.isDateFormatAmbiguous)
        let result = try CSVLogbookReader.read(table, mapping: mapping)
        #expect(result.issues.isEmpty)
        let log = result.logbook
        #expect(
            log.sites == [
                LogbookSite(key: "Blue Hole", name: "Blue Hole", coordinate: try Coordinate(latitude: -43.342295, longitude: 171.545936)),
                LogbookSite(key: "Canyon", name: "Canyon"),
            ])
        let first = try #require(log.dives.first)
        #expect(first.start == LocalDateTime(year: 2013, month: 10, day: 1, hour: 10, minute: 34))
        #expect(first.maxDepthMeters == 18.5)
        #expect(first.meanDepthMeters == 12.25)
        #expect(first.waterTemperatureCelsius == 24.5)
        #expect(first.buddy == "Dirk, Linus")
        #expect(first.tags == ["boat", "photo"])
        #expect(first.cylinders == [Cylinder(oxygenPercent: 32, startPressureBar: 200)])
        #expect(first.weights == [WeightSystem(kilograms: 4.5)])
        #expect(log.dives.map(\.siteKey) == ["Blue Hole", "Blue Hole", "Canyon"])
        #expect(log.dives.map(\.durationSeconds) == [2700, 3723, 3000])
        #expect(log.dives[2].start == LocalDateTime(year: 2013, month: 12, day: 26))
        #expect(log.dives[2].cylinders == [Cylinder(oxygenPercent: 21)])
    }

    @Test("a row with a bad date, depth or duration is skipped with an issue naming its row, line and value")
    func badRowsAreSkipped() throws {
        let text = """
            date,time,duration,max depth,buddy
            2020-01-01,10:00,45:00,18,Ana
            2020-02-30,10:00,45:00,18,"multi
            line"
            2020-01-03,10:00,forty,18,Ben
            2020-01-04,10:00,45:00,deep,Cy
            2020-01-05,9:99,45:00,18,Di
            2020-01-06,,45:00,,Ed
            2020-01-07,10:00,45:00,18,Flo
            """
        let table = try CSVTable(text: text)
        let result = try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table))
        #expect(result.logbook.dives.map(\.buddy) == ["Ana", "Flo"])
        #expect(
            result.issues == [
                LogbookIssue(record: "row 2", line: 3, message: "date \"2020-02-30\" is not a yyyy-mm-dd date", outcome: .skipped),
                LogbookIssue(record: "row 3", line: 5, message: "duration \"forty\" is not a duration (mm:ss)", outcome: .skipped),
                LogbookIssue(record: "row 4", line: 6, message: "max depth \"deep\" is not a number", outcome: .skipped),
                LogbookIssue(record: "row 5", line: 7, message: "time \"9:99\" is not a time of day (HH:MM or HH:MM:SS)", outcome: .skipped),
                LogbookIssue(record: "row 6", line: 8, message: "no max depth", outcome: .skipped),
            ])
    }

    @Test("an unreadable optional value is dropped and reported, the dive kept")
    func droppedValues() throws {
        let text = """
            date,duration,max depth,water temp,rating,latitude,o2,he,location
            2020-01-01,45:00,18,78,9,95,32,80,Reef
            2020-01-02,45:00,18,25,4,12.5,,,
            """
        let table = try CSVTable(text: text)
        let result = try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table))
        #expect(result.logbook.dives.count == 2)
        let first = try #require(result.logbook.dives.first)
        #expect(first.waterTemperatureCelsius == nil)
        #expect(first.rating == nil)
        #expect(first.cylinders == [Cylinder(oxygenPercent: 32)])
        #expect(result.issues.allSatisfy { $0.outcome == .valueDropped })
        #expect(result.issues.map(\.record) == ["row 1", "row 1", "row 1", "row 1", "row 2"])
        #expect(result.issues[0].message == "water temperature \"78\" is not a temperature between −5 and 45 °C — are the units right?")
        #expect(result.issues[4].message == "latitude without a longitude")
    }

    @Test("a time column overrides the date's time; no time means midnight")
    func times() throws {
        let table = try CSVTable(text: "date,time,duration,depth\n2020-01-01 09:15,,45,18\n2020-01-02 09:15,11:30:05,45,18\n2020-01-03,,45,18\n")
        let dives = try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table)).logbook.dives
        #expect(dives.map(\.start.timeText) == ["09:15:00", "11:30:05", "00:00:00"])
    }

    @Test("a mapping without a date, max depth or duration column refuses the table with a clear reason")
    func missingMapping() throws {
        let table = try CSVTable(text: "date,depth,notes\n2020-01-01,18,x\n")
        #expect(throws: LogbookReadError.unreadableTable(reason: "no column is mapped to duration; map one with --map COLUMN=duration")) {
            try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table))
        }
        var mapping = CSVMapping.propose(for: table)
        mapping.assign(.duration, toColumn: 5)
        #expect(throws: LogbookReadError.unreadableTable(reason: "column 6 is mapped to duration, but the table has 3 columns")) {
            try CSVLogbookReader.read(table, mapping: mapping)
        }
    }

    @Test("a table with no rows has no dives")
    func noRows() throws {
        let table = try CSVTable(text: "date,depth,duration\n")
        #expect(throws: LogbookReadError.noDives) { try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table)) }
    }

    @Test("depths only possible in feet are read as feet, and said so (issue 13); read as metres they refuse the file")
    func wrongUnits() throws {
        let feet = try CSVTable(text: "date,duration,depth\n2020-01-01,45:00,400\n2020-01-02,45:00,420\n")
        let proposed = CSVMapping.propose(for: feet)
        #expect(proposed.units == .imperial)
        #expect(proposed.unitsAssumption != nil)
        #expect(try CSVLogbookReader.read(feet, mapping: proposed).logbook.dives.count == 2)
        var metric = proposed
        metric.units = .metric
        #expect(throws: LogbookReadError.wrongUnit(field: "max depth", value: "400", expected: "a depth between 0 and 350 m", line: 2)) {
            try CSVLogbookReader.read(feet, mapping: metric)
        }
        let garbage = try CSVTable(text: "date,duration,depth\nsoon,45:00,18\n")
        #expect(throws: LogbookReadError.unreadableTable(reason: "no row is a dive; the first, on line 2: date \"soon\" is not a yyyy-mm-dd date")) {
            try CSVLogbookReader.read(garbage, mapping: CSVMapping.propose(for: garbage))
        }
    }

    @Test("a unit written in the cell wins over the mapping's units")
    func unitsInCells() throws {
        let table = try CSVTable(text: "date,duration,depth,water temp,start pressure,weight\n2020-01-01,45 min,60 ft,77°F,3000 psi,10 lbs\n")
        let dive = try #require(try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table)).logbook.dives.first)
        #expect(abs(dive.maxDepthMeters - 18.288) < 1e-9)
        #expect(abs((dive.waterTemperatureCelsius ?? 0) - 25) < 1e-9)
        #expect(abs((dive.cylinders.first?.startPressureBar ?? 0) - 206.843) < 1e-3)
        #expect(abs((dive.weights.first?.kilograms ?? 0) - 4.5359237) < 1e-9)
    }

    @Test("dives at one location share a site; differing coordinates keep the first and are reported; coordinates alone make a site")
    func sites() throws {
        let text = """
            date,duration,depth,site,lat,lon
            2020-01-01,45,18,Reef,10,20
            2020-01-02,45,18,Reef,11,20
            2020-01-03,45,18,,-5.5,120.25
            2020-01-04,45,18,Wall,,
            2020-01-05,45,18,Wall,1,2
            """
        let table = try CSVTable(text: text)
        let result = try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table))
        #expect(result.logbook.sites.map(\.key) == ["Reef", "-5.5, 120.25", "Wall"])
        #expect(
            result.logbook.sites.map(\.coordinate) == [
                try Coordinate(latitude: 10, longitude: 20), try Coordinate(latitude: -5.5, longitude: 120.25),
                try Coordinate(latitude: 1, longitude: 2),
            ])
        #expect(result.logbook.dives.map(\.siteKey) == ["Reef", "Reef", "-5.5, 120.25", "Wall", "Wall"])
        #expect(
            result.issues == [
                LogbookIssue(
                    record: "row 2", line: 3, message: "site \"Reef\" keeps its coordinates from line 2; these differ", outcome: .valueDropped)
            ])
    }

    @Test("a ragged row is read and reported, and a skipped ragged row says so")
    func raggedRowIssues() throws {
        let table = try CSVTable(text: "date,duration,depth,buddy\n2020-01-01,45,18\n2020-01-02,45\n")
        let result = try CSVLogbookReader.read(table, mapping: CSVMapping.propose(for: table))
        #expect(result.logbook.dives.count == 1)
        #expect(
            result.issues.map(\.message) == [
                "the row has 3 cells where the header has 4; cells may be shifted",
                "no max depth (the row has 2 cells where the header has 4)",
            ])
    }
}

@Suite("CSVPreview: the wizard's look at the first rows")
struct CSVPreviewTests {
    @Test("test41.csv previews read values, so the date format shows")
    func test41Preview() throws {
        let table = try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv"))
        var mapping = CSVMapping.propose(for: table)
        let preview = CSVPreview(table: table, mapping: mapping, rowLimit: 2)
        #expect(preview.fields == [.number, .date, .time, .duration, .maxDepth, .meanDepth, .buddy, .suit, .notes])
        #expect(preview.rows.count == 2)
        #expect(preview.rows.map(\.line) == [2, 3])
        #expect(
            preview.rows[0].values == [
                .number: "1", .date: "2013-10-01", .time: "10:34:00", .duration: "45:00", .maxDepth: "18 m",
                .meanDepth: "16 m", .buddy: "Dirk, Linus", .suit: "wet, 5mm", .notes: "nice dive",
            ])
        #expect(preview.issues.isEmpty)
        #expect(preview.missingFields.isEmpty)
        mapping.dateFormat = .dayMonthShortYear
        #expect(
            CSVPreview(table: table, mapping: mapping).rows.map { $0.values[.date] } == [
                "2013-01-10", "2013-01-10", "2014-01-10", "2014-01-10",
            ])
    }

    @Test("an incomplete mapping previews without throwing: rows skipped, cells shown as written")
    func incompleteMapping() throws {
        let table = try CSVTable(text: "when,depth\nsoon,18\n")
        let preview = CSVPreview(table: table, mapping: CSVMapping.propose(for: table))
        #expect(preview.missingFields == [.date, .duration])
        #expect(preview.rows.map(\.isSkipped) == [true])
        var mapping = CSVMapping.propose(for: table)
        mapping.assign(.date, toColumn: 0)
        let mapped = CSVPreview(table: table, mapping: mapping)
        #expect(mapped.rows.first?.values == [.date: "soon", .maxDepth: "18 m"])
        #expect(mapped.issues.map(\.message) == ["date \"soon\" is not a yyyy-mm-dd date"])
    }
}
