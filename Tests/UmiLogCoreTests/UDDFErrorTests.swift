import Foundation
import TestSupport
import Testing

@testable import UmiLogCore

/// Files the reader refuses as a whole, with an error that says why.
@Suite("UDDFReader: refused files")
struct UDDFErrorTests {
    static func error(_ bytes: [UInt8]) -> LogbookReadError? {
        do {
            _ = try UDDFReader.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The error for a file whose only dive has `dive`, and the line `needle` is on.
    static func wrongUnit(dive: String, body: String = "", needle: String) -> (LogbookReadError?, Int?) {
        let text = UDDFFixture.text(body: body, dives: [dive])
        return (error(Array(text.utf8)), UDDFFixture.line(of: needle, in: text))
    }

    @Test("an air temperature of 25 is Celsius, not kelvin: wrongUnit with its line")
    func celsiusTemperature() throws {
        let (error, line) = Self.wrongUnit(
            dive: UDDFFixture.dive(before: "<airtemperature>25</airtemperature>"), needle: "<airtemperature>"
        )
        #expect(error == .wrongUnit(field: "airtemperature", value: "25", expected: "kelvin", line: line))
        #expect(line != nil)
        #expect(try #require(error?.errorDescription).contains("line \(try #require(line))"))
    }

    @Test("a lowest temperature in Celsius is refused too; a waypoint's is dropped (auxiliary, issue 13)")
    func celsiusInSamplesAndAfter() {
        let (sampleError, _) = Self.wrongUnit(
            dive: UDDFFixture.dive(samples: UDDFFixture.waypoint(10, "5", "<temperature>10.5</temperature>")),
            needle: "<temperature>10.5"
        )
        #expect(sampleError == nil)
        let (afterError, afterLine) = Self.wrongUnit(
            dive: UDDFFixture.dive(after: "<lowesttemperature>-1</lowesttemperature>"), needle: "<lowesttemperature>"
        )
        #expect(afterError == .wrongUnit(field: "lowesttemperature", value: "-1", expected: "kelvin", line: afterLine))
    }

    @Test("tank pressures in bar (between 0 and 1000 Pa) are refused", arguments: ["tankpressurebegin", "tankpressureend"])
    func barPressures(element: String) {
        let tank = "<tankdata>\n<\(element)>200</\(element)>\n</tankdata>"
        let (error, line) = Self.wrongUnit(dive: UDDFFixture.dive(tanks: tank), needle: "<\(element)>")
        #expect(error == .wrongUnit(field: element, value: "200", expected: "pascal", line: line))
    }

    @Test("a waypoint tank pressure or ppO₂ in bar is dropped, not the file (auxiliary, issue 13)")
    func barInSamples() throws {
        for extra in ["<tankpressure>180</tankpressure>", "<measuredpo2>1.3</measuredpo2>"] {
            let bytes = UDDFFixture.bytes(dives: [UDDFFixture.dive(samples: UDDFFixture.waypoint(10, "5", extra))])
            let dive = try #require(try UDDFFixture.onlyDive(bytes))
            #expect(dive.samples.first?.tankPressureBar == nil)
            #expect(dive.samples.first?.po2Bar == nil)
        }
    }

    @Test("a surface pressure in bar or hectopascal is refused")
    func surfacePressure() {
        for value in ["1.013", "1013"] {
            let (error, line) = Self.wrongUnit(
                dive: UDDFFixture.dive(before: "<surfacepressure>\(value)</surfacepressure>"), needle: "<surfacepressure>"
            )
            #expect(error == .wrongUnit(field: "surfacepressure", value: value, expected: "pascal", line: line))
        }
    }

    @Test("a tank volume above 1 m³ is litres: refused")
    func litreVolume() {
        let tank = "<tankdata>\n<tankvolume>11.1</tankvolume>\n</tankdata>"
        let (error, line) = Self.wrongUnit(dive: UDDFFixture.dive(tanks: tank), needle: "<tankvolume>")
        #expect(error == .wrongUnit(field: "tankvolume", value: "11.1", expected: "cubic metres", line: line))
    }

    @Test("a depth beyond 1000 m is not metres: refused, in the header or a waypoint")
    func depthNotMetres() {
        let (headerError, headerLine) = Self.wrongUnit(dive: UDDFFixture.dive(greatestDepth: "1200"), needle: "<greatestdepth>")
        #expect(headerError == .wrongUnit(field: "greatestdepth", value: "1200", expected: "metres", line: headerLine))
        let (sampleError, sampleLine) = Self.wrongUnit(
            dive: UDDFFixture.dive(samples: UDDFFixture.waypoint(10, "3048")), needle: "<waypoint>"
        )
        #expect(sampleError == .wrongUnit(field: "depth", value: "3048", expected: "metres", line: sampleLine))
    }

    @Test("a file that is not UDDF is refused with its root element named")
    func wrongFormat() throws {
        #expect(
            Self.error(Array("<divelog program='subsurface' version='3'></divelog>".utf8))
                == .wrongFormat(expected: .uddf, found: "<divelog>"))
        #expect(Self.error(try DiveLogFixtures.bytes("test42.xml")) == .wrongFormat(expected: .uddf, found: "<divelog>"))
    }

    @Test(
        "versions other than 2.x, 3.0–3.2.x and 3.3 are refused",
        arguments: ["1.0.0", "4.0", "3.4.0", "3.10", "abc", "3.x", "0.9"])
    func unsupportedVersions(version: String) {
        #expect(Self.error(UDDFFixture.bytes(version: version)) == .unsupportedVersion(format: .uddf, version: version))
    }

    @Test("known versions are read", arguments: ["2.2.0", "2.0", "3.0.0", "3.1.0", "3.2.0", "3.2.1", "3.2.3", "3.3.0", "3.3.1", "3"])
    func supportedVersions(version: String) throws {
        #expect(try UDDFReader.read(UDDFFixture.bytes(version: version)).logbook.dives.count == 1)
    }

    @Test("the root may be UDDF in any case, with the 3.1, 3.2 or no namespace, or none at all")
    func rootsAndNamespaces() throws {
        for (root, namespace) in [
            ("uddf", "http://www.streit.cc/uddf/3.1/"), ("uddf", nil), ("UDDF", nil), ("Uddf", UDDFFixture.namespace32),
        ] {
            #expect(try UDDFReader.read(UDDFFixture.bytes(root: root, namespace: namespace)).logbook.dives.count == 1)
        }
        #expect(try UDDFReader.read(UDDFFixture.bytes(version: nil)).logbook.dives.count == 1)
        let prefixed = UDDFFixture.text().replacingOccurrences(of: "<uddf xmlns=", with: "<u:uddf xmlns:u=")
            .replacingOccurrences(of: "</uddf>", with: "</u:uddf>")
        #expect(try UDDFReader.read(Array(prefixed.utf8)).logbook.dives.count == 1)
    }

    @Test("a file without dives is refused")
    func noDives() {
        #expect(Self.error(UDDFFixture.bytes(dives: [])) == .noDives)
        #expect(Self.error(UDDFFixture.bytes(body: "<profiledata></profiledata>", dives: [])) == .noDives)
    }

    @Test("truncated, empty and garbage files are not well-formed XML")
    func malformed() throws {
        for bytes in [Array(UDDFFixture.text().utf8.dropLast(30)), [], Array("not xml at all".utf8), [0xFF, 0xFE, 0x00, 0x3C]] {
            let error = Self.error(bytes)
            switch error {
            case .malformedXML(let reason)?:
                #expect(!reason.isEmpty)
            case .wrongFormat?, .unsupportedVersion?, .wrongUnit?, .noDives?, .unreadableTable?, .tooLarge?, .recordTooLarge?,
                .unreadableFile?, nil:
                Issue.record("expected malformedXML, got \(String(describing: error))")
            }
        }
    }
}
