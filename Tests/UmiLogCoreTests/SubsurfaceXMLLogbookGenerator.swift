import Foundation
import Geo

@testable import UmiLogCore

/// Random logbooks holding everything Subsurface XML can carry, in the normal form the writer
/// documents (trimmed one-line texts, no empty strings, 8-hex site keys, carried-forward sample
/// values, no visibility in metres, current or sightings), so a round trip must give them back
/// unchanged.
struct SubsurfaceXMLLogbookGenerator: RandomNumberGenerator {
    var random: SubsurfaceXMLRandom

    mutating func next() -> UInt64 {
        random.next()
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        random.pick(choices)
    }

    /// Pieces of text that stress XML escaping, Unicode and the tag syntax.
    private static let textPieces = [
        "Lake", "Coleridge", " ", "  ", "&", "<", ">", "<notes>", "\"", "'", "''", "&amp;", "]]>", "\\", ",", "\\,",
        "Hälvälä", "日本語", "🐠", "Ωμέγα", "é", "\u{301}", "%", "1:00 min", "25.3 m", "\t", "\n", "\r\n", "\r",
    ]

    init(seed: UInt64) {
        random = SubsurfaceXMLRandom(seed: seed)
    }

    mutating func logbook() -> Logbook {
        var keys = Set<String>()
        var sites: [LogbookSite] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let key = hexKey()
            guard keys.insert(key).inserted else { continue }
            sites.append(
                LogbookSite(
                    key: key, name: random.chance(0.1) ? "" : text(), coordinate: random.chance(0.7) ? coordinate() : nil,
                    country: random.chance(0.5) ? text() : nil, notes: random.chance(0.5) ? text() : nil))
        }
        let dives = (0..<Int.random(in: 1...5, using: &random)).map { _ in dive(siteKeys: sites.map(\.key)) }
        return Logbook(sites: sites, dives: dives)
    }

    private mutating func dive(siteKeys: [String]) -> LogbookDive {
        var dive = LogbookDive(
            start: start(), durationSeconds: Int.random(in: 1...30_000, using: &random),
            maxDepthMeters: Double.random(in: 0.001...300, using: &random))
        dive.id = optional { $0.uuid() }
        dive.number = random.chance(0.8) ? Int.random(in: 1...99_999, using: &random) : nil
        dive.meanDepthMeters = optional { Double.random(in: 0...100, using: &$0) }
        dive.siteKey = !siteKeys.isEmpty && random.chance(0.7) ? random.pick(siteKeys) : nil
        dive.airTemperatureCelsius = optional { Double.random(in: -40...70, using: &$0) }
        dive.waterTemperatureCelsius = optional { $0.pick([-2, 0, 4.3, 28.0, Double.random(in: -40...70, using: &$0)]) }
        dive.visibilityRating = optional { Int.random(in: 1...5, using: &$0) }
        dive.rating = optional { Int.random(in: 1...5, using: &$0) }
        dive.buddy = optional { $0.line() }
        dive.divemaster = optional { $0.line() }
        dive.suit = optional { $0.line() }
        dive.notes = optional { $0.text() }
        dive.tags = (0..<Int.random(in: 0...4, using: &random)).map { _ in line() }
        dive.cylinders = (0..<Int.random(in: 0...3, using: &random)).map { _ in cylinder() }
        dive.weights = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            WeightSystem(kilograms: Double.random(in: 0...20, using: &random), description: optional { $0.line() })
        }
        dive.mode = random.pick(DiveMode.allCases)
        dive.surfacePressureBar = optional { Double.random(in: 0.5...1.1, using: &$0) }
        dive.salinityGramsPerLiter = optional { $0.pick([1000, 1020, 1030, Double.random(in: 990...1040, using: &$0)]) }
        dive.diveComputer = optional { $0.line() }
        dive.samples = samples()
        return dive
    }

    private mutating func cylinder() -> Cylinder {
        let oxygen = random.pick([21, 32, 100, 16, Double.random(in: 0...100, using: &random)])
        return Cylinder(
            description: optional { $0.line() }, sizeLiters: optional { Double.random(in: 0.5...24, using: &$0) },
            workingPressureBar: optional { Double.random(in: 150...300, using: &$0) }, oxygenPercent: oxygen,
            heliumPercent: random.chance(0.5) ? 0 : Double.random(in: 0...(100 - oxygen), using: &random),
            startPressureBar: optional { Double.random(in: 1...300, using: &$0) },
            endPressureBar: optional { Double.random(in: 1...300, using: &$0) },
            use: optional { $0.pick(CylinderUse.allCases) })
    }

    /// Samples at rising times; optional values start unreported and, once reported, change
    /// now and then (the form delta encoding can express); tank pressure comes and goes.
    private mutating func samples() -> [DiveSample] {
        var samples: [DiveSample] = []
        var time = 0
        var current = DiveSample(timeSeconds: 0, depthMeters: 0)
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            time += Int.random(in: 1...30, using: &random)
            current.timeSeconds = time
            current.depthMeters = random.chance(0.1) ? 0 : Double.random(in: 0...150, using: &random)
            if random.chance(0.2) { current.temperatureCelsius = Double.random(in: -40...70, using: &random) }
            if random.chance(0.2) { current.ndlSeconds = Int.random(in: 0...30_000, using: &random) }
            if random.chance(0.2) { current.stopDepthMeters = Double.random(in: 0...30, using: &random) }
            if random.chance(0.2) { current.stopTimeSeconds = Int.random(in: 0...3_000, using: &random) }
            if random.chance(0.2) { current.cnsPercent = random.pick([0, 12, Double.random(in: 0...300, using: &random)]) }
            if random.chance(0.2) { current.po2Bar = random.pick([0, 1.3, Double.random(in: 0...3, using: &random)]) }
            if random.chance(0.2) { current.heartRate = Int.random(in: 0...400, using: &random) }
            current.tankPressureBar = random.chance(0.6) ? Double.random(in: 1...300, using: &random) : nil
            samples.append(current)
        }
        return samples
    }

    private mutating func start() -> LocalDateTime {
        while true {
            let candidate = LocalDateTime(
                year: Int.random(in: 1...9999, using: &random), month: Int.random(in: 1...12, using: &random),
                day: Int.random(in: 1...31, using: &random),
                hour: random.chance(0.2) ? 0 : Int.random(in: 0...23, using: &random),
                minute: random.chance(0.2) ? 0 : Int.random(in: 0...59, using: &random),
                second: random.chance(0.2) ? 0 : Int.random(in: 0...59, using: &random))
            if let candidate { return candidate }
        }
    }

    private mutating func coordinate() -> Coordinate? {
        try? Coordinate(
            latitude: random.pick([0, -43.342295, Double.random(in: -90...90, using: &random)]),
            longitude: random.pick([180, 171.545936, Double.random(in: -180...180, using: &random)]))
    }

    private mutating func uuid() -> UUID {
        let high = random.next()
        let low = random.next()
        return withUnsafeBytes(of: (high, low)) { bytes in
            UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }

    private mutating func hexKey() -> String {
        let value = UInt32.random(in: 1...UInt32.max, using: &random)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Free text: any of the pieces, never empty.
    private mutating func text() -> String {
        var text = ""
        while text.isEmpty {
            for _ in 0..<Int.random(in: 1...6, using: &random) { text += random.pick(Self.textPieces) }
        }
        return text
    }

    /// A one-line value as the writer keeps it: trimmed, not empty.
    private mutating func line() -> String {
        while true {
            let candidate = text().replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
                .replacingOccurrences(of: "\t", with: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            if !candidate.isEmpty { return candidate }
        }
    }

    private mutating func optional<T>(_ make: (inout SubsurfaceXMLLogbookGenerator) -> T) -> T? {
        random.chance(0.6) ? make(&self) : nil
    }
}
