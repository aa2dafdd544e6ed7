import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// Writer output read back by the reader gives the same `Logbook`.
@Suite("Subsurface XML: round trip")
struct SubsurfaceXMLRoundTripTests {
    @Test("Real files: read → write → read gives the first read back", arguments: ["test42.xml", "test40-42.xml", "TestDiveDM5.xml"])
    func realFiles(name: String) throws {
        let first = try SubsurfaceXMLReader.read(DiveLogFixtures.bytes(name))
        let written = SubsurfaceXMLWriter.write(first.logbook)
        let second = try SubsurfaceXMLReader.read(Array(written.utf8))
        #expect(second.issues.isEmpty)
        #expect(second.logbook == first.logbook)
        // Writing again gives the same bytes: the output is stable.
        #expect(SubsurfaceXMLWriter.write(second.logbook) == written)
    }

    @Test("Samples are delta-encoded like Subsurface's own writer: as many values as in the file")
    func deltaEncoding() throws {
        let original = String(decoding: try DiveLogFixtures.bytes("test42.xml"), as: UTF8.self)
        let written = SubsurfaceXMLWriter.write(try SubsurfaceXMLReader.read(DiveLogFixtures.bytes("test42.xml")).logbook)
        for attribute in [" temp='", " ndl='", " cns='", " po2='", " stoptime='", " stopdepth='"] {
            let sampleLines = { (text: String) in text.split(separator: "\n").filter { $0.contains("<sample ") } }
            #expect(
                sampleLines(written).filter { $0.contains(attribute) }.count
                    == sampleLines(original).filter { $0.contains(attribute) }.count, "\(attribute)")
        }
        #expect(written.hasPrefix("<divelog program='subsurface' version='3'>"))
        #expect(!written.contains("<?xml"))
        #expect(written.contains("<site uuid='ec2bbc32' name='Lake Coleridge' gps='-43.342295 171.545936'"))
        #expect(written.contains("duration='77:54 min'"))
        #expect(written.contains("<sample time='0:12 min' depth='4.517 m' temp='10.0 C' ndl='240:00 min'"))
        #expect(written.contains("<water salinity='1000 g/l'"))
        #expect(
            written.contains(
                "<cylinder size='2.0 l' workpressure='232.0 bar' description='Dil2' o2='16.0%' he='45.0%' start='185.0 bar' end='130.0 bar' use='diluent'"
            ))
    }

    @Test("Generated logbooks with random values, XML-special and non-ASCII text survive", arguments: 0..<200)
    func generated(seed: UInt64) throws {
        var generator = SubsurfaceXMLLogbookGenerator(seed: seed)
        let logbook = generator.logbook()
        let written = SubsurfaceXMLWriter.write(logbook)
        let read = try SubsurfaceXMLReader.read(Array(written.utf8))
        #expect(read.issues.isEmpty, "seed \(seed)")
        #expect(read.logbook == logbook, "seed \(seed)")
        if read.logbook != logbook {
            for (a, b) in zip(read.logbook.dives, logbook.dives) where a != b {
                Issue.record("seed \(seed): \(a) != \(b)")
            }
            if read.logbook.sites != logbook.sites { Issue.record("seed \(seed): \(read.logbook.sites) != \(logbook.sites)") }
        }
    }

    @Test("Fields Subsurface XML has no place for are dropped; the dive id is kept")
    func uncarriedFields() throws {
        let id = UUID()
        let start = try #require(LocalDateTime(year: 2024, month: 5, day: 1, hour: 9))
        let dive = LogbookDive(
            id: id, start: start, durationSeconds: 3000, maxDepthMeters: 20, visibilityMeters: 15, current: .strong,
            sightings: [LogbookSighting(speciesID: "manta", count: 2)])
        let written = SubsurfaceXMLWriter.write(Logbook(dives: [dive]))
        #expect(written.contains("umilog-id='\(id.uuidString)'"))
        let back = try #require(try SubsurfaceXMLReader.read(Array(written.utf8)).logbook.dives.first)
        var expected = dive
        expected.visibilityMeters = nil
        expected.current = nil
        expected.sightings = []
        #expect(back == expected)
    }

    @Test("Site keys that are not Subsurface uuids get stable 8-hex-digit ids, and dives follow them")
    func siteKeyMapping() throws {
        let start = try #require(LocalDateTime(year: 2024, month: 5, day: 1))
        let logbook = Logbook(
            sites: [
                LogbookSite(key: "site-blue-hole", name: "Blue Hole"), LogbookSite(key: "EC2BBC32", name: "Lake"),
                LogbookSite(key: "42", name: "Answer"),
            ],
            dives: [
                LogbookDive(start: start, durationSeconds: 60, maxDepthMeters: 5, siteKey: "site-blue-hole"),
                LogbookDive(start: start, durationSeconds: 60, maxDepthMeters: 5, siteKey: "EC2BBC32"),
                LogbookDive(start: start, durationSeconds: 60, maxDepthMeters: 5, siteKey: "42"),
                LogbookDive(start: start, durationSeconds: 60, maxDepthMeters: 5, siteKey: "nowhere"),
            ])
        let written = SubsurfaceXMLWriter.write(logbook)
        #expect(written == SubsurfaceXMLWriter.write(logbook))
        #expect(!written.contains("time='00:00:00'"))
        let back = try SubsurfaceXMLReader.read(Array(written.utf8)).logbook
        #expect(back.sites.map(\.name) == ["Blue Hole", "Lake", "Answer"])
        #expect(back.sites[1].key == "ec2bbc32")
        for site in back.sites {
            #expect(site.key.count == 8 && UInt32(site.key, radix: 16) != nil)
        }
        let siteNames = Dictionary(uniqueKeysWithValues: back.sites.map { ($0.key, $0.name) })
        #expect(back.dives.map { $0.siteKey.flatMap { siteNames[$0] } } == ["Blue Hole", "Lake", "Answer", nil])
    }
}
