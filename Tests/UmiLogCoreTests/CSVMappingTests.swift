import TestSupport
import Testing

@testable import UmiLogCore

@Suite("CSVMapping: proposals, formats and command-line names")
struct CSVMappingTests {
    @Test("test41.csv: every Subsurface header is mapped and the dates are flagged as ambiguous mm/dd/yy")
    func proposalForTest41() throws {
        let table = try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv"))
        let mapping = CSVMapping.propose(for: table)
        #expect(
            mapping.columns == [
                0: .number, 1: .date, 2: .time, 3: .duration, 4: .maxDepth, 5: .meanDepth, 6: .buddy, 7: .suit, 8: .notes,
            ])
        #expect(mapping.dateFormat == .monthDayShortYear)
        #expect(mapping.isDateFormatAmbiguous)
        #expect(mapping.durationFormat == .minutesSeconds)
        #expect(mapping.units == .metric)
        #expect(mapping.missingFields.isEmpty)
    }

    @Test("choosing a date format confirms it")
    func confirmingClearsAmbiguity() throws {
        var mapping = CSVMapping.propose(for: try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv")))
        mapping.dateFormat = .monthDayShortYear
        #expect(!mapping.isDateFormatAmbiguous)
    }

    @Test(
        "a day above 12 in first place means day-first, in second place month-first",
        arguments: [
            ("10/1/13\n25/1/13", CSVDateFormat.dayMonthShortYear, false),
            ("10/1/2013\n25/1/2013", .dayMonthYear, false),
            ("1/10/13\n1/25/13", .monthDayShortYear, false),
            ("1/10/2013\n1/25/2013", .monthDayYear, false),
            ("1/10/2013\n2/11/2013", .monthDayYear, true),
            ("25/1/13\n1/25/13", .monthDayShortYear, true),
            ("01.10.2013\n25.12.2013", .dayMonthYearDotted, false),
            ("2013-10-01\n2013-12-25 10:00", .yearMonthDay, false),
        ])
    func dateFormatProposal(dates: String, expected: CSVDateFormat, ambiguous: Bool) throws {
        let text = "date,depth,duration\n" + dates.split(separator: "\n").map { "\($0),18,45:00" }.joined(separator: "\n")
        let mapping = CSVMapping.propose(for: try CSVTable(text: text))
        #expect(mapping.dateFormat == expected)
        #expect(mapping.isDateFormatAmbiguous == ambiguous)
    }

    @Test("headers map by synonym whatever their case, punctuation or bracketed unit")
    func headerSynonyms() throws {
        let header =
            "Dive #,Date,Start Time,Bottom Time,Max. Depth (m),Avg Depth,Water Temp [°C],Air Temp,Dive Site,"
            + "Lat,Lon,Divemaster,Comments,Tags,Rating,Visibility,Cylinder Size,Start Pressure,End Pressure,O2 %,He,"
            + "Weight,Unknown"
        let table = try CSVTable(text: header + "\n1,2020-01-01,10:00,45:00,18,12,25,30,Reef,1,2,Ana,x,a,4,10,12,200,50,32,0,4,z\n")
        let mapping = CSVMapping.propose(for: table)
        let expected: [CSVField] = [
            .number, .date, .time, .duration, .maxDepth, .meanDepth, .waterTemperature, .airTemperature, .location,
            .latitude, .longitude, .divemaster, .notes, .tags, .rating, .visibility, .cylinderSize, .startPressure,
            .endPressure, .oxygen, .helium, .weight, .ignore,
        ]
        #expect((0..<table.columnCount).map(mapping.field(forColumn:)) == expected)
    }

    @Test("a second column with the same meaning is left unmapped")
    func firstColumnWins() throws {
        let mapping = CSVMapping.propose(for: try CSVTable(text: "depth,max depth,date,duration\n18,20,2020-01-01,45\n"))
        #expect(mapping.column(for: .maxDepth) == 0)
        #expect(mapping.field(forColumn: 1) == .ignore)
        #expect(mapping.durationFormat == .minutes)
    }

    @Test("a header naming feet, °F, psi or lbs proposes imperial units")
    func imperialHeaders() throws {
        let table = try CSVTable(text: "date,duration,depth (ft),water temp (°F)\n2020-01-01,45:00,60,77\n")
        let mapping = CSVMapping.propose(for: table)
        #expect(mapping.units == .imperial)
        let dive = try #require(try CSVLogbookReader.read(table, mapping: mapping).logbook.dives.first)
        #expect(abs(dive.maxDepthMeters - 18.288) < 1e-9)
        #expect(abs((dive.waterTemperatureCelsius ?? 0) - 25) < 1e-9)
    }

    @Test("without a header, columns are guessed from their values in the usual order")
    func shapeProposal() throws {
        let table = try CSVTable(text: "1,10/1/13,10:34,45:00,18,16,Dirk\n2,10/2/13,12:13,41:00,16.2,13.5,Linus\n")
        #expect(table.header == nil)
        let mapping = CSVMapping.propose(for: table)
        #expect(mapping.columns == [0: .number, 1: .date, 2: .time, 3: .duration, 4: .maxDepth, 5: .meanDepth])
        let minutes = CSVMapping.propose(for: try CSVTable(text: "2013-10-01,45 min,18\n2013-10-02,41 min,16\n"))
        #expect(minutes.columns == [0: .date, 1: .duration, 2: .maxDepth])
    }

    @Test("columns whose header names nothing known are guessed from their values")
    func unknownHeaders() throws {
        let table = try CSVTable(text: "Nr;Datum;Zeit;Dauer;Tiefe;Notizen\n1;01.10.2013;10:34;45:00;18,5;schön\n2;02.10.2013;11:00;41:00;16;\n")
        let mapping = CSVMapping.propose(for: table)
        #expect(mapping.columns == [0: .number, 1: .date, 2: .time, 3: .duration, 4: .maxDepth])
        #expect(mapping.dateFormat == .dayMonthYearDotted)
        let dives = try CSVLogbookReader.read(table, mapping: mapping).logbook.dives
        #expect(dives.map(\.maxDepthMeters) == [18.5, 16])
    }

    @Test("--map takes a header name (any case) or a 1-based number, and a field name or alias")
    func commandLineAssignments() throws {
        let table = try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv"))
        var mapping = CSVMapping.propose(for: table)
        try mapping.apply("SUIT=notes", in: table)
        #expect(mapping.column(for: .notes) == 7)
        #expect(mapping.field(forColumn: 8) == .ignore)
        try mapping.apply("9=max-depth", in: table)
        #expect(mapping.column(for: .maxDepth) == 8)
        #expect(mapping.field(forColumn: 4) == .ignore)
        try mapping.apply("#nr=skip", in: table)
        #expect(mapping.column(for: .number) == nil)
        try mapping.apply("buddy = Water Temp", in: table)
        #expect(mapping.column(for: .waterTemperature) == 6)
    }

    @Test("a bad --map names what would have worked")
    func commandLineErrors() throws {
        let table = try CSVTable(bytes: DiveLogFixtures.bytes("test41.csv"))
        var mapping = CSVMapping.propose(for: table)
        #expect(throws: CSVMappingError.malformedAssignment("maxdepth")) { try mapping.apply("maxdepth", in: table) }
        #expect(throws: CSVMappingError.unknownField("deepness")) { try mapping.apply("maxdepth=deepness", in: table) }
        #expect(throws: CSVMappingError.self) { try mapping.apply("10=notes", in: table) }
        #expect(throws: CSVMappingError.self) { try mapping.apply("0=notes", in: table) }
        do {
            try mapping.apply("depth=max-depth", in: table)
            Issue.record("expected an error")
        } catch {
            #expect(error.errorDescription?.contains("maxdepth") == true)
            #expect(error.errorDescription?.contains("1 to 9") == true)
        }
        #expect(CSVMappingError.unknownField("x").errorDescription?.contains("max-depth") == true)
    }

    @Test("every field reads back from its own name and its aliases, and no alias is shared")
    func fieldNames() {
        var seen: [String: CSVField] = [:]
        for field in CSVField.allCases {
            #expect(CSVField(name: field.rawValue) == field)
            #expect(CSVField(name: field.rawValue.uppercased()) == field)
            for alias in field.aliases {
                #expect(CSVField(name: alias) == field, "\(alias)")
                #expect(seen[alias] == nil, "\(alias) is shared")
                seen[alias] = field
            }
        }
        #expect(CSVField(name: "max depth") == .maxDepth)
        #expect(CSVField(name: "water_temp") == .waterTemperature)
        #expect(CSVField(name: "depthness") == nil)
    }

    @Test("date and duration formats read the names the command line uses, case-insensitive")
    func formatNames() {
        for name in ["yyyy-mm-dd", "mm/dd/yyyy", "dd/mm/yyyy", "dd.mm.yyyy", "mm/dd/yy", "dd/mm/yy"] {
            #expect(CSVDateFormat(name: name)?.rawValue == name)
            #expect(CSVDateFormat(name: name.uppercased())?.rawValue == name)
        }
        #expect(CSVDateFormat(name: "dd-mm-yyyy") == nil)
        #expect(CSVDurationFormat(name: "MM:SS") == .minutesSeconds)
        #expect(CSVDurationFormat(name: "hh:mm:ss") == .hoursMinutesSeconds)
        #expect(CSVDurationFormat(name: "minutes") == .minutes)
        #expect(CSVDurationFormat(name: "hh:mm") == .hoursMinutes)
        #expect(CSVDurationFormat(name: "seconds") == nil)
        #expect(CSVDelimiter(name: "TAB") == .tab)
        #expect(CSVDelimiter(name: ";") == .semicolon)
    }
}

@Suite("CSVDateFormat and CSVDurationFormat: reading values")
struct CSVValueFormatTests {
    @Test("10/1/13 is October 1st month-first and January 10th day-first")
    func ambiguousDate() {
        #expect(CSVDateFormat.monthDayShortYear.start(from: "10/1/13") == LocalDateTime(year: 2013, month: 10, day: 1))
        #expect(CSVDateFormat.monthDayYear.start(from: "10/1/13") == LocalDateTime(year: 2013, month: 10, day: 1))
        #expect(CSVDateFormat.dayMonthShortYear.start(from: "10/1/13") == LocalDateTime(year: 2013, month: 1, day: 10))
        #expect(CSVDateFormat.dayMonthYearDotted.start(from: "1.10.2013") == LocalDateTime(year: 2013, month: 10, day: 1))
    }

    @Test("two-digit years pivot at 70; one- or three-digit years are no years")
    func twoDigitYears() {
        #expect(CSVDateFormat.monthDayShortYear.start(from: "1/1/69")?.year == 2069)
        #expect(CSVDateFormat.monthDayShortYear.start(from: "1/1/70")?.year == 1970)
        #expect(CSVDateFormat.monthDayShortYear.start(from: "1/1/00")?.year == 2000)
        #expect(CSVDateFormat.monthDayShortYear.start(from: "1/1/1999")?.year == 1999)
        #expect(CSVDateFormat.monthDayShortYear.start(from: "1/1/3") == nil)
        #expect(CSVDateFormat.monthDayShortYear.start(from: "1/1/203") == nil)
    }

    @Test("year-first dates read in every format; yyyy-mm-dd reads nothing else")
    func yearFirst() {
        for format in CSVDateFormat.allCases {
            #expect(format.start(from: "2013-10-01") == LocalDateTime(year: 2013, month: 10, day: 1))
        }
        #expect(CSVDateFormat.yearMonthDay.start(from: "10/1/13") == nil)
        #expect(CSVDateFormat.yearMonthDay.start(from: "2014-04-02T10:00:00") == LocalDateTime(year: 2014, month: 4, day: 2, hour: 10))
    }

    @Test(
        "impossible and malformed dates are refused", arguments: ["2/30/13", "13/1/13", "1/1", "1/1/13/1", "a/b/c", "", "2013-02-29", "1/1/13 25:00"])
    func badDates(text: String) {
        #expect(CSVDateFormat.monthDayShortYear.start(from: text) == nil)
    }

    @Test("a time after the date is read, am/pm included")
    func dateWithTime() {
        #expect(CSVDateFormat.monthDayShortYear.start(from: "10/1/13 2:19 pm") == LocalDateTime(year: 2013, month: 10, day: 1, hour: 14, minute: 19))
        #expect(CSVTimeOfDay("12:05 am") == CSVTimeOfDay("00:05"))
        #expect(CSVTimeOfDay("10:34:56.789")?.second == 56)
        #expect(CSVTimeOfDay("24:00") == nil)
        #expect(CSVTimeOfDay("10:5") == nil)
    }

    @Test(
        "durations in every accepted form",
        arguments: [
            ("77:54", CSVDurationFormat.minutesSeconds, 4674),
            ("1:17:54", .minutesSeconds, 4674),
            ("1:17:54", .hoursMinutesSeconds, 4674),
            ("45", .minutesSeconds, 2700),
            ("45.5", .minutes, 2730),
            ("45 min", .minutes, 2700),
            ("45min", .hoursMinutesSeconds, 2700),
            ("2700 s", .minutes, 2700),
            ("1.5 h", .minutes, 5400),
            ("45:00", .hoursMinutes, 162_000),
            ("1:05", .hoursMinutes, 3900),
            ("1:05", .hoursMinutesSeconds, 65),
        ])
    func durations(text: String, format: CSVDurationFormat, seconds: Int) {
        #expect(format.seconds(from: text, decimalComma: false) == seconds)
    }

    @Test("bad durations are refused", arguments: ["45:60", "4a:00", "1:2:3:4", ":30", "45 fathoms", "-5", "inf", "nan", "0x10"])
    func badDurations(text: String) {
        #expect(CSVDurationFormat.minutesSeconds.seconds(from: text, decimalComma: false) == nil)
    }

    @Test("decimal commas are numbers only where the comma is not the delimiter")
    func decimalComma() {
        #expect(CSVNumber("18,5", decimalComma: true)?.value == 18.5)
        #expect(CSVNumber("18,5", decimalComma: false)?.unit == ",5")
        #expect(CSVDurationFormat.minutes.seconds(from: "45,5", decimalComma: true) == 2730)
        #expect(CSVNumber("1e-05", decimalComma: false)?.value == 1e-05)
        let withUnit = CSVNumber("18 M", decimalComma: false)
        #expect(withUnit?.value == 18)
        #expect(withUnit?.unit == "m")
        #expect(CSVNumber("inf", decimalComma: false) == nil)
        #expect(CSVNumber("-", decimalComma: false) == nil)
    }
}
