import Testing

@testable import UmiLogCore

/// The value parser and formatter for Subsurface's attribute strings.
@Suite("Subsurface XML: values")
struct SubsurfaceXMLValueTests {
    private let origin = SubsurfaceValue.Origin(field: "test", line: 1)

    @Test("Leading numbers with their unit, a decimal comma, or none")
    func numbers() throws {
        #expect(try SubsurfaceValue.number("25.3 m", unit: .depth, origin: origin) == 25.3)
        #expect(try SubsurfaceValue.number(" 25,3m ", unit: .depth, origin: origin) == 25.3)
        #expect(try SubsurfaceValue.number("-1.5 °C", unit: .temperature, origin: origin) == -1.5)
        #expect(try SubsurfaceValue.number("1030 g/l", unit: .salinity, origin: origin) == 1030)
        #expect(try SubsurfaceValue.number("7", unit: .pressure, origin: origin) == 7)
        #expect(try SubsurfaceValue.number("", unit: .depth, origin: origin) == nil)
        #expect(try SubsurfaceValue.number("m", unit: .depth, origin: origin) == nil)
        #expect(try SubsurfaceValue.number(".5 m", unit: .depth, origin: origin) == 0.5)
        #expect(throws: LogbookReadError.wrongUnit(field: "test", value: "12 ft", expected: "m", line: 1)) {
            try SubsurfaceValue.number("12 ft", unit: .depth, origin: origin)
        }
        #expect(throws: LogbookReadError.self) { try SubsurfaceValue.number("12 °F", unit: .depth, origin: origin) }
        #expect(throws: LogbookReadError.self) { try SubsurfaceValue.number("80 cu ft", unit: .volume, origin: origin) }
        #expect(throws: LogbookReadError.self) { try SubsurfaceValue.number("2.0 kg/m³", unit: .weight, origin: origin) }
        // Junk that names no unit makes the value unreadable, not the file wrong.
        #expect(try SubsurfaceValue.number("1e3 m", unit: .depth, origin: origin) == nil)
        #expect(try SubsurfaceValue.number("12:30", unit: .depth, origin: origin) == nil)
        #expect(try SubsurfaceValue.seconds("12,5 min", origin: origin) == nil)
    }

    @Test("Durations: m:ss min, h:mm:ss, seconds, Diving Log's mm.ss")
    func durations() throws {
        #expect(try SubsurfaceValue.seconds("77:54 min", origin: origin) == 4674)
        #expect(try SubsurfaceValue.seconds("1:17:54", origin: origin) == 4674)
        #expect(try SubsurfaceValue.seconds("240:00 min", origin: origin) == 14_400)
        #expect(try SubsurfaceValue.seconds("45", origin: origin) == 45)
        #expect(try SubsurfaceValue.seconds("44.00", allowsDotMinutes: true, origin: origin) == 2640)
        #expect(try SubsurfaceValue.seconds("44.00", origin: origin) == nil)
        #expect(try SubsurfaceValue.seconds("1:2:3:4", origin: origin) == nil)
        #expect(try SubsurfaceValue.seconds("99999999:00 min", origin: origin) == nil)
        #expect(try SubsurfaceValue.seconds("-5", origin: origin) == nil)
        #expect(throws: LogbookReadError.self) { try SubsurfaceValue.seconds("12 h", origin: origin) }
    }

    @Test("Gas percentages: with %, or a fraction up to 1 without")
    func percentages() throws {
        #expect(try SubsurfaceValue.percent("32.0%", origin: origin) == 32)
        #expect(try SubsurfaceValue.percent("0.32", origin: origin) == 32)
        #expect(try SubsurfaceValue.percent("0.5%", origin: origin) == 0.5)
        #expect(try SubsurfaceValue.percent("100.0%", origin: origin) == 100)
        #expect(try SubsurfaceValue.percent("101%", origin: origin) == nil)
        #expect(try SubsurfaceValue.percent("-5%", origin: origin) == nil)
    }

    @Test("Dates: ISO and DD.MM.YYYY, with or without a time; impossible dates fail")
    func dates() {
        #expect(SubsurfaceValue.start(date: "2014-04-02", time: "10:00:00") == LocalDateTime(year: 2014, month: 4, day: 2, hour: 10))
        #expect(SubsurfaceValue.start(date: "02.04.2014", time: "10:05") == LocalDateTime(year: 2014, month: 4, day: 2, hour: 10, minute: 5))
        #expect(SubsurfaceValue.start(date: "2014-04-02 10:00:07", time: nil) == LocalDateTime(year: 2014, month: 4, day: 2, hour: 10, second: 7))
        #expect(SubsurfaceValue.start(date: "2014-04-02", time: nil) == LocalDateTime(year: 2014, month: 4, day: 2))
        #expect(SubsurfaceValue.start(date: "2014-02-30", time: nil) == nil)
        #expect(SubsurfaceValue.start(date: "2014-04-02", time: "25:00:00") == nil)
        #expect(SubsurfaceValue.start(date: "yesterday", time: nil) == nil)
    }

    @Test("Decimals print the shortest digits that read back, never in exponent form")
    func decimals() throws {
        let cases: [(Double, String)] = [
            (2, "2.0"), (38.99, "38.99"), (2.335, "2.335"), (-43.342295, "-43.342295"), (0.00001, "0.00001"),
            (1.5e-7, "0.00000015"), (1e16, "10000000000000000.0"), (1.2345e17, "123450000000000000.0"), (-0.0, "-0.0"),
        ]
        for (value, text) in cases {
            #expect(SubsurfaceFormat.decimal(value) == text)
            #expect(try SubsurfaceValue.number(text, unit: .depth, origin: origin) == value)
        }
        #expect(SubsurfaceFormat.trimmedDecimal(1030) == "1030")
        #expect(SubsurfaceFormat.trimmedDecimal(12.5) == "12.5")
        #expect(SubsurfaceFormat.clock(4674) == "77:54")
        #expect(SubsurfaceFormat.clock(5) == "0:05")
    }

    @Test("Tags split on unescaped commas and round-trip through the writer's escaping")
    func tags() {
        #expect(SubsurfaceValue.tags("boat, photography, tag") == ["boat", "photography", "tag"])
        #expect(SubsurfaceValue.tags("a\\,b,\\x") == ["a,b", "\\x"])
        let tags = ["a,b", "back\\slash", "end\\", "\\,", "plain"]
        #expect(SubsurfaceValue.tags(SubsurfaceFormat.tags(tags)) == tags)
    }

    @Test("Site ids: kept when already 8 hex digits, otherwise stable, unique and never zero")
    func siteIDs() {
        #expect(SubsurfaceSiteID.canonical("    abcd") == "0000abcd")
        #expect(SubsurfaceSiteID.canonical("xyz") == nil)
        #expect(SubsurfaceSiteID.canonical("+abc") == nil)
        let ids = SubsurfaceSiteID.assign(["ec2bbc32", "home reef", "home reef", "00000000", "EC2BBC32"])
        #expect(ids[0] == "ec2bbc32")
        #expect(Set(ids).count == 5)
        #expect(!ids.contains("00000000"))
        #expect(ids == SubsurfaceSiteID.assign(["ec2bbc32", "home reef", "home reef", "00000000", "EC2BBC32"]))
    }
}
