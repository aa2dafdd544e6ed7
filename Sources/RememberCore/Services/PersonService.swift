public import Foundation
public import GRDB
public import Logging
import SQLiteStorage
import Validation

/// The people store as the view models see it (the seed's `PersonServiceProtocol`); tests of
/// view models may substitute it, the app uses ``PersonService``.
public protocol PersonServiceProtocol: Sendable {
    /// People, most recently met first, matching `searchText` (every word as a prefix, in name,
    /// context, keywords or ramble; case and accents ignored) and exactly `context` when given.
    func fetchAll(searchText: String?, context: String?) async throws(RememberError) -> [Person]
    func fetch(id: UUID) async throws(RememberError) -> Person?
    /// Validates the draft, extracts keywords, draws the sketch, stores the photo and the record.
    func add(_ draft: PersonDraft, at date: Date) async throws(RememberError) -> Person
    /// Inserts or replaces the person's record.
    func save(_ person: Person) async throws(RememberError)
    /// Deletes the person's files first, then the record (the seed's order).
    func delete(_ person: Person) async throws(RememberError)
    /// The contexts in use, most used first.
    func contexts() async throws(RememberError) -> [ContextUsage]
}

/// A person to add from an import, with the key that recognises them in later imports.
public struct ImportedPersonDraft: Sendable {
    public var draft: PersonDraft
    public var importKey: String

    public init(draft: PersonDraft, importKey: String) {
        self.draft = draft
        self.importKey = importKey
    }
}

/// What ``PersonService/addImported(_:at:)`` did with one draft.
public enum ImportedPersonResult: Sendable, Equatable {
    case added(Person)
    /// Imported before (or earlier in the same batch): nothing was written.
    case alreadyPresent
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
        logger: Logger
    ) {
        self.database = PeopleDatabase(database)
        self.files = files
        self.keywordParser = keywordParser
        self.sketches = sketches
        self.logger = logger
    }

    public func fetchAll(searchText: String? = nil, context: String? = nil) async throws(RememberError) -> [Person] {
        var conditions: [SQL] = []
        if let searchText, !searchText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // Text with no searchable word (only punctuation) matches nobody.
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: searchText) else { return [] }
            conditions.append("rowid IN (SELECT rowid FROM people_fts WHERE people_fts MATCH \(pattern))")
        }
        if let context {
            conditions.append("context = \(context) COLLATE NOCASE")
        }
        let whereClause: SQL = conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND "))"
        return try await database.read { db in
            try PersonRow.fetchAll(db, "\(whereClause) ORDER BY created_at DESC, id")
        }
    }

    public func fetch(id: UUID) async throws(RememberError) -> Person? {
        let key = PersonRow.key(id)
        return try await database.read { db in
            try PersonRow.fetchOne(db, "WHERE id = \(key)")
        }
    }

    /// The person whose id is `text` or starts with it, by the kits' one id-prefix rule
    /// (``IDPrefix``: at least 4 characters, as `list` prints 8).
    ///
    /// - Throws: `RememberError.personNotFound` or, when several ids start with it,
    ///   `.ambiguousID` with how many.
    public func find(_ text: String) async throws(RememberError) -> Person {
        guard let prefix = IDPrefix(text) else { throw RememberError.personNotFound(text) }
        let (lower, upper) = prefix.range
        // Every match, not only two: an ambiguous prefix is reported with its count (a prefix
        // of 4 or more characters matches few people, so reading them whole costs little).
        let matches = try await database.read { db in
            try PersonRow.fetchAll(db, "WHERE id >= \(lower) AND id < \(upper) ORDER BY id")
        }
        switch prefix.resolve(matches) {
        case .none: throw RememberError.personNotFound(text)
        case .unique(let person): return person
        case .ambiguous(let count): throw RememberError.ambiguousID(text, matches: count)
        }
    }

    public func add(_ draft: PersonDraft, at date: Date) async throws(RememberError) -> Person {
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

    /// Adds the people of an import who are not in the store yet, in one transaction: every
    /// new one is stored — record, import key, sketch and photo — or, if anything fails, none
    /// is and no file is left behind.
    ///
    /// A draft is already present when its import key is known (an earlier import), when a
    /// person has its id (a UID that is a Remember person's id), or when an earlier draft of
    /// the batch has the same key or id (a card twice in one file).
    ///
    /// - Returns: one result per draft, in order.
    /// - Throws: `RememberError.invalidField` for a draft that does not validate (callers
    ///   validate first, to skip and report such cards), or the store's or a file's failure.
    public func addImported(_ drafts: [ImportedPersonDraft], at date: Date) async throws(RememberError) -> [ImportedPersonResult] {
        let validated = try drafts.map { draft throws(RememberError) in
            ImportedPersonDraft(draft: try draft.draft.validated(), importKey: draft.importKey)
        }
        let keys = validated.map(\.importKey)
        let ids = validated.map { $0.draft.id.map(PersonRow.key) }
        let present = try await database.read { db in
            try keys.indices.map { try Self.isPresent(db, key: keys[$0], id: ids[$0]) }
        }
        var seenKeys: Set<String> = []
        var seenIDs: Set<String> = []
        var results = [ImportedPersonResult](repeating: .alreadyPresent, count: validated.count)

        let staging = try files.makeStagingFolder()
        defer { files.removeStagingFolder(staging) }
        var pending: [PendingImport] = []
        for (index, item) in validated.enumerated() where !present[index] {
            guard seenKeys.insert(item.importKey).inserted, ids[index].map({ seenIDs.insert($0).inserted }) ?? true else { continue }
            let id = item.draft.id ?? UUID()
            var person = Person(
                id: id, name: item.draft.name, context: item.draft.context, transcript: item.draft.transcript,
                keywords: keywordParser.extract(from: item.draft.transcript), createdAt: date
            )
            let svg = sketches.preview(keywords: person.keywords, name: person.name)
            var staged = [try files.stage(Data(svg.utf8), as: FileService.sketchPath(for: id), in: staging)]
            person.sketchFile = staged[0].path
            if let photo = item.draft.photo {
                staged.append(try files.stage(photo.data, as: FileService.photoPath(for: id, format: photo.format), in: staging))
                person.photoFile = staged[1].path
            }
            pending.append(PendingImport(index: index, person: person, key: item.importKey, files: staged))
        }
        guard !pending.isEmpty else { return results }

        let files = self.files
        let stored = try await database.writeWithoutTransaction { [pending] db in
            var promoted: [String] = []
            do {
                var storedSlots: [Int] = []
                try db.inTransaction {
                    for (slot, item) in pending.enumerated() {
                        // Again inside the transaction: another writer may have added them meanwhile.
                        if try Self.isPresent(db, key: item.key, id: PersonRow.key(item.person.id)) { continue }
                        try db.execute(sql: PersonRow.upsert, arguments: PersonRow.arguments(for: item.person))
                        try db.execute(
                            sql: "INSERT INTO contact_imports (import_key, person_id) VALUES (?, ?)",
                            arguments: [item.key, PersonRow.key(item.person.id)]
                        )
                        storedSlots.append(slot)
                    }
                    // Last, so a failure before the commit has moved nothing; a crash after
                    // this leaves only files that no record names.
                    for slot in storedSlots {
                        for file in pending[slot].files {
                            try files.promote(file)
                            promoted.append(file.path)
                        }
                    }
                    return .commit
                }
                return storedSlots
            } catch {
                for path in promoted { try? files.remove(path) }
                throw error
            }
        }
        for slot in stored { results[pending[slot].index] = .added(pending[slot].person) }
        logger.info("people imported", metadata: ["added": "\(stored.count)", "alreadyPresent": "\(drafts.count - stored.count)"])
        return results
    }

    private struct PendingImport: Sendable {
        let index: Int
        let person: Person
        let key: String
        let files: [FileService.StagedFile]
    }

    private static func isPresent(_ db: Database, key: String, id: String?) throws -> Bool {
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM contact_imports WHERE import_key = ?)", arguments: [key]) == true {
            return true
        }
        guard let id else { return false }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM people WHERE id = ?)", arguments: [id]) == true
    }

    public func save(_ person: Person) async throws(RememberError) {
        let arguments = PersonRow.arguments(for: person)
        try await database.write { db in
            try db.execute(sql: PersonRow.upsert, arguments: arguments)
        }
    }

    /// Inserts or replaces many records in one transaction: all of them or none.
    public func saveAll(_ people: [Person]) async throws(RememberError) {
        let arguments = people.map(PersonRow.arguments(for:))
        try await database.write { db in
            let statement = try db.cachedStatement(sql: PersonRow.upsert)
            for personArguments in arguments {
                try statement.execute(arguments: personArguments)
            }
        }
    }

    public func delete(_ person: Person) async throws(RememberError) {
        try files.deleteFiles(for: person)
        try await database.write { db in
            try db.execute(sql: "DELETE FROM people WHERE id = ?", arguments: [PersonRow.key(person.id)])
        }
        logger.info("person deleted", metadata: ["person": "\(person.id)"])
    }

    public func contexts() async throws(RememberError) -> [ContextUsage] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT MIN(context) AS name, COUNT(*) AS count FROM people
                    WHERE context IS NOT NULL GROUP BY context COLLATE NOCASE ORDER BY count DESC, name
                    """
            ).map { ContextUsage(name: $0["name"], count: $0["count"]) }
        }
    }
}
