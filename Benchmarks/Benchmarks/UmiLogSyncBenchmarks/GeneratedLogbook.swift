import BenchmarkSupport
import Foundation
import Geo
import UmiLogCore

/// A heavy diver's log as a dive computer's download would give it: `diveCount` dives over about
/// eight years of trips (two or three dives a day), 45–60 minutes each, sampled every 10 s with
/// depth and temperature, and with tank pressure on the dives made with a transmitter (about
/// one in three). Sites, buddies, notes and tags vary. Seeded, so every run imports the same log.
enum GeneratedLogbook {
    static let sampleInterval = 10

    static func make(diveCount: Int, seed: UInt64 = 0x5EA_D1FE) throws -> Logbook {
        var random = BenchmarkRandom(seed: seed)
        let sites = try (0..<siteCount).map { try site($0, &random) }
        var dives: [LogbookDive] = []
        dives.reserveCapacity(diveCount)
        // Trips of 4–10 days, 2–3 dives a day, a trip every few weeks.
        var day = Date(timeIntervalSince1970: 1_514_764_800)  // 2018-01-01
        var number = 1
        while dives.count < diveCount {
            let tripSites = (0..<6).map { _ in sites[Int.random(in: 0..<sites.count, using: &random)] }
            let tripDays = Int.random(in: 4...10, using: &random)
            for _ in 0..<tripDays where dives.count < diveCount {
                var start = day.addingTimeInterval(Double(Int.random(in: 8 * 60...10 * 60, using: &random)) * 60)
                for _ in 0..<Int.random(in: 2...3, using: &random) where dives.count < diveCount {
                    let site = tripSites[Int.random(in: 0..<tripSites.count, using: &random)]
                    let dive = self.dive(number: number, start: start, site: site, &random)
                    dives.append(dive)
                    number += 1
                    start = start.addingTimeInterval(Double(dive.durationSeconds) + Double(Int.random(in: 60...150, using: &random)) * 60)
                }
                day = day.addingTimeInterval(86_400)
            }
            day = day.addingTimeInterval(86_400 * Double(Int.random(in: 14...40, using: &random)))
        }
        return Logbook(sites: sites, dives: dives)
    }

    // MARK: Sites

    static let siteCount = 150

    static func site(_ index: Int, _ random: inout BenchmarkRandom) throws -> LogbookSite {
        let region = regions[index % regions.count]
        let name = "\(pick(prefixes, &random)) \(pick(names, &random)) \(pick(kinds, &random))"
        return LogbookSite(
            key: "site-\(index)", name: name,
            coordinate: try Coordinate(latitude: region.south + random.uniform(0, 3), longitude: region.west + random.uniform(0, 3)),
            country: region.country, notes: Bool.random(using: &random) ? "\(pick(siteNotes, &random))." : nil)
    }

    // MARK: Dives

    static func dive(number: Int, start: Date, site: LogbookSite, _ random: inout BenchmarkRandom) -> LogbookDive {
        let duration = 60 * Int.random(in: 45...60, using: &random)
        let maxDepth = (random.uniform(12, 32) * 10).rounded() / 10
        let surfaceTemperature = (random.uniform(22, 29) * 10).rounded() / 10
        let transmitter = Int.random(in: 0..<3, using: &random) == 0
        let startPressure = Double(Int.random(in: 195...230, using: &random))
        let samples = profile(
            duration: duration, maxDepth: maxDepth, surfaceTemperature: surfaceTemperature,
            startPressure: transmitter ? startPressure : nil, &random)
        let endPressure = samples.last?.tankPressureBar ?? Double(Int.random(in: 40...80, using: &random))
        let mean = samples.reduce(0) { $0 + $1.depthMeters } / Double(max(1, samples.count))
        let buddies = Int.random(in: 0..<4, using: &random)
        return LogbookDive(
            number: number, start: LocalDateTime(start, in: TimeZone(identifier: "UTC") ?? .current), durationSeconds: duration,
            maxDepthMeters: samples.map(\.depthMeters).max() ?? maxDepth, meanDepthMeters: (mean * 10).rounded() / 10,
            siteKey: site.key, airTemperatureCelsius: surfaceTemperature + 2,
            waterTemperatureCelsius: samples.compactMap(\.temperatureCelsius).min(),
            visibilityMeters: Double(Int.random(in: 5...30, using: &random)), rating: Int.random(in: 2...5, using: &random),
            current: CurrentStrength.allCases[Int.random(in: 0..<CurrentStrength.allCases.count, using: &random)],
            buddy: buddies == 0 ? nil : (0..<buddies).map { _ in pick(buddyNames, &random) }.joined(separator: ", "),
            divemaster: Bool.random(using: &random) ? pick(buddyNames, &random) : nil, suit: pick(suits, &random),
            notes: notes(&random), tags: Array(Set((0..<Int.random(in: 0...3, using: &random)).map { _ in pick(tags, &random) })).sorted(),
            cylinders: [
                Cylinder(
                    description: "12 l aluminium", sizeLiters: 12, workingPressureBar: 232,
                    oxygenPercent: Bool.random(using: &random) ? 32 : 21, startPressureBar: startPressure, endPressureBar: endPressure)
            ],
            weights: [], surfacePressureBar: 1.013, salinityGramsPerLiter: 1030, diveComputer: "Shearwater Perdix 2",
            samples: samples)
    }

    /// A multilevel recreational profile: a descent at about 18 m/min, the deepest part first,
    /// a slow climb along the reef, a 3-minute safety stop at 5 m, then the surface. Depths at
    /// a computer's 0.1 m, temperatures at 0.1 °C, pressures at whole bar.
    static func profile(
        duration: Int, maxDepth: Double, surfaceTemperature: Double, startPressure: Double?, _ random: inout BenchmarkRandom
    ) -> [DiveSample] {
        let steps = duration / sampleInterval
        let descent = max(3, Int(maxDepth / 18 * 60) / sampleInterval)
        let stopStart = steps - 18 - 3
        var samples: [DiveSample] = []
        samples.reserveCapacity(steps + 1)
        var depth = 0.0
        var pressure = startPressure
        for step in 0...steps {
            let target: Double
            if step <= descent {
                target = maxDepth * Double(step) / Double(descent)
            } else if step < stopStart {
                let progress = Double(step - descent) / Double(max(1, stopStart - descent))
                target = maxDepth - (maxDepth - 6) * progress + random.uniform(-0.6, 0.6)
            } else if step < steps - 3 {
                target = 5 + random.uniform(-0.3, 0.3)
            } else {
                target = 5 * Double(steps - step) / 3
            }
            depth = max(0, min(maxDepth, target))
            let temperature = surfaceTemperature - min(6, depth * 0.15) + random.uniform(-0.1, 0.1)
            if let current = pressure {
                // About 20 l/min at the surface, times the ambient pressure, from a 12 l cylinder.
                pressure = max(20, current - 20 * (1 + depth / 10) / 12 * Double(sampleInterval) / 60)
            }
            samples.append(
                DiveSample(
                    timeSeconds: step * sampleInterval, depthMeters: (depth * 10).rounded() / 10,
                    temperatureCelsius: (temperature * 10).rounded() / 10, tankPressureBar: pressure.map { $0.rounded() }))
        }
        return samples
    }

    static func notes(_ random: inout BenchmarkRandom) -> String? {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: nil
        case 1: "\(pick(sightingNotes, &random))."
        default: "\(pick(sightingNotes, &random)). \(pick(conditionNotes, &random)). \(pick(logisticsNotes, &random))."
        }
    }

    static func pick(_ words: [String], _ random: inout BenchmarkRandom) -> String {
        words[Int.random(in: 0..<words.count, using: &random)]
    }

    static let regions: [(country: String, south: Double, west: Double)] = [
        ("Egypt", 26, 33), ("Indonesia", -9, 118), ("Philippines", 9, 123), ("Mexico", 20, -88), ("Belize", 16, -88),
        ("Australia", -19, 146), ("Fiji", -18, 177), ("Spain", 38, -1), ("Malta", 35.8, 14.2), ("Maldives", 3, 72.5),
    ]
    static let prefixes = ["North", "South", "East", "West", "Big", "Little", "Old", "Blue", "Coral", "Hidden", "Outer", "Inner"]
    static let names = [
        "Marlin", "Tuna", "Garden", "Lagoon", "Anchor", "Pelican", "Mango", "Sunset", "Turtle", "Dragon", "Crystal", "Barracuda",
        "Napoleon", "Manta", "Orca", "Fig", "Palm", "Lobster", "Sponge", "Harbour", "Lighthouse", "Pinnacle", "Saddle", "Canyon",
    ]
    static let kinds = ["Reef", "Wall", "Wreck", "Bommie", "Point", "Pass", "Cave", "Shoal", "Rock", "Bay", "Corner", "Thila"]
    static let siteNotes = [
        "Mooring line at the north end", "Strong currents on the outgoing tide", "Best in the morning light",
        "Shore entry over rocks, booties needed", "Wreck penetration only with a guide",
    ]
    static let buddyNames = ["Sam", "Alex Kim", "Priya", "Jonas", "Maria Lopez", "Tom", "Keiko", "Ravi", "Lena", "Omar"]
    static let suits = ["3 mm shorty", "5 mm full", "3 mm full", "7 mm semi-dry"]
    static let tags = ["fun", "training", "night", "drift", "deep", "wreck", "photo", "boat", "shore"]
    static let sightingNotes = [
        "Two eagle rays cruising along the drop-off", "Huge school of barracuda at the point", "Green turtle resting under a table coral",
        "Frogfish on the sponge near the mooring", "Octopus hunting in the rubble", "White-tip reef shark sleeping in a cave",
        "Nudibranchs everywhere on the wall", "A manta came by twice on the cleaning station",
    ]
    static let conditionNotes = [
        "Mild current from the south", "Visibility dropped after the first 20 minutes", "Thermocline at 18 m",
        "Flat calm, great visibility", "Some surge in the shallows",
    ]
    static let logisticsNotes = [
        "Used the new mask, no leaks", "Weights: 6 kg, could drop one", "Buddy low on air, ended a bit early",
        "Camera housing flooded slightly, check the o-ring", "Great guide, ask for her again",
    ]
}
