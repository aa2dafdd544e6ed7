import Foundation
import UmiLogCore

/// Stage 4: turn each cluster into the record the app ships: the representative's values with
/// the name in title case and without a trailing "Dive Site", a stable id, the region, the
/// licence and its credit line, and the lineage of every merged source id.
///
/// Only values of the representative are copied; when it is not openly licensed (no member
/// of the cluster is), the cluster is left out of the export. Non-open members of an open
/// cluster contribute their source ids to the lineage and nothing else.
struct StandardisationStage {
    var parallelism: Int

    /// An exported site and where its values came from.
    struct StandardisedSite: Sendable {
        var site: DatasetSite
        /// Index (into the stage's input) of the representative record: its line, source,
        /// licence and retrieval day.
        var origin: Int
    }

    struct Restricted: Sendable {
        /// Index (into the stage's input) of the representative record.
        var origin: Int
        var lineage: [String]
    }

    struct Output: Sendable {
        /// In cluster order.
        var sites: [StandardisedSite]
        var restricted: [Restricted]
    }

    func run(_ records: [RawSite], clusters: [DeduplicationStage.Cluster]) -> Output {
        let ranges = Parallel.ranges(clusters.count, pieces: max(1, parallelism) * 4)
        let pieces = Parallel.map(ranges.count) { piece in
            var sites: [StandardisedSite] = []
            var restricted: [Restricted] = []
            var credits = CreditCache()
            for cluster in clusters[ranges[piece]] {
                let origin = cluster.representative
                let lineage =
                    cluster.members.count == 1
                    ? [records[origin].sourceID] : cluster.members.map { records[$0].sourceID }.sorted()
                guard records[origin].licence.isOpen else {
                    restricted.append(Restricted(origin: origin, lineage: lineage))
                    continue
                }
                sites.append(
                    StandardisedSite(
                        site: Self.datasetSite(from: records[origin], lineage: lineage, credits: &credits), origin: origin
                    ))
            }
            return (sites, restricted)
        }
        var output = Output(sites: Array(pieces.map(\.0).joined()), restricted: Array(pieces.map(\.1).joined()))
        Self.resolveIDCollisions(&output.sites, records: records)
        return output
    }

    /// Licence identifiers and credit lines, made once per source and licence rather than once
    /// per site (they are the same for thousands of sites, and share storage that way).
    struct CreditCache {
        private var entries: [String: [Licence: (identifier: String, attribution: String)]] = [:]

        mutating func credit(source: String, licence: Licence) -> (identifier: String, attribution: String) {
            if let known = entries[source]?[licence] { return known }
            let made = (licence.identifier, SourceAttribution.text(source: source, licence: licence))
            entries[source, default: [:]][licence] = made
            return made
        }
    }

    static func datasetSite(from origin: RawSite, lineage: [String], credits: inout CreditCache) -> DatasetSite {
        let name = SiteNameFormatter.format(origin.name)
        let credit = credits.credit(source: origin.source, licence: origin.licence)
        return DatasetSite(
            id: SiteIdentifier.id(name: name, sourceID: origin.sourceID),
            name: name,
            coordinate: origin.coordinate,
            region: RegionAssigner.region(for: origin.coordinate),
            country: origin.country.map(TextCleaning.collapsingWhitespace),
            maxDepthMeters: origin.maxDepthMeters,
            visibilityMeters: origin.visibilityMeters,
            temperatureCelsius: origin.temperatureCelsius,
            description: origin.description.map(TextCleaning.collapsingWhitespace),
            tags: normalisedTags(origin.tags),
            licence: credit.identifier,
            attribution: credit.attribution,
            sourceIDs: lineage
        )
    }

    /// Tags in the taxonomy's form: lower case, words joined by dashes ("Whale Sharks" →
    /// "whale-sharks"), unique, sorted.
    static func normalisedTags(_ tags: [String]) -> [String] {
        guard !tags.isEmpty else { return [] }
        if zip(tags, tags.dropFirst()).allSatisfy({ $0 < $1 }), tags.allSatisfy(isNormalisedTag) { return tags }
        return Set(tags.map { TextCleaning.collapsingWhitespace($0).lowercased().replacingOccurrences(of: " ", with: "-") })
            .filter { !$0.isEmpty }.sorted()
    }

    private static func isNormalisedTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
            && tag.utf8.first != 0x2D && tag.utf8.last != 0x2D
    }

    /// Two records with the same slug and the same 32-bit hash would share an id; give every
    /// such site the long (64-bit) hash instead. Deterministic: it depends only on the set of ids.
    private static func resolveIDCollisions(_ sites: inout [StandardisedSite], records: [RawSite]) {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(sites.count)
        var colliding: Set<Int> = []
        for index in sites.indices {
            if let first = seen.updateValue(index, forKey: sites[index].site.id) {
                colliding.insert(first)
                colliding.insert(index)
            }
        }
        for index in colliding {
            sites[index].site.id = SiteIdentifier.id(name: sites[index].site.name, sourceID: records[sites[index].origin].sourceID, long: true)
        }
    }
}
