import Foundation
import GRDB

/// How a `Person` maps to a row of `people`, in one place for reads and writes.
///
/// Rows are read by column index from a fixed column list: the home list, search and the due
/// queue decode hundreds of rows, and index access skips GRDB's by-name column lookup.
enum PersonRow {
    /// The columns every query selects, in the order `person(from:)` reads them.
    static let selection = """
        id, name, context, transcript, sketch_file, photo_file, created_at, \
        interval_days, ease_factor, repetitions, lapses, due_at, last_reviewed_at, stability, difficulty, \
        hair_color, hair_length, hair_style, eyewear, facial_hair, height, build, approximate_age, \
        accessories, clothing_colors, profession, origin, interests
        """

    /// `SELECT` of every column of `people`, then `clauses` (`WHERE`, `ORDER BY`, `LIMIT`…),
    /// written with GRDB's SQL interpolation so every value in them is a bound argument.
    static func request(_ clauses: SQL) -> SQLRequest<Row> {
        SQLRequest("SELECT \(sql: selection) FROM people \(clauses)")
    }

    /// The people the request of `clauses` finds, in its order.
    static func fetchAll(_ db: Database, _ clauses: SQL) throws -> [Person] {
        try Array(request(clauses).fetchCursor(db).map(person(from:)))
    }

    /// The first person the request of `clauses` finds.
    static func fetchOne(_ db: Database, _ clauses: SQL) throws -> Person? {
        try request(clauses).fetchOne(db).map(person(from:))
    }

    static let upsert = """
        INSERT INTO people (
            id, name, context, transcript, sketch_file, photo_file, created_at,
            interval_days, ease_factor, repetitions, lapses, due_at, last_reviewed_at, stability, difficulty,
            hair_color, hair_length, hair_style, eyewear, facial_hair, height, build, approximate_age,
            accessories, clothing_colors, profession, origin, interests, keyword_text
        ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET
            name = excluded.name, context = excluded.context, transcript = excluded.transcript,
            sketch_file = excluded.sketch_file, photo_file = excluded.photo_file, created_at = excluded.created_at,
            interval_days = excluded.interval_days, ease_factor = excluded.ease_factor,
            repetitions = excluded.repetitions, lapses = excluded.lapses, due_at = excluded.due_at,
            last_reviewed_at = excluded.last_reviewed_at, stability = excluded.stability, difficulty = excluded.difficulty,
            hair_color = excluded.hair_color, hair_length = excluded.hair_length, hair_style = excluded.hair_style,
            eyewear = excluded.eyewear, facial_hair = excluded.facial_hair, height = excluded.height,
            build = excluded.build, approximate_age = excluded.approximate_age, accessories = excluded.accessories,
            clothing_colors = excluded.clothing_colors, profession = excluded.profession, origin = excluded.origin,
            interests = excluded.interests, keyword_text = excluded.keyword_text
        """

    static func arguments(for person: Person) -> StatementArguments {
        let review = person.review
        let keywords = person.keywords
        return [
            key(person.id), person.name, person.context, person.transcript, person.sketchFile, person.photoFile,
            person.createdAt.timeIntervalSince1970, review.intervalDays, review.easeFactor, review.repetitions,
            review.lapses, review.dueDate.timeIntervalSince1970, review.lastReviewed?.timeIntervalSince1970,
            review.stability, review.difficulty,
            keywords.hairColor, keywords.hairLength, keywords.hairStyle, keywords.eyewear, keywords.facialHair,
            keywords.height, keywords.build, keywords.approximateAge, lines(keywords.accessories),
            lines(keywords.clothingColors), keywords.profession, keywords.origin, lines(keywords.interests),
            keywords.descriptors.joined(separator: ", "),
        ]
    }

    static func person(from row: Row) throws -> Person {
        let idText: String = row[0]
        guard let id = UUID(uuidString: idText) else {
            throw RememberError.storeFailed(reason: "a person's id \(idText) is not a UUID")
        }
        let lastReviewed: Double? = row[12]
        let review = ReviewState(
            intervalDays: row[7], easeFactor: row[8], repetitions: row[9], lapses: row[10],
            dueDate: Date(timeIntervalSince1970: row[11]),
            lastReviewed: lastReviewed.map(Date.init(timeIntervalSince1970:)),
            stability: row[13], difficulty: row[14]
        )
        let keywords = PersonKeywords(
            hairColor: row[15], hairLength: row[16], hairStyle: row[17], eyewear: row[18], facialHair: row[19],
            height: row[20], build: row[21], approximateAge: row[22], accessories: list(row[23]),
            clothingColors: list(row[24]), profession: row[25], origin: row[26], interests: list(row[27])
        )
        return Person(
            id: id, name: row[1], context: row[2], transcript: row[3], keywords: keywords,
            sketchFile: row[4], photoFile: row[5], createdAt: Date(timeIntervalSince1970: row[6]), review: review
        )
    }

    /// The text form of an id in the database: lower-case, like every UUID this package writes.
    static func key(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }

    /// A list column: one value per line. Keyword values are single phrases; a line break
    /// inside one (never produced by the parser) is stored as a space so the list keeps its
    /// length.
    private static func lines(_ values: [String]) -> String {
        values.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
    }

    private static func list(_ text: String) -> [String] {
        text.isEmpty ? [] : text.components(separatedBy: "\n")
    }
}
