import Foundation
import Geo
import TestSupport
import Testing
import XMLKit

@testable import UmiLogCore

/// The shape of what the writer produces: UDDF 3.2.2, the schema's element order, valid ids and
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
                Cylinder(
                    description: "Dil2", sizeLiters: 2, oxygenPercent: 16, heliumPercent: 45, startPressureBar: 185,
                    endPressureBar: 130, use: .diluent),
                Cylinder(description: "AL80", sizeLiters: 11.1, oxygenPercent: 32, startPressureBar: 207),
            ],
            weights: [WeightSystem(kilograms: 2, description: "integrated")], mode: .closedCircuit, surfacePressureBar: 1.02,
            salinityGramsPerLiter: 1000, diveComputer: "Heinrichs Weikamp OSTC 3"
        )
        dive.samples = [
            DiveSample(
                timeSeconds: 2, depthMeters: 2.34, temperatureCelsius: 10, tankPressureBar: 200, ndlSeconds: 600,
                stopDepthMeters: 3, stopTimeSeconds: 60, cnsPercent: 12, po2Bar: 1.3, heartRate: 88),
            DiveSample(
                timeSeconds: 4, depthMeters: 2.92, temperatureCelsius: 10, tankPressureBar: 199, ndlSeconds: 600,
                stopDepthMeters: 3, stopTimeSeconds: 60, cnsPercent: 12, po2Bar: 1.3, heartRate: 88),
        ]
        return dive
    }()

    static let fullLogbook = Logbook(
        sites: [
            LogbookSite(
                key: "ec2bbc32", name: "Lake Coleridge", coordinate: try? Coordinate(latitude: -43.342295, longitude: 171.545936),
                country: "New Zealand", notes: "Cold"
            )
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

    @Test("the root is UDDF 3.2.2 in the 3.2 namespace, sections in the schema's order")
    func root() throws {
        let text = UDDFWriter.write(Self.fullLogbook, generatedAt: Self.generatedAt)
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<uddf xmlns=\"http://www.streit.cc/uddf/3.2/\" version=\"3.2.2\">"
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

    @Test("every element is one UDDF 3.2.2's schema allows there, in its order, with its required parts and typed values")
    func schemaStructure() throws {
        var generator = SplitMix64(seed: 0x0DDF_0303)
        let start = Self.generatedAt
        // Values at the edges of what the writer accepts: each must be left out or written validly.
        var odd = LogbookDive(
            number: 0, start: start, durationSeconds: -5, maxDepthMeters: -0.0, meanDepthMeters: .nan, siteKey: "none",
            airTemperatureCelsius: .infinity, visibilityMeters: 0, rating: 6, buddy: " , Ana ,  , Bo  Berg", suit: " ",
            notes: "\u{1}\r\n\u{FFFE}",
            cylinders: [Cylinder(oxygenPercent: .nan, heliumPercent: .infinity), Cylinder(oxygenPercent: 0, heliumPercent: 0)],
            weights: [WeightSystem(kilograms: 0), WeightSystem(kilograms: -3, description: "x")], mode: .freedive,
            surfacePressureBar: 0, diveComputer: "\t"
        )
        odd.samples = [DiveSample(timeSeconds: 0, depthMeters: 0, stopDepthMeters: 0, stopTimeSeconds: 0, heartRate: 0)]
        let blankSite = LogbookSite(key: "", name: "", coordinate: nil, country: " ", notes: "")
        let logbooks =
            [Self.fullLogbook, Logbook(sites: [blankSite, blankSite], dives: [odd, odd, odd])]
            + (0..<30).map { _ in UDDFRandomLogbook.logbook(using: &generator) }
        for logbook in logbooks {
            let problems = Self.schemaProblems(try Self.tree(logbook))
            #expect(problems == [])
        }
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

/// The parts of UDDF 3.2.2's schema (uddf_3.2.2.xsd) that the writer uses, so tests can check a file's
/// shape without the schema: each parent's children (in order where it is an `xs:sequence`, in
/// any order but once each where it is an `xs:all`), the children it requires, and the type of
/// each value.
extension UDDFWriterTests {
    struct ContentModel {
        /// `xs:all`: any order, each child at most once; otherwise an `xs:sequence` in this order.
        let unordered: Bool
        let children: [String]
        let required: Set<String>

        static func sequence(_ children: [String], required: Set<String> = []) -> ContentModel {
            ContentModel(unordered: false, children: children, required: required)
        }

        static func all(_ children: [String], required: Set<String> = []) -> ContentModel {
            ContentModel(unordered: true, children: children, required: required)
        }
    }

    static let person = ContentModel.sequence(
        [
            "personal", "address", "contact", "equipment", "medical", "education", "divepermissions", "diveinsurances",
            "notes", "student",
        ],
        required: ["personal"]
    )
    /// `equipmentPieceType` with what `suit` and `tank` add after it.
    static let equipmentPiece = ContentModel.sequence(
        [
            "name", "aliasname", "link", "manufacturer", "model", "serialnumber", "purchase", "serviceinterval",
            "nextservicedate", "notes", "suittype", "tankmaterial", "tankvolume",
        ],
        required: ["name"]
    )

    /// By parent element: what it may hold.
    static let contentModels: [String: ContentModel] = [
        "uddf": .all(
            [
                "generator", "mediadata", "maker", "business", "diver", "divesite", "divetrip", "gasdefinitions",
                "decomodel", "profiledata", "tablegeneration", "divecomputercontrol",
            ],
            required: ["generator"]
        ),
        "generator": .sequence(
            ["name", "aliasname", "type", "link", "manufacturer", "version", "datetime"], required: ["name"]
        ),
        "diver": .sequence(["owner", "buddy"], required: ["owner"]),
        "owner": person,
        "buddy": person,
        "personal": .all(
            [
                "firstname", "middlename", "lastname", "birthname", "honorific", "sex", "birthdate", "passport",
                "membership", "height", "weight", "bloodgroup", "smoking", "numberofdives",
            ],
            required: ["firstname", "lastname"]
        ),
        "equipment": .sequence([
            "boots", "buoyancycontroldevice", "camera", "compass", "compressor", "divecomputer",
            "equipmentconfiguration", "fins", "gloves", "knife", "lead", "light", "mask", "rebreather", "regulator",
            "scooter", "suit", "tank", "variouspieces", "videocamera", "watch",
        ]),
        "divecomputer": equipmentPiece,
        "lead": equipmentPiece,
        "suit": equipmentPiece,
        "tank": equipmentPiece,
        "divesite": .sequence(["divebase", "site"]),
        "site": .sequence(
            ["name", "aliasname", "environment", "geography", "ecology", "sitedata", "rating", "notes"],
            required: ["name"]
        ),
        "geography": .all(
            ["location", "address", "latitude", "longitude", "altitude", "timezone"], required: ["location"]
        ),
        "address": .all(["street", "city", "postcode", "country", "province"], required: ["country"]),
        // `notesType` is a repeated choice of `para` and `link`; the writer writes one `para`.
        "notes": .sequence(["para", "link"]),
        "gasdefinitions": .sequence(["mix"], required: ["mix"]),
        "mix": .sequence(
            [
                "name", "aliasname", "o2", "n2", "he", "ar", "h2", "priceperlitre", "maximumpo2",
                "maximumoperationdepth", "equivalentairdepth",
            ],
            required: ["name"]
        ),
        "profiledata": .sequence(["repetitiongroup"], required: ["repetitiongroup"]),
        "repetitiongroup": .sequence(["dive"], required: ["dive"]),
        "dive": .sequence(
            ["applicationdata", "informationbeforedive", "tankdata", "samples", "informationafterdive"],
            required: ["informationbeforedive", "informationafterdive"]
        ),
        "informationbeforedive": .sequence(
            [
                "link", "divenumber", "divenumberofday", "internaldivenumber", "datetime", "airtemperature",
                "surfaceintervalbeforedive", "altitude", "equipmentused", "apparatus", "platform", "purpose",
                "stateofrestbeforedive", "tripmembership", "alcoholbeforedive", "medicalbeforedive", "nosuit", "price",
                "inputprofile", "plannedprofile", "surfacepressure",
            ],
            required: ["datetime"]
        ),
        "equipmentused": .sequence(["leadquantity", "link"]),
        "tankdata": .sequence(
            ["link", "tankvolume", "tankpressurebegin", "tankpressureend", "breathingconsumptionvolume"],
            required: ["tankpressurebegin"]
        ),
        "samples": .sequence(["waypoint"], required: ["waypoint"]),
        "waypoint": .sequence([
            "alarm", "batterychargecondition", "cns", "decostop", "bodytemperature", "calculatedpo2", "depth", "divetime",
            "heading", "otu", "pulserate", "remainingbottomtime", "remainingo2time", "setmarker", "setpo2", "switchmix",
            "tankpressure", "temperature", "divemode", "gradientfactor", "measuredpo2", "nodecotime",
        ]),
        "informationafterdive": .all(
            [
                "surfaceintervalafterdive", "lowesttemperature", "greatestdepth", "visibility", "current", "diveplan",
                "equipmentmalfunction", "pressuredrop", "problems", "program", "thermalcomfort", "workload",
                "desaturationtime", "noflighttime", "notes", "rating", "anysymptoms", "diveduration", "divetable",
                "globalalarmsgiven", "highestpo2", "observations", "averagedepth",
            ],
            required: ["greatestdepth", "diveduration"]
        ),
        "rating": .sequence(["datetime", "ratingvalue"], required: ["ratingvalue"]),
    ]

    /// Children a sequence may repeat (`maxOccurs="unbounded"`).
    static let repeatable: Set = [
        "link", "buddy", "site", "divebase", "mix", "repetitiongroup", "dive", "tankdata", "waypoint", "para", "aliasname",
        "divecomputer", "lead", "suit", "tank", "rating", "alarm", "decostop", "tankpressure", "measuredpo2",
    ]
    /// Elements that carry an `xs:ID`.
    static let identified: Set = [
        "owner", "buddy", "divecomputer", "lead", "suit", "tank", "site", "mix", "repetitiongroup", "dive",
    ]
    static let floats: Set = [
        "airtemperature", "surfacepressure", "leadquantity", "tankvolume", "tankpressurebegin", "tankpressureend", "cns",
        "calculatedpo2", "depth", "divetime", "pulserate", "tankpressure", "temperature", "nodecotime", "greatestdepth",
        "averagedepth", "diveduration", "lowesttemperature", "visibility", "latitude", "longitude", "o2", "he",
    ]
    static let strings: Set = ["name", "firstname", "lastname", "location", "country", "para", "model"]
    static let enumerations: [String: Set<String>] = [
        "type": ["converter", "divecomputer", "logbook"],
        "apparatus": ["open-scuba", "rebreather", "surface-supplied", "chamber", "experimental"],
        "current": [
            "no-current", "very-mild-current", "mild-current", "moderate-current", "hard-current", "very-hard-current",
        ],
    ]

    /// `xs:float`'s lexical form.
    static func isFloat(_ text: String) -> Bool {
        text.wholeMatch(of: /[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?INF|NaN/) != nil
    }

    /// `xs:dateTime`'s lexical form (a zone is optional).
    static func isDateTime(_ text: String) -> Bool {
        text.wholeMatch(of: /-?[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})?/)
            != nil
    }

    /// What in `root` breaks the schema, one line each; empty when it conforms.
    static func schemaProblems(_ root: XMLTree) -> [String] {
        var problems: [String] = []
        var pending = [root]
        while let element = pending.popLast() {
            pending.append(contentsOf: element.children)
            let name = element.name
            let here = "line \(element.line) <\(name)>"
            if identified.contains(name), element.attribute("id") == nil { problems.append("\(here) has no id") }
            if let model = contentModels[name] {
                let names = element.children.map(\.name)
                if let stray = names.first(where: { !model.children.contains($0) }) {
                    problems.append("\(here) may not hold <\(stray)>")
                } else if !model.unordered, !follows(names, model.children) {
                    problems.append("\(here) holds \(names), out of the schema's order")
                }
                for child in Set(names) where names.filter({ $0 == child }).count > 1 {
                    if model.unordered || !repeatable.contains(child) { problems.append("\(here) repeats <\(child)>") }
                }
                for child in model.required.subtracting(names).sorted() {
                    problems.append("\(here) lacks <\(child)>")
                }
                continue
            }
            if !element.children.isEmpty { problems.append("\(here) is a value but holds elements") }
            let text = element.text
            switch name {
            case _ where floats.contains(name):
                if !isFloat(text) { problems.append("\(here) \"\(text)\" is no xs:float") }
            case "datetime":
                if !isDateTime(text) { problems.append("\(here) \"\(text)\" is no xs:dateTime") }
            case "divenumber":
                if (Int(text) ?? 0) < 1 { problems.append("\(here) \"\(text)\" is no xs:positiveInteger") }
            case "ratingvalue":
                if !(1...10).contains(Int(text) ?? 0) { problems.append("\(here) \"\(text)\" is not 1–10") }
            case _ where enumerations[name] != nil:
                if enumerations[name]?.contains(text) != true { problems.append("\(here) \"\(text)\" is not allowed") }
            case "link", "switchmix":
                if element.attribute("ref") == nil || !text.isEmpty { problems.append("\(here) needs a ref and no text") }
            case "divemode":
                let modes: Set = ["apnoe", "closedcircuit", "opencircuit", "semiclosedcircuit"]
                if !modes.contains(element.attribute("type") ?? "") || !text.isEmpty {
                    problems.append("\(here) type \(element.attribute("type") ?? "none") is not allowed")
                }
            case "decostop":
                let valid =
                    ["safety", "mandatory"].contains(element.attribute("kind") ?? "")
                    && ["decodepth", "duration"].allSatisfy { isFloat(element.attribute($0) ?? "") } && text.isEmpty
                if !valid { problems.append("\(here) needs kind, decodepth and duration") }
            case _ where strings.contains(name):
                break
            default:
                problems.append("\(here) is not an element the writer should write")
            }
        }
        return problems
    }
}
