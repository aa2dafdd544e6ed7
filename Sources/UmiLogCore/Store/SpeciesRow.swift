import GRDB

/// How a `Species` maps to a `species` row (read by column position, as `selection` orders them).
enum SpeciesRow {
    static let selection = "species.id, species.common_name, species.scientific_name, species.category, species.regions"

    static func species(from row: Row) throws -> Species {
        let categoryText: String = row[3]
        guard let category = SpeciesCategory(rawValue: categoryText) else {
            throw UmiLogError.storeFailed(reason: "unknown species category \(categoryText)")
        }
        let regions: String = row[4]
        return Species(
            id: row[0], commonName: row[1], scientificName: row[2], category: category,
            regions: regions.split(separator: "\n").map(String.init)
        )
    }

    /// Inserts the species unless its id is taken; whether it was inserted.
    @discardableResult
    static func insert(_ species: Species, _ db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT INTO species (id, common_name, scientific_name, category, regions) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(id) DO NOTHING
                """
        ).execute(arguments: [
            species.id, species.commonName, species.scientificName, species.category.rawValue,
            species.regions.joined(separator: "\n"),
        ])
        return db.changesCount > 0
    }
}
