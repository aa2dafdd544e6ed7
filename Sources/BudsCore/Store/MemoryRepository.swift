import DAGCBOR
public import Foundation
public import GRDB
public import Receipts
public import Storage
import Validation

/// Reads the journal as memories (the latest version of every live chain) and forwards
/// changes to the `ReceiptManager`, so that every change is a signed receipt.
public struct MemoryRepository: Sendable {
    /// The timeline's page size.
    public static let pageSize = 50

    private let database: any DatabaseWriter
    private let manager: ReceiptManager
    private let blobs: BlobStore

    public init(database: any DatabaseWriter, manager: ReceiptManager, blobs: BlobStore) {
        self.database = database
        self.manager = manager
        self.blobs = blobs
    }

    // MARK: Reading

    /// Every live memory matching the filter, newest session first.
    public func fetchAll(filter: MemoryFilter = MemoryFilter()) async throws -> [Memory] {
        try await database.read { db in
            try MemoryQuery.fetch(db, filter: filter, after: nil, limit: nil)
        }
    }

    /// One timeline page: `limit` memories older than `cursor` (the first page when nil).
    public func fetchPage(
        before cursor: TimelineCursor? = nil,
        limit: Int = MemoryRepository.pageSize,
        filter: MemoryFilter = MemoryFilter()
    ) async throws -> TimelinePage {
        let memories = try await database.read { db in
            try MemoryQuery.fetch(db, filter: filter, after: cursor, limit: limit)
        }
        let next =
            memories.count == limit
            ? memories.last.map {
                TimelineCursor(sessionAt: $0.sessionAt.timeIntervalSince1970, id: $0.id.uuidString.lowercased())
            } : nil
        return TimelinePage(memories: memories, next: next)
    }

    /// The live memory with this id, or nil.
    public func fetch(id: UUID) async throws -> Memory? {
        try await database.read { db in
            try MemoryQuery.fetchOne(db, id: id.uuidString.lowercased())
        }
    }

    /// Finds a memory by its id, by an id prefix (`IDPrefix`: 4+ characters), or by the CID of
    /// any receipt in its chain.
    /// - Throws: `memoryNotFound`; `ambiguousReference` when the prefix begins several ids;
    ///   `memoryDeleted` when the chain ends in a tombstone.
    public func resolve(_ reference: String) async throws -> Memory {
        try await database.read { db in
            let uuid = try Self.chainID(for: reference, in: db)
            guard let memory = try MemoryQuery.fetchOne(db, id: uuid) else {
                throw BudsError.memoryDeleted(reference)
            }
            return memory
        }
    }

    /// Every receipt of a memory's chain (deleted or not), oldest first, each verified.
    public func history(of reference: String) async throws -> [ReceiptVersion] {
        try await database.read { db in
            let uuid = try Self.chainID(for: reference, in: db)
            guard let root = try String.fetchOne(db, sql: "SELECT root_cid FROM local_receipts WHERE uuid = ?", arguments: [uuid]) else {
                throw BudsError.memoryNotFound(reference)
            }
            let rows = try HeaderRow.filter(HeaderRow.CodingKeys.rootCID == root).fetchAll(db)
            return try ChainHistory.versions(ChainHistory.chainOrdered(rows))
        }
    }

    /// A stored receipt's parts, for `receipt CID` and outside verification.
    public func receipt(_ cid: String) async throws -> Receipt {
        try await database.read { db in
            guard let receipt = try ReceiptLedger.receipt(cid, in: db) else {
                throw BudsError.receiptNotFound(cid)
            }
            return receipt
        }
    }

    /// The photo's bytes, loaded only when asked for (the timeline carries just the CID).
    public func imageData(for memory: Memory) throws -> Data? {
        guard let cid = memory.imageCID else { return nil }
        return try blobs.get(cid)
    }

    // MARK: Changing

    /// Records a new session and returns it.
    public func create(_ draft: SessionDraft) async throws -> Memory {
        let id = try await manager.create(draft)
        return try await require(id)
    }

    /// Records a new version of a session and returns it.
    public func update(_ id: UUID, with draft: SessionDraft) async throws -> Memory {
        try await manager.update(id, with: draft)
        return try await require(id)
    }

    /// Deletes a session (a signed tombstone) and returns the tombstone's CID.
    @discardableResult
    public func delete(_ id: UUID) async throws -> String {
        try await manager.delete(id)
    }

    /// Marks or unmarks a favourite. Device-local: favourites are not part of the signed record.
    public func setFavorite(_ id: UUID, _ isFavorited: Bool) async throws -> Memory {
        let reference = id.uuidString.lowercased()
        try await database.write { db in
            guard let row = try LocalReceiptRow.fetchOne(db, key: reference), !row.isDeleted else {
                throw BudsError.memoryNotFound(reference)
            }
            try db.execute(
                sql: "UPDATE local_receipts SET is_favorited = ? WHERE uuid = ?", arguments: [isFavorited, reference]
            )
        }
        return try await require(id)
    }

    private func require(_ id: UUID) async throws -> Memory {
        guard let memory = try await fetch(id: id) else {
            throw BudsError.memoryNotFound(id.uuidString.lowercased())
        }
        return memory
    }

    /// The chain id (lower-case UUID) a reference names, live or deleted.
    private static func chainID(for reference: String, in db: Database) throws -> String {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        if let uuid = UUID(uuidString: trimmed) {
            let id = uuid.uuidString.lowercased()
            if try LocalReceiptRow.exists(db, key: id) { return id }
            throw BudsError.memoryNotFound(reference)
        }
        if let cid = try? CID(string: trimmed) {
            let sql = """
                SELECT lr.uuid FROM ucr_headers h JOIN local_receipts lr ON lr.root_cid = h.root_cid
                WHERE h.cid = ?
                """
            if let id = try String.fetchOne(db, sql: sql, arguments: [cid.string]) { return id }
            throw BudsError.memoryNotFound(reference)
        }
        guard let prefix = IDPrefix(trimmed) else { throw BudsError.memoryNotFound(reference) }
        // Every id the prefix begins, not just two: an ambiguous prefix names how many it matches.
        let (lower, upper) = prefix.range
        let matches = try String.fetchAll(
            db, sql: "SELECT uuid FROM local_receipts WHERE uuid >= ? AND uuid < ? ORDER BY uuid", arguments: [lower, upper]
        )
        switch prefix.resolve(matches) {
        case .unique(let id): return id
        case .ambiguous(let count): throw BudsError.ambiguousReference(reference, matches: count)
        case .none: break
        }
        throw BudsError.memoryNotFound(reference)
    }
}
