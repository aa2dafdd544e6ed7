import Foundation
import GRDB
import Geo

/// How a `DiveSite` maps to a `sites` row. Rows are read by column position (the order of
/// `selection`), which is several times faster than by name on hot paths such as the viewport.
enum SiteRow {
    static let selection = """
        sites.id, sites.name, sites.latitude, sites.longitude, sites.region, sites.area, sites.country, \
        sites.max_depth_m, sites.typical_depth_m, sites.tags, sites.entry, sites.difficulty, sites.description, \
        sites.source, sites.license
        """

    static func site(from row: Row) throws -> DiveSite {
        let latitude: Double? = row[2]
        let longitude: Double? = row[3]
        var coordinate: Coordinate?
        if let latitude, let longitude {
            do {
                coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw UmiLogError.storeFailed(reason: "site \(row[0] as String) has an invalid coordinate")
            }
        }
        return DiveSite(
            id: row[0], name: row[1], coordinate: coordinate, region: row[4], area: row[5], country: row[6],
            maxDepthMeters: row[7], typicalDepthMeters: row[8], tags: try tags(from: row[9]),
            entry: try value(row[10], column: "entry"), difficulty: try value(row[11], column: "difficulty"),
            description: row[12], source: row[13], license: row[14]
        )
    }

    /// Inserts the site unless its id is taken; whether it was inserted.
    @discardableResult
    static func insert(_ site: DiveSite, _ db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT INTO sites (id, name, latitude, longitude, region, area, country, max_depth_m, typical_depth_m,
                    tags, entry, difficulty, description, source, license)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO NOTHING
                """
        ).execute(arguments: [
            site.id, site.name, site.coordinate?.latitude, site.coordinate?.longitude, site.region, site.area,
            site.country, site.maxDepthMeters, site.typicalDepthMeters, tagText(site.tags), site.entry.rawValue,
            site.difficulty.rawValue, site.description, site.source, site.license,
        ])
        return db.changesCount > 0
    }

    static func tagText(_ tags: [SiteTag]) -> String {
        tags.map(\.rawValue).joined(separator: " ")
    }

    private static func tags(from text: String) throws -> [SiteTag] {
        try text.split(separator: " ").map { try value(String($0), column: "tags") }
    }

    private static func value<T: RawRepresentable>(_ raw: String, column: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else {
            throw UmiLogError.storeFailed(reason: "unknown \(column) value \(raw) in sites")
        }
        return value
    }
}
