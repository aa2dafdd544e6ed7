public import Foundation
public import GRDB

/// Answers what journal users ask of their sessions: which strains and methods they rate best
/// and which effects come up most, over any period.
public struct InsightsService: Sendable {
    private let database: any DatabaseReader

    public init(database: any DatabaseReader) {
        self.database = database
    }

    /// Insights over live sessions whose session time falls in `[from, to)`; nil bounds are open.
    public func insights(from: Date? = nil, to: Date? = nil) async throws -> JournalInsights {
        try await database.read { db in
            // GRDB's SQL interpolation: the bounds are statement arguments, and each query that
            // embeds `scope` gets them with it.
            var clauses: [SQL] = ["lr.is_deleted = 0"]
            if let from {
                clauses.append("lr.session_at >= \(from.timeIntervalSince1970)")
            }
            if let to {
                clauses.append("lr.session_at < \(to.timeIntervalSince1970)")
            }
            let scope = clauses.joined(separator: " AND ")

            let totals = try SQLRequest<Row>(
                """
                SELECT COUNT(*) AS sessions, AVG(rating) AS average, SUM(is_favorited) AS favorites
                FROM local_receipts lr WHERE \(scope)
                """
            ).fetchOne(db)
            // Strains group case-insensitively; the most used spelling is the one shown.
            let strains = try SQLRequest<Row>(
                """
                WITH scoped AS (SELECT strain_name, rating FROM local_receipts lr WHERE \(scope)),
                spellings AS (
                    SELECT lower(strain_name) AS strain_key, strain_name, COUNT(*) AS uses
                    FROM scoped GROUP BY strain_name
                ),
                shown AS (
                    SELECT strain_key, strain_name FROM spellings s
                    WHERE strain_name = (
                        SELECT strain_name FROM spellings t WHERE t.strain_key = s.strain_key
                        ORDER BY uses DESC, strain_name LIMIT 1
                    )
                )
                SELECT shown.strain_name AS strain_name, COUNT(*) AS sessions, AVG(scoped.rating) AS average
                FROM scoped JOIN shown ON shown.strain_key = lower(scoped.strain_name)
                GROUP BY shown.strain_key ORDER BY sessions DESC, average DESC, strain_name
                """
            ).fetchAll(db).map {
                JournalInsights.StrainStat(strain: $0["strain_name"], sessions: $0["sessions"], averageRating: $0["average"])
            }
            let methods = try SQLRequest<Row>(
                """
                SELECT consumption_method, COUNT(*) AS sessions, AVG(rating) AS average
                FROM local_receipts lr WHERE \(scope) AND consumption_method IS NOT NULL
                GROUP BY consumption_method ORDER BY sessions DESC, average DESC, consumption_method
                """
            ).fetchAll(db).map {
                JournalInsights.MethodStat(method: $0["consumption_method"], sessions: $0["sessions"], averageRating: $0["average"])
            }
            let types = try SQLRequest<Row>(
                """
                SELECT product_type, COUNT(*) AS sessions FROM local_receipts lr WHERE \(scope)
                GROUP BY product_type ORDER BY sessions DESC, product_type
                """
            ).fetchAll(db).map {
                JournalInsights.ProductTypeStat(productType: $0["product_type"], sessions: $0["sessions"])
            }
            let effects = try SQLRequest<Row>(
                """
                SELECT e.effect, COUNT(*) AS sessions
                FROM memory_effects e JOIN local_receipts lr ON lr.uuid = e.memory_uuid
                WHERE \(scope) GROUP BY e.effect ORDER BY sessions DESC, e.effect
                """
            ).fetchAll(db).map {
                JournalInsights.EffectStat(effect: $0["effect"], sessions: $0["sessions"])
            }
            return JournalInsights(
                from: from, to: to, sessions: totals?["sessions"] ?? 0, averageRating: totals?["average"],
                favorites: totals?["favorites"] ?? 0, strains: strains, methods: methods, productTypes: types,
                effects: effects
            )
        }
    }
}
