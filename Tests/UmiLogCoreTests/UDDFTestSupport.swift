import Foundation
import Geo
import TestSupport

@testable import UmiLogCore

/// Random logbooks for the UDDF round-trip tests, inside what UDDF carries (see
/// ``UDDFWriter``): text is trimmed and never blank, buddies are single-spaced names, numbers
/// are positive, sample values once reported stay reported. Fields UDDF has no place for are
/// filled too, and ``carried(_:)`` clears exactly those.
enum UDDFRandomLogbook {
    /// Letters, XML's special characters, accents, CJK, an emoji, a tab, `]]>` and `--`.
    private static let pieces = [
        "a", "b", "Z", "7", " ", "<", ">", "&", "\"", "'", "é", "ß", "ü", "日本", "🐠", "\t", "]]>", "--", "&amp;", "x",
    ]

    static func logbook(using generator: inout SplitMix64) -> Logbook {
        let sites = (0..<Int.random(in: 0...3, using: &generator)).map { index in
            site(index: index, using: &generator)
        }
        let dives = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            dive(siteKeys: sites.map(\.key), using: &generator)
        }
        return Logbook(sites: sites, dives: dives)
    }

    /// The logbook as UDDF carries it: the fields it has no place for are cleared, and a dive
    /// without samples keeps only open circuit or rebreather (read back as closed circuit).
    static func carried(_ logbook: Logbook) -> Logbook {
        var copy = logbook
        copy.dives = logbook.dives.map { dive in
            var dive = dive
            dive.divemaster = nil
            dive.tags = []
            dive.salinityGramsPerLiter = nil
            dive.sightings = []
            dive.visibilityRating = nil
            dive.cylinders = dive.cylinders.map { cylinder in
                var cylinder = cylinder
                cylinder.workingPressureBar = nil
                cylinder.use = nil
                return cylinder
            }
            if dive.samples.isEmpty {
                switch dive.mode {
                case .openCircuit, .freedive: dive.mode = .openCircuit
                case .closedCircuit, .semiClosed: dive.mode = .closedCircuit
                }
            }
            return dive
        }
        return copy
    }

    /// Non-blank text without surrounding whitespace; `lines` allows line breaks.
    static func text(using generator: inout SplitMix64, lines: Bool = false, maximumPieces: Int = 12) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...maximumPieces, using: &generator) {
            text +=
                lines && Int.random(in: 0..<6, using: &generator) == 0
                ? "\n" : pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "x" : trimmed
    }

    /// A name of one or two words, single-spaced, without ", ".
    static func name(using generator: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...2, using: &generator)).map { _ in
            text(using: &generator, maximumPieces: 4).components(separatedBy: .whitespaces).joined()
                .replacingOccurrences(of: ",", with: "")
        }
        .map { $0.isEmpty ? "N" : $0 }
        .joined(separator: " ")
    }

    private static func site(index: Int, using generator: inout SplitMix64) -> LogbookSite {
        // Keys as other logs and our store make them, including ones no xsd:ID may hold.
        let keys = ["ec2bbc32", "1a2b3c4d", "ras-mohammed", "Lake Coleridge!", "ü_key", uuid(using: &generator).uuidString]
        let coordinate = maybe(&generator) {
            try? Coordinate(
                latitude: Double.random(in: -90...90, using: &$0), longitude: Double.random(in: -180...180, using: &$0)
            )
        }
        return LogbookSite(
            key: "\(keys[Int.random(in: 0..<keys.count, using: &generator)])-\(index)", name: text(using: &generator),
            coordinate: coordinate ?? nil, country: maybe(&generator) { text(using: &$0) },
            notes: maybe(&generator) { text(using: &$0, lines: true, maximumPieces: 30) }
        )
    }

    private static func dive(siteKeys: [String], using generator: inout SplitMix64) -> LogbookDive {
        let samples = Bool.random(using: &generator) ? self.samples(using: &generator) : []
        return LogbookDive(
            id: maybe(&generator) { uuid(using: &$0) }, number: maybe(&generator) { Int.random(in: 1...2000, using: &$0) },
            start: start(using: &generator), durationSeconds: Int.random(in: 1...20_000, using: &generator),
            maxDepthMeters: Double.random(in: 0.5...300, using: &generator),
            meanDepthMeters: maybe(&generator) { Double.random(in: 0...100, using: &$0) },
            siteKey: siteKeys.isEmpty || Bool.random(using: &generator)
                ? nil : siteKeys[Int.random(in: 0..<siteKeys.count, using: &generator)],
            airTemperatureCelsius: maybe(&generator) { Double.random(in: -30...45, using: &$0) },
            waterTemperatureCelsius: maybe(&generator) { (Double.random(in: -2...35, using: &$0) * 100).rounded() / 100 },
            visibilityMeters: maybe(&generator) { Double.random(in: 0...60, using: &$0) },
            visibilityRating: maybe(&generator) { Int.random(in: 1...5, using: &$0) },
            rating: maybe(&generator) { Int.random(in: 1...5, using: &$0) },
            current: maybe(&generator) { CurrentStrength.allCases[Int.random(in: 0..<4, using: &$0)] },
            buddy: maybe(&generator) { generator in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in name(using: &generator) }.joined(separator: ", ")
            },
            divemaster: maybe(&generator) { name(using: &$0) }, suit: maybe(&generator) { text(using: &$0) },
            notes: maybe(&generator) { text(using: &$0, lines: true, maximumPieces: 40) },
            tags: (0..<Int.random(in: 0...2, using: &generator)).map { _ in text(using: &generator) },
            cylinders: (0..<Int.random(in: 0...3, using: &generator)).map { _ in cylinder(using: &generator) },
            weights: Bool.random(using: &generator) ? [] : [weight(using: &generator)],
            mode: DiveMode.allCases[Int.random(in: 0..<DiveMode.allCases.count, using: &generator)],
            surfacePressureBar: maybe(&generator) { Double.random(in: 0.6...1.1, using: &$0) },
            salinityGramsPerLiter: maybe(&generator) { Bool.random(using: &$0) ? 1000 : 1030 },
            diveComputer: maybe(&generator) { text(using: &$0) }, samples: samples,
            sightings: maybe(&generator) { [LogbookSighting(speciesID: text(using: &$0), count: 2)] } ?? []
        )
    }

    private static func weight(using generator: inout SplitMix64) -> WeightSystem {
        WeightSystem(
            kilograms: Double.random(in: 0.5...12, using: &generator), description: maybe(&generator) { text(using: &$0) }
        )
    }

    private static func cylinder(using generator: inout SplitMix64) -> Cylinder {
        let gases: [(Double, Double)] = [(21, 0), (32, 0), (16, 45), (100, 0), (10, 70), (36.5, 0)]
        let gas =
            Bool.random(using: &generator)
            ? gases[Int.random(in: 0..<gases.count, using: &generator)]
            : (Double.random(in: 1...100, using: &generator), Double.random(in: 0...50, using: &generator))
        return Cylinder(
            description: maybe(&generator) { text(using: &$0, maximumPieces: 5) },
            sizeLiters: maybe(&generator) { Double.random(in: 0.5...30, using: &$0) },
            workingPressureBar: maybe(&generator) { Double.random(in: 150...300, using: &$0) },
            oxygenPercent: gas.0, heliumPercent: gas.1,
            startPressureBar: maybe(&generator) { Double.random(in: 50...300, using: &$0) },
            endPressureBar: maybe(&generator) { Double.random(in: 10...200, using: &$0) },
            use: maybe(&generator) { CylinderUse.allCases[Int.random(in: 0..<CylinderUse.allCases.count, using: &$0)] }
        )
    }

    /// A profile whose values, once reported, stay reported (what carrying forward can say).
    private static func samples(using generator: inout SplitMix64) -> [DiveSample] {
        var samples: [DiveSample] = []
        var sample = DiveSample(timeSeconds: 0, depthMeters: 0)
        for _ in 0..<Int.random(in: 1...40, using: &generator) {
            sample.timeSeconds += Int.random(in: 1...60, using: &generator)
            sample.depthMeters = Double.random(in: 0...120, using: &generator)
            func update<Value>(_ value: inout Value?, _ make: (inout SplitMix64) -> Value) {
                if Int.random(in: 0..<3, using: &generator) == 0 { value = make(&generator) }
            }
            update(&sample.temperatureCelsius) { Double.random(in: -2...30, using: &$0) }
            update(&sample.tankPressureBar) { Double.random(in: 20...300, using: &$0) }
            update(&sample.ndlSeconds) { Int.random(in: 0...6000, using: &$0) }
            update(&sample.cnsPercent) { Double.random(in: 0...150, using: &$0) }
            update(&sample.po2Bar) { Double.random(in: 0.16...1.6, using: &$0) }
            update(&sample.heartRate) { Int.random(in: 40...200, using: &$0) }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                sample.stopDepthMeters = Double(Int.random(in: 1...10, using: &generator) * 3)
                sample.stopTimeSeconds = Int.random(in: 60...900, using: &generator)
            }
            samples.append(sample)
        }
        return samples
    }

    private static func start(using generator: inout SplitMix64) -> LocalDateTime {
        LocalDateTime(
            year: Int.random(in: 1980...2030, using: &generator), month: Int.random(in: 1...12, using: &generator),
            day: Int.random(in: 1...28, using: &generator), hour: Int.random(in: 0...23, using: &generator),
            minute: Int.random(in: 0...59, using: &generator), second: Int.random(in: 0...59, using: &generator)
        ) ?? LocalDateTime(year: 2000, month: 1, day: 1) ?? LocalDateTime(Date(timeIntervalSince1970: 0), in: .gmt)
    }

    static func uuid(using generator: inout SplitMix64) -> UUID {
        let bytes = generator.bytes(16)
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// `make`'s value half the time.
    private static func maybe<Value>(_ generator: inout SplitMix64, _ make: (inout SplitMix64) -> Value) -> Value? {
        Bool.random(using: &generator) ? make(&generator) : nil
    }
}

/// Small hand-made UDDF files, one element per line so tests can name the line of a value.
enum UDDFFixture {
    static let namespace32 = "http://www.streit.cc/uddf/3.2/"

    /// A whole file around `body` (everything between `generator` and `profiledata`) and `dives`.
    static func text(
        root: String = "uddf", version: String? = "3.2.0", namespace: String? = namespace32, generator: String = "Test",
        body: String = "", dives: [String] = [dive()]
    ) -> String {
        let attributes = (namespace.map { " xmlns=\"\($0)\"" } ?? "") + (version.map { " version=\"\($0)\"" } ?? "")
        var lines = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>", "<\(root)\(attributes)>"]
        lines.append("<generator><name>\(generator)</name></generator>")
        if !body.isEmpty { lines.append(body) }
        if !dives.isEmpty {
            lines.append("<profiledata>")
            lines.append("<repetitiongroup id=\"rg1\">")
            lines += dives
            lines.append("</repetitiongroup>")
            lines.append("</profiledata>")
        }
        lines.append("</\(root)>")
        return lines.joined(separator: "\n")
    }

    static func bytes(
        root: String = "uddf", version: String? = "3.2.0", namespace: String? = namespace32, generator: String = "Test",
        body: String = "", dives: [String] = [dive()]
    ) -> [UInt8] {
        Array(text(root: root, version: version, namespace: namespace, generator: generator, body: body, dives: dives).utf8)
    }

    /// A 3.x dive; each argument is the inside of its section, one element per line.
    static func dive(
        id: String = "d1", before: String = "", datetime: String? = "2020-01-02T03:04:05", tanks: String = "",
        samples: String = "", after: String = "", greatestDepth: String? = "10", duration: String? = "600"
    ) -> String {
        var lines = ["<dive id=\"\(id)\">", "<informationbeforedive>"]
        if !before.isEmpty { lines.append(before) }
        if let datetime { lines.append("<datetime>\(datetime)</datetime>") }
        lines.append("</informationbeforedive>")
        if !tanks.isEmpty { lines.append(tanks) }
        if !samples.isEmpty { lines += ["<samples>", samples, "</samples>"] }
        lines.append("<informationafterdive>")
        if let greatestDepth { lines.append("<greatestdepth>\(greatestDepth)</greatestdepth>") }
        if let duration { lines.append("<diveduration>\(duration)</diveduration>") }
        if !after.isEmpty { lines.append(after) }
        lines.append("</informationafterdive>")
        lines.append("</dive>")
        return lines.joined(separator: "\n")
    }

    /// A waypoint at `time` s and `depth` m with `extra` elements.
    static func waypoint(_ time: Int, _ depth: String = "5", _ extra: String = "") -> String {
        "<waypoint><depth>\(depth)</depth><divetime>\(time)</divetime>\(extra)</waypoint>"
    }

    /// The 1-based line of the first occurrence of `needle`.
    static func line(of needle: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    /// The only dive of `bytes`, read.
    static func onlyDive(_ bytes: [UInt8]) throws -> LogbookDive? {
        try UDDFReader.read(bytes).logbook.dives.first
    }
}
