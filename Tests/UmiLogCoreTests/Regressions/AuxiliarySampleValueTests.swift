import Testing

@testable import UmiLogCore

/// Issue 13: every Shearwater Cloud UDDF export was refused because `<calculatedpo2>` is written
/// in bar (0.98) where UDDF says pascal. Time and depth are a profile; every other per-sample
/// value is auxiliary, and a doubtful one is dropped with one warning per dive — in UDDF and in
/// Subsurface XML alike — never sinking the file.
@Suite("Regression: doubtful auxiliary sample values are dropped per dive, not the file")
struct AuxiliarySampleValueTests {
    /// A UDDF 3.2 export shaped like Shearwater Cloud's: its generator, a site, a mix, and
    /// waypoints with depth, time, temperature and `calculatedpo2` in bar.
    static func shearwaterExport(dives: Int, waypoints: Int) -> [UInt8] {
        var diveTexts: [String] = []
        for dive in 0..<dives {
            var points: [String] = []
            for index in 0..<waypoints {
                let depth = Double(min(index, waypoints - index)) * 0.5
                points.append(
                    "<waypoint><depth>\(depth)</depth><divetime>\(index * 10)</divetime>"
                        + "<temperature>\(294.15 - Double(index % 3))</temperature>"
                        + "<calculatedpo2>\(0.21 + Double(index % 80) / 100)</calculatedpo2></waypoint>"
                )
            }
            diveTexts.append(
                UDDFFixture.dive(
                    id: "dive\(dive)", datetime: "2024-03-0\(dive + 1)T09:1\(dive):00",
                    samples: points.joined(separator: "\n"), greatestDepth: "\(Double(waypoints / 2) * 0.5)",
                    duration: "\(waypoints * 10)"
                ))
        }
        let body = """
            <divesite><site id="s1"><name>Molasses Reef</name><geography><location>Key Largo</location>
            <latitude>25.0106</latitude><longitude>-80.3747</longitude></geography></site></divesite>
            <gasdefinitions><mix id="air"><name>Air</name><o2>0.21</o2></mix></gasdefinitions>
            """
        return UDDFFixture.bytes(version: "3.2.0", generator: "Shearwater Cloud", body: body, dives: diveTexts)
    }

    @Test("a Shearwater Cloud export with calculatedpo2 in bar reads, without the ppO₂, warned once per dive")
    func shearwaterCalculatedPO2InBar() throws {
        let result = try UDDFReader.read(Self.shearwaterExport(dives: 2, waypoints: 40))
        #expect(result.logbook.dives.count == 2)
        for dive in result.logbook.dives {
            #expect(dive.samples.count == 40)
            #expect(dive.samples.allSatisfy { $0.po2Bar == nil })
            #expect(dive.samples.map(\.timeSeconds) == (0..<40).map { $0 * 10 })
            #expect(dive.samples.allSatisfy { $0.temperatureCelsius != nil })
        }
        let warnings = result.issues.filter { $0.message.contains("calculatedpo2") }
        #expect(warnings.count == 2)
        #expect(Set(warnings.map(\.record)) == ["dive 1", "dive 2"])
        #expect(warnings.allSatisfy { $0.outcome == .valueDropped && $0.message.contains("(40 times)") })
    }

    /// Each auxiliary waypoint value in a unit the schema does not allow.
    static let doubtfulUDDF: [(field: String, waypoint: String)] = [
        ("calculatedpo2", "<calculatedpo2>0.98</calculatedpo2>"),
        ("measuredpo2", "<measuredpo2>1.3</measuredpo2>"),
        ("temperature", "<temperature>10.5</temperature>"),
        ("tankpressure", "<tankpressure>180</tankpressure>"),
        ("decodepth", "<decostop kind=\"mandatory\" decodepth=\"3048\" duration=\"60\"/>"),
    ]

    @Test("every auxiliary UDDF waypoint value in the wrong unit is dropped; time and depth are kept", arguments: 0..<5)
    func uddfAuxiliaryFields(_ index: Int) throws {
        let (field, extra) = Self.doubtfulUDDF[index]
        let samples = (1...3).map { UDDFFixture.waypoint($0 * 10, "\($0)", extra) }.joined(separator: "\n")
        let result = try UDDFReader.read(UDDFFixture.bytes(dives: [UDDFFixture.dive(samples: samples)]))
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.samples.map(\.timeSeconds) == [10, 20, 30])
        #expect(dive.samples.map(\.depthMeters) == [1, 2, 3])
        #expect(
            dive.samples.allSatisfy {
                $0.po2Bar == nil && $0.temperatureCelsius == nil && $0.tankPressureBar == nil && $0.stopDepthMeters == nil
            })
        let warnings = result.issues.filter { $0.message.hasPrefix(field) }
        #expect(warnings.count == 1, "\(result.issues)")
        #expect(warnings.first?.message.contains("(3 times)") == true)
    }

    @Test("a waypoint depth in the wrong unit still refuses the file: depth is authoritative")
    func depthStaysAuthoritative() {
        let samples = UDDFFixture.waypoint(10, "3048", "<calculatedpo2>0.98</calculatedpo2>")
        #expect(throws: LogbookReadError.self) {
            try UDDFReader.read(UDDFFixture.bytes(dives: [UDDFFixture.dive(samples: samples)]))
        }
    }

    @Test("Subsurface samples with an auxiliary value in another unit read, warned once per dive and attribute")
    func subsurfaceAuxiliaryUnits() throws {
        let samples = (1...30).map { "<sample time='\($0):00 min' depth='\($0 % 20 + 1).0 m' temp='50.0 F' po2='18 psi' />" }
            .joined(separator: "\n")
        let text = """
            <divelog program='subsurface' version='3'>
            <dives>
            <dive number='1' date='2014-04-02' time='10:00:00' duration='30:00 min'>
            <divecomputer model='Test'>
            <depth max='20.0 m' />
            \(samples)
            </divecomputer>
            </dive>
            </dives>
            </divelog>
            """
        let result = try SubsurfaceXMLReader.read(Array(text.utf8))
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.samples.count == 30)
        #expect(dive.samples.allSatisfy { $0.temperatureCelsius == nil && $0.po2Bar == nil })
        let temperature = result.issues.filter { $0.message.hasPrefix("temp ") }
        let po2 = result.issues.filter { $0.message.hasPrefix("po2 ") }
        #expect(temperature.count == 1 && po2.count == 1, "\(result.issues)")
        #expect(temperature.first?.message.contains("(30 times)") == true)
        #expect(po2.first?.outcome == .valueDropped)
    }
}
