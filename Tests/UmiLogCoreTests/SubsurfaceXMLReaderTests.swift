import Foundation
import Geo
import Testing

@testable import UmiLogCore

/// The reader's rules on small hand-written logs: version-2 sites, trips, several dive
/// computers, derived values, and records it skips or trims.
@Suite("Subsurface XML: reader rules")
struct SubsurfaceXMLReaderTests {
    private func read(_ dives: String, sites: String = "", version: String = "3") throws -> LogbookReadResult {
        let text = "<divelog program='subsurface' version='\(version)'>\n<divesites>\(sites)</divesites>\n<dives>\n\(dives)\n</dives>\n</divelog>\n"
        return try SubsurfaceXMLReader.read(Array(text.utf8))
    }

    @Test("Version 2: <location gps> and a gps attribute become sites, one per name and position")
    func version2Sites() throws {
        let result = try read(
            """
            <dive number='1' date='12.06.2012' time='09:30' duration='45.30'><location gps='12.5 -70.25'>Reef</location><depth max='18.2 m'/></dive>
            <dive number='2' date='2012-06-13' duration='40:00 min'><location gps='12.5 -70.25'>Reef</location><depth max='12 m'/></dive>
            <dive number='3' date='2012-06-14' duration='40:00 min' gps='12.5,-70.3'><depth max='12 m'/></dive>
            <dive number='4' date='2012-06-15' duration='40:00 min'><location>Reef</location><depth max='12 m'/></dive>
            """, version: "2")
        #expect(result.issues.isEmpty)
        let sites = result.logbook.sites
        #expect(sites.map(\.name) == ["Reef", "", "Reef"])
        #expect(
            sites.map(\.coordinate) == [try Coordinate(latitude: 12.5, longitude: -70.25), try Coordinate(latitude: 12.5, longitude: -70.3), nil])
        let dives = result.logbook.dives
        #expect(dives.map(\.siteKey) == [sites[0].key, sites[0].key, sites[1].key, sites[2].key])
        #expect(sites.allSatisfy { $0.key.count == 8 })
        // DD.MM.YYYY with HH:MM, and Diving Log's 45.30 meaning 45:30.
        #expect(dives[0].start == LocalDateTime(year: 2012, month: 6, day: 12, hour: 9, minute: 30))
        #expect(dives[0].durationSeconds == 2730)
        // No time attribute: midnight, as Subsurface writes it.
        #expect(dives[1].start == LocalDateTime(year: 2012, month: 6, day: 13))
    }

    @Test("Dives inside <trip> are read in file order")
    func trips() throws {
        let result = try read(
            """
            <trip date='2020-01-01' location='Red Sea'><notes>trip</notes>
            <dive number='1' date='2020-01-01' time='08:00:00' duration='30:00 min'><divecomputer><depth max='10 m'/></divecomputer></dive>
            <dive number='2' date='2020-01-01' time='11:00:00' duration='31:00 min'><divecomputer><depth max='11 m'/></divecomputer></dive>
            </trip>
            <dive number='3' date='2020-01-02' duration='32:00 min'><divecomputer><depth max='12 m'/></divecomputer></dive>
            """)
        #expect(result.logbook.dives.map(\.number) == [1, 2, 3])
        #expect(result.logbook.dives.map(\.maxDepthMeters) == [10, 11, 12])
    }

    @Test("Several dive computers: longest duration and deepest depth over all; samples, model and mode of the first")
    func severalComputers() throws {
        let result = try read(
            """
            <dive date='2020-01-01' duration='30:00 min'>
            <divecomputer model='A' dctype='PSCR'><depth max='20 m' mean='11 m'/><sample time='0:10 min' depth='5 m'/></divecomputer>
            <divecomputer model='B' duration='31:00 min'><depth max='19.5 m'/></divecomputer>
            <divecomputer model='C'><sample time='1:00 min' depth='21 m'/><sample time='2:00 min' depth='0.5 m'/></divecomputer>
            </dive>
            """)
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.durationSeconds == 1860)
        #expect(dive.maxDepthMeters == 21)
        #expect(dive.meanDepthMeters == 11)
        #expect(dive.diveComputer == "A")
        #expect(dive.mode == .semiClosed)
        #expect(dive.samples == [DiveSample(timeSeconds: 10, depthMeters: 5)])
    }

    @Test("Without a duration or max depth, both come from the samples (Subsurface's rules)")
    func derivedFromSamples() throws {
        let result = try read(
            """
            <dive date='2020-01-01'><divecomputer>
            <sample time='0:00 min' depth='0.0 m'/><sample time='1:00 min' depth='10.0 m'/>
            <sample time='2:00 min' depth='0.5 m'/><sample time='9:00 min' depth='0.2 m'/>
            </divecomputer></dive>
            """)
        #expect(result.issues.isEmpty)
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.durationSeconds == 120)
        #expect(dive.maxDepthMeters == 10)
    }

    @Test("Dives without a date, a duration or a depth are skipped and reported; the others stay")
    func skippedDives() throws {
        let result = try read(
            """
            <dive number='1' duration='30:00 min'><divecomputer><depth max='10 m'/></divecomputer></dive>
            <dive number='2' date='2020-02-30' duration='30:00 min'><divecomputer><depth max='10 m'/></divecomputer></dive>
            <dive number='3' date='2020-01-01'><divecomputer><depth max='10 m'/></divecomputer></dive>
            <dive number='4' date='2020-01-01' duration='30:00 min'><divecomputer/></dive>
            <dive number='5' date='2020-01-01' duration='30:00 min'><divecomputer><depth max='10 m'/></divecomputer></dive>
            """)
        #expect(result.logbook.dives.map(\.number) == [5])
        #expect(result.issues.map(\.record) == ["dive #1", "dive #2", "dive #3", "dive #4"])
        #expect(result.issues.allSatisfy { $0.outcome == .skipped && $0.line != nil })
    }

    @Test("Every dive skipped: an empty log with the reasons, not an error")
    func allSkipped() throws {
        let result = try read("<dive number='1'/>")
        #expect(result.logbook.dives.isEmpty)
        #expect(result.issues.count == 1)
    }

    @Test("Odd values are dropped one by one and reported; the dive stays")
    func droppedValues() throws {
        let result = try read(
            """
            <dive number='7' rating='9' visibility='0' tags=' a\\,b , c\\\\ ,, d ' divesiteid='abcdef12' umilog-id='nope' date='2020-01-01' duration='30:00 min'>
            <cylinder o2='0.32' he='120%' start='0.0 bar' use='rebreather' />
            <weightsystem description='belt' />
            <divetemperature air='95.0 C' water='-2.0 C'/>
            <divecomputer dctype='gauge'><depth max='10 m'/><temperature air='21.0 C'/>
            <sample time='0:10 min' depth='3 m' temp='-60 C'/><sample time='x' depth='4 m'/><sample time='0:30 min'/>
            </divecomputer></dive>
            """)
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.rating == nil)
        #expect(dive.visibilityRating == nil)
        #expect(dive.tags == ["a,b", "c\\", "d"])
        #expect(dive.siteKey == nil)
        #expect(dive.id == nil)
        #expect(dive.cylinders == [Cylinder(oxygenPercent: 32, heliumPercent: 0)])
        #expect(dive.weights.isEmpty)
        // Air 95 °C is dropped, so the computer's 21 °C is used.
        #expect(dive.airTemperatureCelsius == 21)
        #expect(dive.waterTemperatureCelsius == -2)
        #expect(dive.mode == .openCircuit)
        #expect(dive.samples == [DiveSample(timeSeconds: 10, depthMeters: 3)])
        let messages = result.issues.map(\.message)
        for fragment in ["rating", "divesiteid", "umilog-id", "he", "use", "no weight", "air", "gauge", "temp", "time", "depth"] {
            #expect(messages.contains { $0.contains(fragment) }, "\(fragment)")
        }
        #expect(!messages.contains { $0.contains("visibility") })
        // The two samples are left out; the dive is not skipped (issue 13: "skipped" counts dives).
        #expect(result.issues.filter { $0.outcome == .partLeftOut }.count == 2)
        #expect(!result.issues.contains { $0.outcome == .skipped })
    }

    @Test("Notes are kept exactly, CDATA and line breaks included; one-line fields are trimmed")
    func texts() throws {
        let result = try read(
            """
            <dive date='2020-01-01' duration='30:00 min'><buddy>  Ann, Bob
            </buddy><notes><![CDATA[<b>bold</b>]]> &amp; more
              indented</notes><divecomputer><depth max='10 m'/></divecomputer></dive>
            """)
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.buddy == "Ann, Bob")
        #expect(dive.notes == "<b>bold</b> & more\n  indented")
    }

    @Test("Sites: uuids are normalised, GPS checked, country and notes read; a repeated uuid is skipped")
    func sites() throws {
        let result = try read(
            "<dive date='2020-01-01' duration='30:00 min' divesiteid='    abcd'><depth max='10 m'/></dive>",
            sites: """
                <site uuid='0000ABCD' name='Wreck' gps='27.1 33.9'><notes>Deep</notes><geo cat='2' origin='2' value='Egypt'/></site>
                <site uuid='abcd' name='Again'/>
                <site uuid='12345678' name='Nowhere' gps='95 200'/>
                """)
        #expect(result.logbook.sites.map(\.key) == ["0000abcd", "12345678"])
        let wreck = result.logbook.sites[0]
        #expect(wreck.coordinate == (try Coordinate(latitude: 27.1, longitude: 33.9)))
        #expect(wreck.country == "Egypt")
        #expect(wreck.notes == "Deep")
        #expect(result.logbook.sites[1].coordinate == nil)
        #expect(result.logbook.dives.first?.siteKey == "0000abcd")
        // A repeated site entry is left out; "skipped" is for dives only (issue 13).
        #expect(result.issues.map(\.outcome) == [.partLeftOut, .valueDropped])
    }

    @Test("ISO-8859-15 (Suunto Dive Manager's label) is read, its eight non-Latin-1 characters included")
    func latin9() throws {
        // In ISO-8859-15, 0xA6 is Š and 0xA4 is €; 0xE9 is é, as in Latin-1.
        let file =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-15\" ?>\n<divelog program='subsurface' version='3'>".utf8)
            + Array("<divesites><site uuid='1' name='".utf8) + [0xA6] + Array("ibenik'/></divesites><dives>".utf8)
            + Array("<dive date='2020-01-01' duration='30:00 min' divesiteid='1'><buddy>Ren".utf8) + [0xE9, 0x20, 0xA4]
            + Array("</buddy><depth max='10 m'/></dive></dives></divelog>".utf8)
        let result = try SubsurfaceXMLReader.read(file)
        #expect(result.logbook.sites.first?.name == "Šibenik")
        #expect(result.logbook.dives.first?.buddy == "René €")
        // A Suunto Dive Manager export is then named for what it is, not for its encoding.
        let suunto = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-15\" ?>\n<SUUNTO><MSG/></SUUNTO>".utf8)
        #expect(throws: LogbookReadError.wrongFormat(expected: .subsurface, found: "<SUUNTO>")) {
            try SubsurfaceXMLReader.read(suunto)
        }
    }

    @Test("Dive-level salinity and air pressure; a legacy dive without <divecomputer> keeps its data inline")
    func conditionsAndLegacyLayout() throws {
        let result = try read(
            """
            <dive date='2020-01-01' watersalinity='1030 g/l' airpressure='0.98 bar'>
            <depth max='12.5 m' mean='8 m'/><temperature water='18.0 C'/>
            <sample time='0:30 min' depth='3 m' temp='19.0 C' heartbeat='95'/><sample time='5:30 min' depth='12 m' pressure0='180 bar'/>
            <sample time='10:30 min' depth='0.3 m' heartbeat='101 bpm'/>
            </dive>
            """)
        #expect(result.issues.isEmpty)
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.salinityGramsPerLiter == 1030)
        #expect(dive.surfacePressureBar == 0.98)
        #expect(dive.maxDepthMeters == 12.5)
        #expect(dive.meanDepthMeters == 8)
        #expect(dive.durationSeconds == 630)
        #expect(dive.waterTemperatureCelsius == 18)
        #expect(dive.diveComputer == nil)
        #expect(dive.samples.map(\.heartRate) == [95, 95, 101])
        #expect(dive.samples.map(\.temperatureCelsius) == [19, 19, 19])
        #expect(dive.samples.map(\.tankPressureBar) == [nil, 180, nil])
    }
}
