import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// Files the reader must refuse as a whole, with an error that says why.
@Suite("Subsurface XML: refused files")
struct SubsurfaceXMLErrorTests {
    private func error(reading text: String) -> LogbookReadError? {
        error(reading: Array(text.utf8))
    }

    private func error(reading bytes: [UInt8]) -> LogbookReadError? {
        do {
            _ = try SubsurfaceXMLReader.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("Truncated, empty and garbage bytes are malformed XML")
    func malformed() throws {
        let test42 = try DiveLogFixtures.bytes("test42.xml")
        for bytes in [Array(test42.prefix(5_000)), [], Array("not xml at all".utf8), [0xFF, 0xFE, 0x00, 0x3C]] {
            let error = error(reading: bytes)
            guard case .malformedXML(let reason) = error else {
                Issue.record("expected malformedXML, got \(String(describing: error))")
                continue
            }
            #expect(!reason.isEmpty)
        }
    }

    @Test("Another XML format is the wrong format; another program's divelog is fine")
    func wrongFormat() throws {
        #expect(error(reading: "<uddf version='3.2.0'><profiledata/></uddf>") == .wrongFormat(expected: .subsurface, found: "<uddf>"))
        let other =
            "<divelog program='other' version='3'><dives><dive date='2020-01-01' duration='10:00 min'><depth max='5 m'/></dive></dives></divelog>"
        #expect(try SubsurfaceXMLReader.read(Array(other.utf8)).logbook.dives.count == 1)
    }

    @Test("A version above 3 is unsupported")
    func version() {
        #expect(
            error(reading: "<divelog program='subsurface' version='4'><dives/></divelog>") == .unsupportedVersion(format: .subsurface, version: "4"))
        #expect(error(reading: "<divelog version='three'><dives/></divelog>") == .unsupportedVersion(format: .subsurface, version: "three"))
    }

    @Test("A log without dives")
    func noDives() {
        #expect(error(reading: "<divelog program='subsurface' version='3'><divesites/><dives></dives></divelog>") == .noDives)
    }

    @Test(
        "A non-metric unit anywhere the reader looks refuses the file, naming field, value and line",
        arguments: [
            ("<depth max='38.99 m'", "<depth max='127.9 ft'", "depth max", "127.9 ft", "m"),
            // A sample's temperature is auxiliary and only dropped (issue 13); the dive's is not.
            ("water='4.3 C'", "water='39.7 F'", "temperature water", "39.7 F", "C"),
            ("start='185.0 bar'", "start='2683 psi'", "cylinder start", "2683 psi", "bar"),
            ("size='11.1 l'", "size='80 cuft'", "cylinder size", "80 cuft", "l"),
            ("weight='2.0 kg'", "weight='4.4 lbs'", "weightsystem weight", "4.4 lbs", "kg"),
            ("salinity='1000 g/l'", "salinity='62.4 lb/ft3'", "water salinity", "62.4 lb/ft3", "g/l"),
            ("duration='77:54 min'", "duration='77:54 h'", "dive duration", "77:54 h", "min"),
        ])
    func wrongUnits(original: String, replacement: String, field: String, value: String, unit: String) throws {
        let text = String(decoding: try DiveLogFixtures.bytes("test42.xml"), as: UTF8.self)
        let range = try #require(text.range(of: original))
        let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        let changed = text.replacingCharacters(in: range, with: replacement)
        #expect(error(reading: changed) == .wrongUnit(field: field, value: value, expected: unit, line: line))
        #expect(error(reading: changed)?.errorDescription?.contains("line \(line)") == true)
    }
}
