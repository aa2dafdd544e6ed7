import Foundation
import Geo
import Testing
import TestSupport
import XMLKit
@testable import UmiLogCore

/// The shape of what the writer produces: UDDF 3.2.0, the schema's element order, valid ids and
/// links, SI units, and no empty elements the schema forbids.
@Suite("UDDFWriter: file shape")
struct UDDFWriterTests {
    static let generatedAt = LocalDateTime(year: 2026, month: 11, day: 24, hour: 9, minute: 30)!

    /// A dive with every field set, at Lake Coleridge.
    static let fullDive: LogbookDive = {
        var dive = LogbookDive(
            id: UUID(uuidString: "3F2A6B1C-0D4E-4F5A-8B9C-0D1E2F3A4B5C"), number: 7,
            start: LocalDateTime(year: 2014, month: 4, day: 2, hour: 10)!, durationSeconds: 4674, maxDepthMeters: 38.99,
            meanDepthMeters: 17.72, siteKey: "ec2bbc32", airTemperatureCelsius: 12.2, waterTemperatureCelsius: 4.3,
            visibilityMeters: 8, rating: 4, current: .moderate, buddy: "Michael, Anna Berg", divemaster: "Taylor",
            suit: "dry suit", notes: "CCR dive\nLake", tags: ["ccr_dive"],
            cylinders: [
                Cylinder(description: "Dil2", sizeLiters: 2, oxygenPercent: 16, heliumPercent: 45, startPressureBar: 185,
                         endPressureBar: 130, use: .diluent),
                Cylinder(description: "AL80", sizeLiters: 11.1, oxygenPercent: 32, startPressureBar: 207),
            ],
            weights: [WeightSystem(kilograms: 2, description: "integrated")], mode: .closedCircuit, surfacePressureBar: 1.02,
            salinityGramsPerLiter: 1000, diveComputer: "Heinrichs Weikamp OSTC 3"
        )
        dive.samples = [
            DiveSample(timeSeconds: 2, depthMeters: 2.34, temperatureCelsius: 10, tankPressureBar: 200, ndlSeconds: 600,
                       stopDepthMeters: 3, stopTimeSeconds: 60, cnsPercent: 12, po2Bar: 1.3, heartRate: 88),
            DiveSample(timeSeconds: 4, depthMeters: 2.92, temperatureCelsius: 10, tankPressureBar: 199, ndlSeconds: 600,
                       stopDepthMeters: 3, stopTimeSeconds: 60, cnsPercent: 12, po2Bar: 1.3, heartRate: 88),
        ]
        return dive
    }()

    static let fullLogbook = Logbook(
        sites: [
            LogbookSite(
                key: "ec2bbc32", name: "Lake Coleridge", coordinate: try? Coordinate(latitude: -43.342295, longitude: 171.545936),
                country: "New Zealand", notes: "Cold"
            ),
        ],
        dives: [fullDive]
    )

    static func tree(_ logbook: Logbook = fullLogbook) throws -> XMLTree {
        try XMLReader.parse(Array(UDDFWriter.write(logbook, generatedAt: generatedAt).utf8))
    }

    /// Whether `names` appear in the order of `order` (names not in it are not allowed).
    static func follows(_ names: [String], _ order: [String]) -> Bool {
        let positions = names.map { order.firstIndex(of: $0) ?? -1 }
        return !positions.contains(-1) && positions == positions.sorted()
    }

    @Test("the root is UDDF 3.2.0 in the 3.2 namespace, sections in the schema's order")
    func root() throws {
        let text = UDDFWriter.write(Self.fullLogbook, generatedAt: Self.generatedAt)
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<uddf xmlns=\"http://www.streit.cc/uddf/3.2/\" version=\"3.2.0\">"
        #expect(text.hasPrefix(head))
        let tree = try Self.tree()
        #expect(tree.children.map(\.name) == ["generator", "diver", "divesite", "gasdefinitions", "profiledata"])
        #expect(tree.child(path: "generator", "name")?.text == "UmiLog")
        #expect(tree.child(path: "generator", "datetime")?.text == "2026-11-24T09:30:00")
    }

    @Test("a dive's sections, its information before the dive, tanks and waypoints follow the schema's order")
    func elementOrder() throws {
        let dive = try #require(try Self.tree().child(path: "profiledata", "repetitiongroup", "dive"))
        #expect(dive.children.map(\.name) == ["informationbeforedive", "tankdata", "tankdata", "samples", "informationafterdive"])
        let beforeOrder = [
            "link", "divenumber", "divenumberofday", "internaldivenumber", "datetime", "airtemperature",
            "surfaceintervalbeforedive", "altitude", "equipmentused", "apparatus", "platform", "purpose",
            "stateofrestbeforedive", "tripmembership", "surfacepressure",
        ]
        let before = try #require(dive.child("informationbeforedive"))
        #expect(Self.follows(before.children.map(\.name), beforeOrder))
        #expect(before.children.map(\.name).count == 9)
        let tankOrder = ["link", "tankvolume", "tankpressurebegin", "tankpressureend"]
        #expect(dive.children("tankdata").allSatisfy { Self.follows($0.children.map(\.name), tankOrder) })
        let waypointOrder = [
            "alarm", "batterychargecondition", "cns", "decostop", "bodytemperature", "calculatedpo2", "depth", "divetime",
            "heading", "otu", "pulserate", "remainingbottomtime", "remainingo2time", "setmarker", "setpo2", "switchmix",
            "tankpressure", "temperature", "divemode", "gradientfactor", "measuredpo2", "nodecotime",
        ]
        let waypoints = try #require(dive.child("samples")).children("waypoint")
        #expect(waypoints.first?.children.count == 11)
        #expect(waypoints.allSatisfy { Self.follows($0.children.map(\.name), waypointOrder) })
        // The second waypoint only has what changed.
        #expect(waypoints.last?.children.map(\.name) == ["depth", "divetime", "tankpressure"])
    }

    @Test("every id is a valid xsd:ID and unique, and every link points at one")
    func idsAndLinks() throws {
        var generator = SplitMix64(seed: 0x0DDF_0101)
        for logbook in [Self.fullLogbook] + (0..<20).map({ _ in UDDFRandomLogbook.logbook(using: &generator) }) {
            let tree = try Self.tree(logbook)
            let all = allElements(tree)
            let ids = all.compactMap { $0.attribute("id") }
            #expect(Set(ids).count == ids.count)
            #expect(ids.allSatisfy(Self.isNCName))
            let refs = all.filter { $0.name == "link" || $0.name == "switchmix" }.compactMap { $0.attribute("ref") }
            #expect(refs.allSatisfy { Set(ids).contains($0) })
        }
    }

    @Test("values in SI units: K, Pa, m³, fractions, 1–10 rating; our id as umilog-<uuid>")
    func units() throws {
        let dive = try #require(try Self.tree().child(path: "profiledata", "repetitiongroup", "dive"))
        #expect(dive.attribute("id") == "umilog-3f2a6b1c-0d4e-4f5a-8b9c-0d1e2f3a4b5c")
        #expect(dive.child(path: "informationbeforedive", "airtemperature")?.text == "285.35")
        #expect(dive.child(path: "informationbeforedive", "surfacepressure")?.text == "102000")
        #expect(dive.child(path: "informationbeforedive", "equipmentused", "leadquantity")?.text == "2")
        #expect(dive.child(path: "informationbeforedive", "apparatus")?.text == "rebreather")
        #expect(dive.children("tankdata").map { $0.child("tankvolume")?.text } == ["0.002", "0.0111"])
        #expect(dive.children("tankdata").map { $0.child("tankpressurebegin")?.text } == ["18500000", "20700000"])
        #expect(dive.child(path: "informationafterdive", "lowesttemperature")?.text == "277.45")
        #expect(dive.child(path: "informationafterdive", "rating", "ratingvalue")?.text == "8")
        #expect(dive.child(path: "informationafterdive", "current")?.text == "moderate-current")
        let waypoint = try #require(dive.child(path: "samples", "waypoint"))
        #expect(waypoint.child("temperature")?.text == "283.15")
        #expect(waypoint.child("calculatedpo2")?.text == "130000")
        #expect(waypoint.child("divemode")?.attribute("type") == "closedcircuit")
        let mixes = try #require(try Self.tree().child("gasdefinitions")).children("mix")
        #expect(mixes.map { $0.child("name")?.text } == ["TMx 16/45", "EANx 32"])
        #expect(mixes.map { $0.child("o2")?.text } == ["0.16", "0.32"])
        #expect(waypoint.child("switchmix")?.attribute("ref") == mixes.first?.attribute("id"))
    }

    @Test("no empty rating, visibility or notes; a bare dive has only what the schema requires")
    func noEmptyElements() throws {
        let bare = LogbookDive(start: Self.generatedAt, durationSeconds: 60, maxDepthMeters: 5, notes: "  ")
        let tree = try Self.tree(Logbook(dives: [bare]))
        #expect(tree.children.map(\.name) == ["generator", "profiledata"])
        let dive = try #require(tree.child(path: "profiledata", "repetitiongroup", "dive"))
        #expect(dive.children.map(\.name) == ["informationbeforedive", "informationafterdive"])
        #expect(dive.child("informationafterdive")?.children.map(\.name) == ["greatestdepth", "diveduration"])
        #expect(dive.child("informationbeforedive")?.children.map(\.name) == ["datetime", "apparatus"])
        // No element that must hold a value is written empty.
        let emptyAllowed: Set = ["link", "switchmix", "divemode", "decostop", "firstname", "lastname"]
        let empties = allElements(try Self.tree()).filter {
            $0.children.isEmpty && $0.trimmedText == nil && !emptyAllowed.contains($0.name)
        }
        #expect(empties.map(\.name) == [])
    }

    @Test("buddies and equipment are declared once and linked: people, suit, computer, lead, tanks")
    func declarations() throws {
        let tree = try Self.tree()
        let diver = try #require(tree.child("diver"))
        let names = diver.children("buddy").map { buddy in
            ["firstname", "lastname"].map { buddy.child(path: "personal", $0)?.text }
        }
        #expect(names == [["Michael", ""], ["Anna", "Berg"]])
        let equipment = try #require(diver.child(path: "owner", "equipment"))
        #expect(equipment.children.map(\.name) == ["divecomputer", "lead", "suit", "tank", "tank"])
        #expect(equipment.children.map { $0.child("name")?.text } == ["Heinrichs Weikamp OSTC 3", "integrated", "dry suit", "Dil2", "AL80"])
        let site = try #require(tree.child(path: "divesite", "site"))
        #expect(site.attribute("id") == "site-ec2bbc32")
        #expect(site.child(path: "geography", "address", "country")?.text == "New Zealand")
        #expect(site.child(path: "geography", "latitude")?.text == "-43.342295")
    }
}

/// Every element of the tree, the root included.
private func allElements(_ tree: XMLTree) -> [XMLTree] {
    var found: [XMLTree] = []
    var pending = [tree]
    while let next = pending.popLast() {
        found.append(next)
        pending.append(contentsOf: next.children)
    }
    return found
}

extension UDDFWriterTests {
    /// XML's NCName, restricted to ASCII: a letter or `_`, then letters, digits, `.`, `-`, `_`.
    static func isNCName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
    }
}
