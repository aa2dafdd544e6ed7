import Foundation
import Geo
import TestSupport
import Testing

@testable import UmiLogCore

/// How the reader maps UDDF's elements, on small hand-made files.
@Suite("UDDFReader: elements")
struct UDDFReaderTests {
    typealias Fixture = UDDFFixture

    static func dive(
        body: String = "", generator: String = "Test", _ dive: String = UDDFFixture.dive()
    ) throws -> LogbookDive {
        try #require(try Fixture.onlyDive(Fixture.bytes(generator: generator, body: body, dives: [dive])))
    }

    // MARK: Start, depth, duration

    @Test("an empty time part (2008-09-05T) starts at midnight and is reported with its line")
    func emptyTime() throws {
        for datetime in ["2008-09-05T", "2008-09-05"] {
            let text = Fixture.text(dives: [Fixture.dive(datetime: datetime)])
            let result = try UDDFReader.read(Array(text.utf8))
            #expect(result.logbook.dives.first?.start == LocalDateTime(year: 2008, month: 9, day: 5))
            #expect(result.issues.count == 1)
            #expect(result.issues.first?.record == "dive 1")
            #expect(result.issues.first?.outcome == .valueDropped)
            #expect(result.issues.first?.line == Fixture.line(of: "<datetime>", in: text))
        }
    }

    @Test("a zone suffix or fraction of a second is ignored: the wall clock is kept")
    func zoneIgnored() throws {
        let dive = try Self.dive(Fixture.dive(datetime: "2014-04-02T10:00:00.5+02:00"))
        #expect(dive.start == LocalDateTime(year: 2014, month: 4, day: 2, hour: 10))
    }

    @Test("a dive without a readable start is skipped and reported; the others are kept")
    func noStart() throws {
        let result = try UDDFReader.read(
            Fixture.bytes(dives: [
                Fixture.dive(id: "a", datetime: nil), Fixture.dive(id: "b", datetime: "yesterday"), Fixture.dive(id: "c"),
            ])
        )
        #expect(result.logbook.dives.count == 1)
        #expect(result.issues.map(\.record) == ["dive 1", "dive 2"])
        #expect(result.issues.allSatisfy { $0.outcome == .skipped })
    }

    @Test("without greatestdepth the deepest waypoint is used; without either the dive is skipped")
    func greatestDepth() throws {
        let samples = [Fixture.waypoint(0, "0"), Fixture.waypoint(60, "12.5"), Fixture.waypoint(120, "1")].joined()
        let result = try UDDFReader.read(
            Fixture.bytes(dives: [
                Fixture.dive(id: "a", samples: samples, greatestDepth: nil), Fixture.dive(id: "b", greatestDepth: nil),
            ]))
        #expect(result.logbook.dives.map(\.maxDepthMeters) == [12.5])
        #expect(result.issues.map(\.outcome) == [.valueDropped, .skipped])
    }

    @Test("a missing or zero duration is derived from the waypoints by Subsurface's rule")
    func derivedDuration() throws {
        // 0→30 s counts (the second end is deeper than 0.75 m), 30→90 counts, 90→150 at 0.5 m does not.
        let samples = [Fixture.waypoint(0, "0"), Fixture.waypoint(30, "5"), Fixture.waypoint(90, "0.5"), Fixture.waypoint(150, "0.4")]
            .joined()
        for duration in [nil, "0"] {
            #expect(try Self.dive(Fixture.dive(samples: samples, duration: duration)).durationSeconds == 90)
        }
        #expect(try Self.dive(Fixture.dive(samples: samples, duration: "4674")).durationSeconds == 4674)
    }

    // MARK: People, sites, links

    @Test("buddies linked by id: first and last name joined, several joined by ', '; owner and divebase ignored")
    func buddies() throws {
        let body = """
            <diver>
            <owner id="me"><personal><firstname>Own</firstname><lastname>Er</lastname></personal></owner>
            <buddy id="b1"><personal><firstname>Anna</firstname></personal></buddy>
            <buddy id="b2"><personal><firstname> Bo </firstname><lastname>Berg</lastname></personal></buddy>
            <buddy id="b3"><personal><firstname/><lastname>Solo</lastname></personal></buddy>
            </diver>
            <divesite><divebase id="base"><name>Shop</name></divebase></divesite>
            """
        let links = ["me", "b1", "base", "b2", "nowhere", "b3"].map { "<link ref=\"\($0)\"/>" }.joined(separator: "\n")
        let dive = try Self.dive(body: body, Fixture.dive(before: links))
        #expect(dive.buddy == "Anna, Bo Berg, Solo")
        #expect(dive.siteKey == nil)
    }

    @Test("sites: name, position, country, notes; the divebase is not a site; a dive links to its site")
    func sites() throws {
        let body = """
            <divesite>
            <divebase id="base"><name>Shop</name></divebase>
            <site id="s1"><name>Blue Hole</name>
            <geography><location>Dahab</location><address><country>Egypt</country></address>
            <latitude>28.5721</latitude><longitude>34.5378</longitude></geography>
            <notes><para>Deep</para><para>Arch at 55 m</para></notes></site>
            <site id="s2"><geography><location>Only a location</location></geography></site>
            </divesite>
            """
        let result = try UDDFReader.read(Fixture.bytes(body: body, dives: [Fixture.dive(before: "<link ref=\"s1\"/>")]))
        #expect(
            result.logbook.sites == [
                LogbookSite(
                    key: "s1", name: "Blue Hole", coordinate: try Coordinate(latitude: 28.5721, longitude: 34.5378),
                    country: "Egypt", notes: "Deep\nArch at 55 m"),
                LogbookSite(key: "s2", name: "Only a location"),
            ])
        #expect(result.logbook.dives.first?.siteKey == "s1")
        #expect(result.issues.isEmpty)
    }

    @Test("site ids UmiLog wrapped are unwrapped only in files UmiLog wrote")
    func wrappedSiteIDs() throws {
        let body = "<divesite><site id=\"site-Lake_20X\"><name>Lake X</name></site></divesite>"
        let dive = Fixture.dive(before: "<link ref=\"site-Lake_20X\"/>")
        let ours = try UDDFReader.read(Fixture.bytes(generator: "UmiLog", body: body, dives: [dive])).logbook
        #expect(ours.sites.map(\.key) == ["Lake X"])
        #expect(ours.dives.first?.siteKey == "Lake X")
        let theirs = try UDDFReader.read(Fixture.bytes(generator: "MacDive", body: body, dives: [dive])).logbook
        #expect(theirs.sites.map(\.key) == ["site-Lake_20X"])
        #expect(theirs.dives.first?.siteKey == "site-Lake_20X")
    }

    @Test("a site with an impossible or half position is kept without it, and reported")
    func badPositions() throws {
        let body = """
            <divesite>
            <site id="s1"><name>North</name>
            <geography><location>x</location><latitude>95</latitude><longitude>10</longitude></geography></site>
            <site id="s2"><name>Half</name><geography><location>x</location><latitude>10</latitude></geography></site>
            <site id="s3"><name>Words</name>
            <geography><location>x</location><latitude>ten</latitude><longitude>10</longitude></geography></site>
            </divesite>
            """
        let result = try UDDFReader.read(Fixture.bytes(body: body))
        #expect(result.logbook.sites.map(\.name) == ["North", "Half", "Words"])
        #expect(result.logbook.sites.allSatisfy { $0.coordinate == nil })
        #expect(result.issues.map(\.record) == ["site North", "site Half", "site Words", "site Words"])
        #expect(result.issues.allSatisfy { $0.outcome == .valueDropped && $0.line != nil })
    }

    // MARK: Gas and equipment

    @Test("cylinders: mix fractions to percent, m³ to litres, Pa to bar, 0 Pa unknown, tank name as description")
    func cylinders() throws {
        let body = """
            <diver><owner id="me"><personal><firstname/><lastname/></personal><equipment>
            <tank id="t1"><name>D12</name></tank></equipment></owner></diver>
            <gasdefinitions>
            <mix id="ean32"><name>EAN32</name><o2>0.32</o2><n2>0.68</n2></mix>
            <mix id="tx"><name>TMx</name><o2>18</o2><he>45</he></mix>
            <mix id="nothing"><name>?</name></mix>
            </gasdefinitions>
            """
        let tanks = """
            <tankdata><link ref="ean32"/><link ref="t1"/><tankvolume>0.024</tankvolume><tankpressurebegin>23200000</tankpressurebegin>\
            <tankpressureend>0</tankpressureend></tankdata>
            <tankdata><link ref="tx"/><tankpressurebegin>0</tankpressurebegin></tankdata>
            <tankdata><link ref="nothing"/><tankpressurebegin>19950000</tankpressurebegin></tankdata>
            """
        let dive = try Self.dive(body: body, Fixture.dive(tanks: tanks))
        #expect(
            dive.cylinders == [
                Cylinder(description: "D12", sizeLiters: 24, oxygenPercent: 32, startPressureBar: 232),
                Cylinder(oxygenPercent: 18, heliumPercent: 45),
                Cylinder(oxygenPercent: 21, startPressureBar: 199.5),
            ])
    }

    @Test("a gas the profile switches to that no tankdata uses becomes one more cylinder")
    func switchedGas() throws {
        let body = """
            <gasdefinitions>
            <mix id="air"><name>air</name><o2>0.21</o2></mix><mix id="o2"><name>oxygen</name><o2>1</o2></mix>
            </gasdefinitions>
            """
        let samples = [
            Fixture.waypoint(0, "0", "<switchmix ref=\"air\"/>"), Fixture.waypoint(60, "6", "<switchmix ref=\"o2\"/>"),
            Fixture.waypoint(90, "3", "<switchmix ref=\"air\"/>"),
        ].joined()
        let tank = "<tankdata><link ref=\"air\"/><tankpressurebegin>0</tankpressurebegin></tankdata>"
        let dive = try Self.dive(body: body, Fixture.dive(tanks: tank, samples: samples))
        #expect(dive.cylinders == [Cylinder(oxygenPercent: 21), Cylinder(oxygenPercent: 100)])
    }

    @Test("suit, dive computer and lead come from the owner's equipment the dive links to")
    func equipmentUsed() throws {
        let body = """
            <diver><owner id="me"><personal><firstname/><lastname/></personal><equipment>
            <divecomputer id="dc"><name>My OSTC</name><model>Heinrichs Weikamp OSTC 3</model></divecomputer>
            <lead id="lead"><name>integrated</name></lead>
            <suit id="suit"><name>dry suit</name></suit>
            </equipment></owner></diver>
            """
        let used = """
            <equipmentused><leadquantity>6.5</leadquantity>
            <link ref="suit"/><link ref="dc"/><link ref="lead"/></equipmentused>
            """
        let dive = try Self.dive(body: body, Fixture.dive(before: used))
        #expect(dive.suit == "dry suit")
        #expect(dive.diveComputer == "Heinrichs Weikamp OSTC 3")
        #expect(dive.weights == [WeightSystem(kilograms: 6.5, description: "integrated")])
        // Subsurface writes <leadquantity>0</leadquantity> for dives without weights.
        let none = try Self.dive(Fixture.dive(before: "<equipmentused><leadquantity>0</leadquantity></equipmentused>"))
        #expect(none.weights.isEmpty)
    }

    // MARK: Samples

    @Test("waypoint values in the log's units, carried forward until they change")
    func waypointValues() throws {
        let samples = [
            Fixture.waypoint(
                0, "0",
                "<divemode type=\"closedcircuit\"/><tankpressure ref=\"t1\">20000000</tankpressure>"
                    + "<tankpressure ref=\"t2\">5</tankpressure>"
            ),
            Fixture.waypoint(
                10, "4.5",
                "<cns>12</cns><calculatedpo2>130000</calculatedpo2><measuredpo2>90000</measuredpo2>"
                    + "<nodecotime>5940</nodecotime><heartrate>88</heartrate><temperature>283.15</temperature>"
            ),
            Fixture.waypoint(
                20, "30",
                "<decostop kind=\"mandatory\" decodepth=\"6\" duration=\"120\"/><measuredpo2>121000</measuredpo2>"
                    + "<pulserate>92.4</pulserate>"
            ),
            Fixture.waypoint(30, "29.5"),
        ].joined(separator: "\n")
        let dive = try Self.dive(Fixture.dive(samples: samples))
        #expect(dive.mode == .closedCircuit)
        #expect(
            dive.samples == [
                DiveSample(timeSeconds: 0, depthMeters: 0, tankPressureBar: 200),
                DiveSample(
                    timeSeconds: 10, depthMeters: 4.5, temperatureCelsius: 10, tankPressureBar: 200, ndlSeconds: 5940,
                    cnsPercent: 12, po2Bar: 1.3, heartRate: 88),
                DiveSample(
                    timeSeconds: 20, depthMeters: 30, temperatureCelsius: 10, tankPressureBar: 200, ndlSeconds: 5940,
                    stopDepthMeters: 6, stopTimeSeconds: 120, cnsPercent: 12, po2Bar: 1.21, heartRate: 92),
                DiveSample(
                    timeSeconds: 30, depthMeters: 29.5, temperatureCelsius: 10, tankPressureBar: 200, ndlSeconds: 5940,
                    stopDepthMeters: 6, stopTimeSeconds: 120, cnsPercent: 12, po2Bar: 1.21, heartRate: 92),
            ])
    }

    @Test("divemode types and, without a profile, the apparatus give the dive mode")
    func modes() throws {
        let cases: [(String, DiveMode)] = [
            ("opencircuit", .openCircuit), ("closedcircuit", .closedCircuit), ("semiclosedcircuit", .semiClosed),
            ("apnoe", .freedive), ("apnea", .freedive),
        ]
        for (type, mode) in cases {
            let samples = Fixture.waypoint(0, "0", "<divemode type=\"\(type)\"/>")
            #expect(try Self.dive(Fixture.dive(samples: samples)).mode == mode)
        }
        #expect(try Self.dive(Fixture.dive(before: "<apparatus>rebreather</apparatus>")).mode == .closedCircuit)
        let jetpack = Fixture.dive(samples: Fixture.waypoint(0, "0", "<divemode type=\"jetpack\"/>"))
        let unknown = try UDDFReader.read(Fixture.bytes(dives: [jetpack]))
        #expect(unknown.logbook.dives.first?.mode == .openCircuit)
        #expect(unknown.issues.count == 1)
    }

    @Test("waypoints without a time, or without any depth yet, are skipped and reported once per kind")
    func skippedWaypoints() throws {
        let samples = [
            "<waypoint><depth>1</depth></waypoint>", "<waypoint><divetime>5</divetime></waypoint>",
            Fixture.waypoint(10, "3"), "<waypoint><divetime>20</divetime><temperature>280.15</temperature></waypoint>",
            "<waypoint><depth>2</depth></waypoint>",
        ].joined(separator: "\n")
        let result = try UDDFReader.read(Fixture.bytes(dives: [Fixture.dive(samples: samples)]))
        #expect(
            result.logbook.dives.first?.samples == [
                DiveSample(timeSeconds: 10, depthMeters: 3), DiveSample(timeSeconds: 20, depthMeters: 3, temperatureCelsius: 7),
            ])
        // Parts of a dive left out, not dives skipped (issue 13: "skipped" counts dives).
        #expect(result.issues.allSatisfy { $0.outcome == .partLeftOut })
        #expect(
            result.issues.map(\.message) == [
                "a waypoint without a time (2 times)", "a waypoint without a depth",
            ])
    }

    @Test("a value that is not a number is left out and reported with its line, once for many waypoints")
    func notNumbers() throws {
        let samples = (0..<50).map { Fixture.waypoint($0 * 10, "5", "<temperature>warm</temperature>") }.joined(separator: "\n")
        let text = Fixture.text(dives: [Fixture.dive(before: "<divenumber>twelve</divenumber>", samples: samples)])
        let result = try UDDFReader.read(Array(text.utf8))
        let dive = try #require(result.logbook.dives.first)
        #expect(dive.number == nil)
        #expect(dive.samples.count == 50)
        #expect(dive.samples.allSatisfy { $0.temperatureCelsius == nil })
        #expect(result.issues.count == 2)
        #expect(result.issues.first?.line == Fixture.line(of: "<divenumber>", in: text))
        #expect(result.issues.last?.message == "temperature \"warm\" is not a number (50 times)")
    }

    // MARK: After the dive

    @Test("ratingvalue 1–10 becomes 1–5 stars by inverting Subsurface's mapping")
    func ratings() throws {
        let expected = [1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 10: 5]
        for (value, stars) in expected {
            let after = "<rating><ratingvalue>\(value)</ratingvalue></rating>"
            #expect(try Self.dive(Fixture.dive(after: after)).rating == stars)
        }
        for stars in 1...5 {
            #expect(UDDFVocabulary.ratingValue(stars: stars).flatMap(UDDFVocabulary.stars(ratingValue:)) == stars)
        }
        let bad = try UDDFReader.read(Fixture.bytes(dives: [Fixture.dive(after: "<rating><ratingvalue>11</ratingvalue></rating>")]))
        #expect(bad.logbook.dives.first?.rating == nil)
        #expect(bad.issues.count == 1)
    }

    @Test("visibility is metres, except Subsurface's 1/3/5/10/15 which are its stars")
    func visibility() throws {
        let ten = Fixture.dive(after: "<visibility>10</visibility>")
        #expect(try Self.dive(generator: "Subsurface Divelog", ten).visibilityRating == 4)
        #expect(try Self.dive(generator: "Subsurface Divelog", ten).visibilityMeters == nil)
        #expect(try Self.dive(generator: "MacDive", ten).visibilityMeters == 10)
        #expect(try Self.dive(generator: "MacDive", ten).visibilityRating == nil)
        let seven = try Self.dive(generator: "Subsurface Divelog", Fixture.dive(after: "<visibility>7</visibility>"))
        #expect(seven.visibilityMeters == 7)
    }

    @Test("UDDF's six currents become the log's four")
    func currents() throws {
        let cases: [(String, CurrentStrength)] = [
            ("no-current", .none), ("very-mild-current", .light), ("mild-current", .light),
            ("moderate-current", .moderate), ("hard-current", .strong), ("very-hard-current", .strong),
        ]
        for (word, current) in cases {
            #expect(try Self.dive(Fixture.dive(after: "<current>\(word)</current>")).current == current)
        }
    }

    @Test("surface pressure Pa → bar, averagedepth, lowest temperature, notes paragraphs")
    func afterValues() throws {
        let dive = try Self.dive(
            Fixture.dive(
                before: "<surfacepressure>102000</surfacepressure>",
                after: """
                    <averagedepth>17.72</averagedepth>
                    <lowesttemperature>277.45</lowesttemperature>
                    <notes>
                    <para>  One &amp; &lt;two&gt;</para><para></para><para>Three
                    </para>
                    </notes>
                    """
            ))
        #expect(dive.surfacePressureBar == 1.02)
        #expect(dive.meanDepthMeters == 17.72)
        #expect(dive.waterTemperatureCelsius == 4.3)
        #expect(dive.notes == "One & <two>\n\nThree")
    }
}
