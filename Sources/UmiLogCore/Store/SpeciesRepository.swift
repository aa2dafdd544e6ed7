import Foundation
public import GRDB
import SQLiteStorage
import Validation

/// A species and how many times the diver logged it.
public struct SpeciesPopularity: Hashable, Sendable, Codable {
    public let species: Species
    /// Sightings (one per dive the species was logged on).
    public let sightings: Int
}

/// Marine species: search by common or scientific name, and the most logged ones.
///
/// `popular` is read on every step-4 screen of the dive wizard, so its result is cached per
/// region; whoever writes sightings (``DiveRepository``) empties the cache.
public struct SpeciesRepository: Sendable {
    private let database: UmiLogDatabase
    private let cache: PopularSpeciesCache

    public init(database: any DatabaseWriter, cache: PopularSpeciesCache = PopularSpeciesCache()) {
        self.database = UmiLogDatabase(database)
        self.cache = cache
    }

    public func fetch(id: String) async throws(UmiLogError) -> Species? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(SpeciesRow.selection) FROM species WHERE id = ?", arguments: [id])
                .map(SpeciesRow.species(from:))
        }
    }

    /// Every species, by common name.
    public func fetchAll() async throws(UmiLogError) -> [Species] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(SpeciesRow.selection) FROM species ORDER BY common_name COLLATE NOCASE, id")
                .map(SpeciesRow.species(from:))
        }
    }

    /// Species whose common or scientific name has every word of `query` as a prefix; best
    /// matches first.
    public func search(_ query: String, limit: Int = 50) async throws(UmiLogError) -> [Species] {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query) else { return [] }
        return try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SpeciesRow.selection) FROM species_fts JOIN species ON species.num = species_fts.rowid
                    WHERE species_fts MATCH ?
                    ORDER BY bm25(species_fts), species.common_name COLLATE NOCASE, species.id
                    LIMIT ?
                    """,
                arguments: [pattern, limit]
            ).map(SpeciesRow.species(from:))
        }
    }

    /// The species `text` names: its id, or a unique common or scientific name (case and
    /// accents ignored), or a unique search hit.
    ///
    /// - Throws: `.speciesNotFound` or `.ambiguousSpecies` with the candidates' ids.
    public func resolve(_ text: String) async throws(UmiLogError) -> Species {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let species = try await fetch(id: trimmed.lowercased()) { return species }
        let hits = try await search(trimmed, limit: 20)
        let folded = Self.folded(trimmed)
        let exact = hits.filter { Self.folded($0.commonName) == folded || Self.folded($0.scientificName) == folded }
        if exact.count == 1 { return exact[0] }
        switch hits.count {
        case 0: throw .speciesNotFound(text)
        case 1: return hits[0]
        default: throw .ambiguousSpecies(text, candidates: (exact.isEmpty ? hits : exact).map(\.id))
        }
    }

    /// The `limit` species logged most often (in `region`, at its sites, when given), then
    /// the region's other species by name, so a new diver still gets a useful list.
    public func popular(limit: Int = 20, region: String? = nil) async throws(UmiLogError) -> [SpeciesPopularity] {
        let key = PopularSpeciesCache.Key(region: region, limit: limit)
        if let cached = await cache.value(for: key) { return cached }
        let generation = await cache.generation
        let result = try await database.read { db in
            let counted: [Row]
            if let region {
                counted = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(SpeciesRow.selection), COUNT(*) AS n
                        FROM sightings JOIN dives ON dives.id = sightings.dive_id JOIN sites ON sites.id = dives.site_id
                        JOIN species ON species.id = sightings.species_id
                        WHERE sites.region = ?
                        GROUP BY species.id ORDER BY n DESC, species.common_name COLLATE NOCASE, species.id LIMIT ?
                        """, arguments: [region, limit])
            } else {
                counted = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(SpeciesRow.selection), COUNT(*) AS n
                        FROM sightings JOIN species ON species.id = sightings.species_id
                        GROUP BY species.id ORDER BY n DESC, species.common_name COLLATE NOCASE, species.id LIMIT ?
                        """, arguments: [limit])
            }
            var result = try counted.map { SpeciesPopularity(species: try SpeciesRow.species(from: $0), sightings: $0[5]) }
            guard result.count < limit else { return result }
            let listed = Set(result.map(\.species.id))
            let others = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(SpeciesRow.selection) FROM species ORDER BY common_name COLLATE NOCASE, id
                    """
            ).map(SpeciesRow.species(from:))
                .filter { !listed.contains($0.id) && (region.map($0.regions.contains) ?? true) }
            result += others.prefix(limit - result.count).map { SpeciesPopularity(species: $0, sightings: 0) }
            return result
        }
        await cache.store(result, for: key, generation: generation)
        return result
    }

    /// Adds species; an existing id is left unchanged.
    public func insert(_ species: [Species]) async throws(UmiLogError) {
        try await database.write { db in
            for item in species { try SpeciesRow.insert(item, db) }
        }
        await cache.invalidate()
    }

    private static func folded(_ text: String) -> String { TextFolding.folded(text) }
}

/// The per-region cache of ``SpeciesRepository/popular(limit:region:)``.
///
/// A generation number guards against a race: a result computed before an invalidation is
/// not stored after it.
public actor PopularSpeciesCache {
    struct Key: Hashable {
        let region: String?
        let limit: Int
    }

    private var entries: [Key: [SpeciesPopularity]] = [:]
    private(set) var generation = 0

    public init() {}

    func value(for key: Key) -> [SpeciesPopularity]? { entries[key] }

    func store(_ value: [SpeciesPopularity], for key: Key, generation: Int) {
        guard generation == self.generation else { return }
        entries[key] = value
    }

    /// Forgets every cached list; called after sightings change.
    public func invalidate() {
        generation += 1
        entries.removeAll()
    }
}
