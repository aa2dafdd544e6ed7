import Foundation
import Geo
import TestSupport
import UmiLogPipeline

/// Builds ``SyntheticSiteRecords``: places on lattices (``SyntheticLattice``), records for
/// them, dives and sightings, then shuffles the lines and works out the truth from where each
/// planted line ended up.
struct SyntheticBuilder {
    /// What a line is, for computing the truth once line numbers are known.
    enum Entry {
        case site
        case invalid(String)
        /// Same source id as the entry at the index: the later of the two lines is dropped.
        case siteCopy(of: Int)
        case dive(id: String, kept: String?, dropped: String?)
        case diveCopy(of: Int)
        case sighting(kept: Bool, dropped: String?)
        case sightingCopy(of: Int)
    }

    private enum Category: CaseIterable {
        case ordinary, flagged, boundary, marinePark, nonDiveName, nonDiveType, nonDiveDescription
        case duplicatePair, duplicateTriple, duplicateChain, openWithRestricted, restrictedSingle, restrictedPair
        case decoyNear, decoyFar
    }

    let count: Int
    var random: SplitMix64
    var texts: [String] = []
    var entries: [Entry] = []
    var truth = PlantedTruth()
    var lattices: [SyntheticLattice]
    var nextPoint: [Int]
    var nextLattice = 0
    var serial = 0

    // Pools for dives and sightings.
    var exportedTargets: [(sourceID: String, representative: String)] = []
    var ordinaryEntries: [Int] = []
    var nonDiveTargets: [String] = []
    var restrictedTargets: [String] = []
    var invalidTargets: [String] = []
    var keptDiveEntries: [(entry: Int, id: String)] = []
    var droppedDiveIDs: [String] = []
    var keptSightingEntries: [Int] = []
    /// Entries already copied once: a second copy would make "the later line" ambiguous.
    var copied: Set<Int> = []

    static let openSources: [(source: String, licences: [String])] = [
        ("wikidata", ["CC0-1.0", "CC0", "cc0 1.0"]), ("osm", ["ODbL-1.0", "ODbL", "odbl 1.0"]),
        ("obis", ["CC-BY-4.0", "CC BY 4.0"]), ("noaa", ["CC0-1.0"]), ("visitbonaire", ["CC BY 4.0", "cc-by-4.0"]),
    ]
    static let restrictedSources: [(source: String, licences: [String])] = [
        ("wikivoyage", ["CC-BY-SA-3.0", "CC BY-SA 3.0"]), ("padi", ["proprietary"]), ("divesite", ["see website"]),
    ]
    static let dates = ["2025-10-18", "2025-10-18T09:30:00Z", "2025-09-01T12:00:00+02:00", "2024-12-31", "2025-10-17T23:59:59.5Z"]

    init(count: Int, seed: UInt64) {
        self.count = count
        random = SplitMix64(seed: seed)
        lattices = [
            SyntheticLattice(region: RegionAssigner.redSea, south: 12.5, west: 32.5, north: 30, east: 43.5),
            SyntheticLattice(region: RegionAssigner.caribbean, south: 10, west: -80, north: 24, east: -60),
            SyntheticLattice(region: RegionAssigner.southeastAsia, south: -8, west: 95, north: 20, east: 111),
            SyntheticLattice(region: RegionAssigner.pacific, south: -25, west: 165, north: 5, east: 179.5),
            SyntheticLattice(region: RegionAssigner.pacific, south: -25, west: -179.5, north: 5, east: -165),
            SyntheticLattice(region: RegionAssigner.indianOcean, south: -35, west: 55, north: -5, east: 90),
            SyntheticLattice(region: RegionAssigner.mediterranean, south: 33, west: 0, north: 41.5, east: 30),
            SyntheticLattice(region: RegionAssigner.atlantic, south: -40, west: -40, north: 0, east: 0),
            SyntheticLattice(region: RegionAssigner.americasPacific, south: -45, west: -95, north: -5, east: -75),
            SyntheticLattice(region: RegionAssigner.australiaNewZealand, south: -45, west: 115, north: -15, east: 145),
            SyntheticLattice(region: RegionAssigner.arcticNorthAtlantic, south: 52, west: -40, north: 65, east: 20),
        ]
        nextPoint = Array(repeating: 0, count: lattices.count)
    }

    mutating func build() -> SyntheticSiteRecords {
        let siteBudget = max(1, count * 80 / 100)
        let diveBudget = count * 13 / 100
        let sightingBudget = count - siteBudget - diveBudget

        plantPolesAndSeam(budget: siteBudget)
        var special = Category.allCases.makeIterator()
        while entries.count < siteBudget {
            let room = siteBudget - entries.count
            if let category = special.next() {
                if room >= 3 { addPlace(category) } else { addPlace(.ordinary) }
            } else if random.chance(0.005) {
                addInvalidSiteLine()
            } else if random.chance(0.002), let original = ordinaryEntries.randomElement(using: &random),
                copied.insert(original).inserted
            {
                append(texts[original], .siteCopy(of: original))
            } else {
                addPlace(room >= 3 ? randomCategory() : .ordinary)
            }
        }
        let sitesEnd = entries.count
        while entries.count < sitesEnd + diveBudget { addDive() }
        let divesEnd = entries.count
        while entries.count < divesEnd + sightingBudget { addSighting() }
        return finish()
    }

    // MARK: Places

    private mutating func randomCategory() -> Category {
        let roll = random.uniform(0, 1)
        let table: [(Double, Category)] = [
            (0.02, .flagged), (0.005, .boundary), (0.005, .marinePark), (0.01, .nonDiveName), (0.004, .nonDiveType),
            (0.004, .nonDiveDescription), (0.03, .duplicatePair), (0.008, .duplicateTriple), (0.002, .duplicateChain),
            (0.006, .openWithRestricted), (0.008, .restrictedSingle), (0.002, .restrictedPair), (0.005, .decoyNear),
            (0.005, .decoyFar),
        ]
        var cumulative = 0.0
        for (probability, category) in table {
            cumulative += probability
            if roll < cumulative { return category }
        }
        return .ordinary
    }

    private mutating func addPlace(_ category: Category) {
        let (point, region) = nextPlace()
        let name = ordinaryName()
        switch category {
        case .ordinary:
            let site = record(name: name, at: point, region: region, open: true, richness: .random)
            let entry = append(site.line(style: random.next()), .site)
            ordinaryEntries.append(entry)
            export(site, region: region, members: [site])
        case .flagged:
            var site = record(name: name, at: point, region: region, open: true, richness: .random)
            let choices: [(QualityFlag, Double)] = [
                (.depthOutOfRange, 150), (.depthOutOfRange, 2), (.depthOutOfRange, 300), (.visibilityOutOfRange, 80),
                (.visibilityOutOfRange, 1), (.temperatureOutOfRange, 40), (.temperatureOutOfRange, -3),
            ]
            var flags: Set<String> = []
            for _ in 0..<(random.chance(0.3) ? 2 : 1) {
                let (flag, value) = random.pick(choices)
                switch flag {
                case .depthOutOfRange: site.maxDepth = value
                case .visibilityOutOfRange: site.visibility = value
                case .temperatureOutOfRange: site.temperature = value
                }
                flags.insert(flag.code)
            }
            append(site.line(style: random.next()), .site)
            truth.flags[site.sourceID] = flags.sorted()
            export(site, region: region, members: [site])
        case .boundary:
            var site = record(name: name, at: point, region: region, open: true, richness: .random)
            site.maxDepth = random.pick([5, 130])
            site.visibility = random.pick([3, 60])
            site.temperature = random.pick([0, 35])
            append(site.line(style: random.next()), .site)
            export(site, region: region, members: [site])
        case .marinePark:
            var site = record(
                name: random.pick(SyntheticVocabulary.marineParkNames).replacingOccurrences(of: "{}", with: properName()),
                at: point, region: region, open: true, richness: .random)
            if random.chance(0.5) { site.description = SyntheticVocabulary.shoreDescription }
            append(site.line(style: random.next()), .site)
            export(site, region: region, members: [site])
        case .nonDiveName:
            let (template, keyword) = random.pick(SyntheticVocabulary.nonDiveNames)
            var site = record(
                name: template.replacingOccurrences(of: "{}", with: properName()), at: point, region: region, open: true, richness: .minimal)
            site.description = nil
            addNonDive(site, keyword: keyword)
        case .nonDiveType:
            let (type, keyword) = random.pick(SyntheticVocabulary.nonDiveTypes)
            var site = record(name: properName() + " Grounds", at: point, region: region, open: true, richness: .minimal)
            site.type = type
            addNonDive(site, keyword: keyword)
        case .nonDiveDescription:
            let (description, keyword) = random.pick(SyntheticVocabulary.nonDiveDescriptions)
            var site = record(name: properName() + " Grounds", at: point, region: region, open: true, richness: .minimal)
            site.description = description
            addNonDive(site, keyword: keyword)
        case .duplicatePair:
            let anchor = record(name: name, at: point, region: region, open: true, richness: .full)
            let other = record(
                name: variant(of: name), at: SyntheticLattice.nearby(point, distance: random.uniform(50, 900), random: &random),
                region: region, open: true, richness: random.chance(0.5) ? .partial : .minimal)
            addGroup([anchor, other], representative: anchor, region: region, exported: true)
        case .duplicateTriple:
            let anchor = record(name: name, at: point, region: region, open: true, richness: .full)
            let others = (0..<2).map { _ in
                record(
                    name: variant(of: name), at: SyntheticLattice.nearby(point, distance: random.uniform(50, 450), random: &random),
                    region: region, open: true, richness: .partial)
            }
            addGroup([anchor] + others, representative: anchor, region: region, exported: true)
        case .duplicateChain:
            let bearing = random.uniform(0, 2 * .pi)
            let anchor = record(name: name, at: point, region: region, open: true, richness: .full)
            let middle = record(
                name: exactVariant(of: name), at: Self.along(point, bearing: bearing, meters: 800), region: region, open: true, richness: .partial)
            let far = record(
                name: exactVariant(of: name), at: Self.along(point, bearing: bearing, meters: 1_600), region: region, open: true, richness: .minimal)
            addGroup([anchor, middle, far], representative: anchor, region: region, exported: true)
        case .openWithRestricted:
            let anchor = record(name: name, at: point, region: region, open: true, richness: .partial)
            var restricted = record(
                name: variant(of: name), at: SyntheticLattice.nearby(point, distance: random.uniform(50, 900), random: &random),
                region: region, open: false, richness: .full)
            restricted.description = truth.restrictedMarker
            restricted.maxDepth = 200
            addGroup([anchor, restricted], representative: anchor, region: region, exported: true)
        case .restrictedSingle:
            let site = record(name: name, at: point, region: region, open: false, richness: .random)
            append(site.line(style: random.next()), .site)
            truth.restrictedPlaces.append([site.sourceID])
            restrictedTargets.append(site.sourceID)
        case .restrictedPair:
            let anchor = record(name: name, at: point, region: region, open: false, richness: .full)
            let other = record(
                name: variant(of: name), at: SyntheticLattice.nearby(point, distance: random.uniform(50, 900), random: &random),
                region: region, open: false, richness: .minimal)
            addGroup([anchor, other], representative: anchor, region: region, exported: false)
        case .decoyNear:
            let anchor = record(name: name, at: point, region: region, open: true, richness: .random)
            let decoyName = properName(avoidingInitial: name.first) + " " + random.pick(SyntheticVocabulary.features.filter { !name.hasSuffix($0) })
            let decoy = record(
                name: decoyName, at: SyntheticLattice.nearby(point, distance: random.uniform(300, 900), random: &random),
                region: region, open: true, richness: .random)
            for site in [anchor, decoy] {
                append(site.line(style: random.next()), .site)
                export(site, region: region, members: [site])
            }
        case .decoyFar:
            let anchor = record(name: name, at: point, region: region, open: true, richness: .random)
            let twin = record(
                name: name, at: Self.along(point, bearing: random.uniform(0, 2 * .pi), meters: random.uniform(1_300, 1_700)),
                region: region, open: true, richness: .random)
            for site in [anchor, twin] {
                append(site.line(style: random.next()), .site)
                export(site, region: region, members: [site])
            }
        }
    }

    /// Pairs at the North and South Poles (where a grid row is one cell) and pairs straddling
    /// the antimeridian in the Pacific, placed apart from the lattices.
    private mutating func plantPolesAndSeam(budget: Int) {
        guard budget >= 12 else { return }
        let poles: [(Double, Double, Double, Double, String)] = [
            (89.9965, 10, 89.996, 150, RegionAssigner.arcticNorthAtlantic),
            (-89.9965, 10, -89.996, -120, RegionAssigner.atlantic),
        ]
        for (latitude, longitude, otherLatitude, otherLongitude, region) in poles {
            let name = ordinaryName()
            let anchor = record(name: name, at: SyntheticLattice.coordinate(latitude, longitude), region: region, open: true, richness: .full)
            let other = record(
                name: exactVariant(of: name), at: SyntheticLattice.coordinate(otherLatitude, otherLongitude),
                region: region, open: true, richness: .minimal)
            addGroup([anchor, other], representative: anchor, region: region, exported: true)
        }
        for index in 0..<min(600, max(1, budget / 6_000)) {
            let latitude = -20 + Double(index) * 0.05
            let name = ordinaryName()
            let anchor = record(
                name: name, at: SyntheticLattice.coordinate(latitude, 179.997), region: RegionAssigner.pacific, open: true, richness: .full)
            let other = record(
                name: variant(of: name), at: SyntheticLattice.coordinate(latitude + 0.001, -179.998),
                region: RegionAssigner.pacific, open: true, richness: .partial)
            addGroup([anchor, other], representative: anchor, region: RegionAssigner.pacific, exported: true)
        }
    }

    private mutating func addNonDive(_ site: SyntheticSite, keyword: String) {
        append(site.line(style: random.next()), .site)
        truth.nonDivePlaces[site.sourceID] = keyword
        nonDiveTargets.append(site.sourceID)
    }

    private mutating func addGroup(_ sites: [SyntheticSite], representative: SyntheticSite, region: String, exported: Bool) {
        for site in sites { append(site.line(style: random.next()), .site) }
        let lineage = sites.map(\.sourceID).sorted()
        truth.duplicateGroups.append(lineage)
        truth.representatives[lineage[0]] = representative.sourceID
        if exported {
            export(representative, region: region, members: sites)
        } else {
            truth.restrictedPlaces.append(lineage)
            restrictedTargets.append(contentsOf: lineage)
        }
    }

    private mutating func export(_ representative: SyntheticSite, region: String, members: [SyntheticSite]) {
        truth.regionCounts[region, default: 0] += 1
        for member in members { exportedTargets.append((member.sourceID, representative.sourceID)) }
    }

    mutating func nextPlace() -> (Coordinate, String) {
        for _ in 0..<lattices.count {
            let index = nextLattice
            nextLattice = (nextLattice + 1) % lattices.count
            guard nextPoint[index] < lattices[index].capacity else { continue }
            let point = lattices[index].point(nextPoint[index], random: &random)
            nextPoint[index] += 1
            return (point, lattices[index].region)
        }
        preconditionFailure("the synthetic lattices are full; generate fewer records")
    }

    // MARK: Records

    enum Richness {
        case full, partial, minimal, random
    }

    mutating func record(name: String, at point: Coordinate, region: String, open: Bool, richness: Richness) -> SyntheticSite {
        let (source, licences) = open ? random.pick(Self.openSources) : random.pick(Self.restrictedSources)
        serial += 1
        let sourceID: String
        switch source {
        case "wikidata": sourceID = "wikidata:Q\(1_000_000 + serial)"
        case "osm": sourceID = "osm:node/\(serial)"
        default: sourceID = "\(source):\(serial)"
        }
        var site = SyntheticSite(
            source: source, sourceID: sourceID, licence: random.pick(licences), retrievedAt: random.pick(Self.dates),
            name: name, coordinate: point
        )
        let has: (Int) -> Bool
        switch richness {
        case .full: has = { _ in true }
        case .partial: has = { $0 < 2 }
        case .minimal: has = { _ in false }
        case .random:
            let mask = random.next()
            has = { mask >> UInt64($0) & 1 == 1 }
        }
        if has(0) { site.country = random.pick(SyntheticVocabulary.countries[region] ?? ["Unknown"]) }
        if has(1) { site.maxDepth = (random.uniform(6, 60) * 10).rounded() / 10 }
        if has(2) { site.visibility = (random.uniform(5, 40) * 10).rounded() / 10 }
        if has(3) { site.temperature = (random.uniform(18, 30) * 10).rounded() / 10 }
        if has(4) { site.description = random.pick(SyntheticVocabulary.descriptions) }
        if has(5) { site.tags = Array(Set((0..<3).map { _ in random.pick(SyntheticVocabulary.tags) })).sorted() }
        if random.chance(0.1) { site.type = random.pick(["sport=diving", "dive_site", "natural=reef"]) }
        return site
    }

    private static func along(_ point: Coordinate, bearing: Double, meters: Double) -> Coordinate {
        SyntheticLattice.offset(latitude: point.latitude, longitude: point.longitude, north: meters * cos(bearing), east: meters * sin(bearing))
    }
}
