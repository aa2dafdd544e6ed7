import Foundation
import GRDB
import Logging

/// The people store as the view models see it (the seed's `PersonServiceProtocol`); tests of
/// view models may substitute it, the app uses ``PersonService``.
public protocol PersonServiceProtocol: Sendable {
    /// People, most recently met first, matching `searchText` (every word as a prefix, in name,
    /// context, keywords or ramble; case and accents ignored) and exactly `context` when given.
    func fetchAll(searchText: String?, context: String?) async throws -> [Person]
    func fetch(id: UUID) async throws -> Person?
    /// Validates the draft, extracts keywords, draws the sketch, stores the photo and the record.
    func add(_ draft: PersonDraft, at date: Date) async throws -> Person
    /// Inserts or replaces the person's record.
    func save(_ person: Person) async throws
    /// Deletes the person's files first, then the record (the seed's order).
    func delete(_ person: Person) async throws
    /// The contexts in use, most used first.
    func contexts() async throws -> [ContextUsage]
}

/// A context and how many people were met in it.
public struct ContextUsage: Codable, Hashable, Sendable {
    public let name: String
    public let count: Int
}

/// The people store on a GRDB database, with the person's files beside it.
public struct PersonService: PersonServiceProtocol {
    private let database: PeopleDatabase
    private let files: FileService
    private let keywordParser: KeywordParser
    private let sketches: SketchService
    private let logger: Logger

    public init(
        database: any DatabaseWriter,
        files: FileService,
        keywordParser: KeywordParser = KeywordParser(),
        sketches: SketchService,
        logger: Logger = Logger(label: "remember.people")
    ) {
        self.database = PeopleDatabase(database)
        self.files = files
        self.keywordParser = keywordParser
        self.sketches = sketches
        self.logger = logger
    }

    public func fetchAll(searchText: String? = nil, context: String? = nil) async throws -> [Person] {
        var clauses: [String] = []
        var arguments = StatementArguments()
        if let searchText, !searchText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // Text with no searchable word (only punctuation) matches nobody.
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: searchText) else { return [] }
            clauses.append("rowid IN (SELECT rowid FROM people_fts WHERE people_fts MATCH ?)")
            arguments += [pattern]
        }
        if let context {
            clauses.append("context = ? COLLATE NOCASE")
            arguments += [context]
        }
        let whereClause = clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
        let sql = "SELECT \(PersonRow.selection) FROM people \(whereClause) ORDER BY created_at DESC, id"
        let boundArguments = arguments
        return try await database.read { db in
            try Row.fetchCursor(db, sql: sql, arguments: boundArguments).map(PersonRow.person(from:)).reduce(into: []) {
                $0.append($1)
            }
        }
    }

    public func fetch(id: UUID) async throws -> Person? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(PersonRow.selection) FROM people WHERE id = ?", arguments: [PersonRow.key(id)]
            ).map(PersonRow.person(from:))
        }
    }

    /// The person whose id is `text` or starts with it (at least 4 characters, as `list` prints 8).
    ///
    /// - Throws: `RememberError.personNotFound` or `.ambiguousID`.
    public func find(_ text: String) async throws -> Person {
        let prefix = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw RememberError.personNotFound(text)
        }
        let matches = try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(PersonRow.selection) FROM people WHERE id >= ? AND id < ? ORDER BY id LIMIT 2",
                arguments: [prefix, prefix + "\u{10FFFF}"]
            ).map(PersonRow.person(from:))
        }
        switch matches.count {
        case 0: throw RememberError.personNotFound(text)
        case 1: return matches[0]
        default:
            let count = try await database.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM people WHERE id >= ? AND id < ?",
                    arguments: [prefix, prefix + "\u{10FFFF}"]
                ) ?? 0
            }
            throw RememberError.ambiguousID(text, matches: count)
        }
    }

    public func add(_ draft: PersonDraft, at date: Date) async throws -> Person {
        let draft = try draft.validated()
        let id = draft.id ?? UUID()
        var person = Person(
            id: id, name: draft.name, context: draft.context, transcript: draft.transcript,
            keywords: keywordParser.extract(from: draft.transcript), createdAt: date
        )
        // Checked before any file is written: the files are named by id, so writing first
        // would overwrite the existing person's sketch and photo.
        if try await fetch(id: id) != nil {
            throw RememberError.duplicatePerson(PersonRow.key(id))
        }
        var written: [String] = []
        do {
            let sketch = try sketches.generate(for: person)
            written.append(sketch)
            person.sketchFile = sketch
            if let photo = draft.photo {
                let path = try files.writePhoto(photo, for: id)
                written.append(path)
                person.photoFile = path
            }
            let arguments = PersonRow.arguments(for: person)
            let key = PersonRow.key(id)
            try await database.write { db in
                if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM people WHERE id = ?)", arguments: [key]) == true {
                    throw RememberError.duplicatePerson(key)
                }
                try db.execute(sql: PersonRow.upsert, arguments: arguments)
            }
        } catch {
            // Nothing half-written: files of a person whose record was not saved are removed.
            for path in written {
                try? files.remove(path)
            }
            throw error
        }
        logger.info("person added", metadata: ["person": "\(id)", "keywords": "\(person.keywords.descriptors.count)"])
        return person
    }

    public func save(_ person: Person) async throws {
        let arguments = PersonRow.arguments(for: person)
        try await database.write { db in
            try db.execute(sql: PersonRow.upsert, arguments: arguments)
        }
    }

    /// Inserts or replaces many records in one transaction: all of them or none.
    public func saveAll(_ people: [Person]) async throws {
        let arguments = people.map(PersonRow.arguments(for:))
        try await database.write { db in
            let statement = try db.cachedStatement(sql: PersonRow.upsert)
            for personArguments in arguments {
                try statement.execute(arguments: personArguments)
            }
        }
    }

    public func delete(_ person: Person) async throws {
        try files.deleteFiles(for: person)
        try await database.write { db in
            try db.execute(sql: "DELETE FROM people WHERE id = ?", arguments: [PersonRow.key(person.id)])
        }
        logger.info("person deleted", metadata: ["person": "\(person.id)"])
    }

    public func contexts() async throws -> [ContextUsage] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT MIN(context) AS name, COUNT(*) AS count FROM people
                WHERE context IS NOT NULL GROUP BY context COLLATE NOCASE ORDER BY count DESC, name
                """
            ).map { ContextUsage(name: $0["name"], count: $0["count"]) }
        }
    }
}
