public import Foundation
public import GRDB
public import Identity
public import Logging
public import OpenAPIRuntime
import Receipts
import SQLiteStorage
public import Storage

/// Buds' composition root: a journal on disk, wired to its services. The store folder holds
/// `buds.sqlite`, `keys/` (the identity, one 0600 file per key) and `blobs/` (photos by CID).
/// Opening creates whatever is missing.
public struct BudsServices: Sendable {
    public let directory: URL
    public let identity: Identity
    /// Whether opening created the identity (a new journal).
    public let createdIdentity: Bool
    public let deviceId: UUID
    public let repository: MemoryRepository
    public let manager: ReceiptManager
    public let verifier: JournalVerifier
    public let insights: InsightsService
    public let archive: ArchiveService
    /// Sharing with circles through a relay.
    public let circles: CircleService
    /// The journal's clock: new receipts are signed at its time, and the view models on top
    /// check claimed session times against it (a fixed time for reproducible runs and tests).
    public let now: @Sendable () -> Date

    /// Opens (or creates) the journal in `directory`. `logger` is the caller's (the executable
    /// makes the one logger; tests pass their own): library code never makes one.
    public static func open(
        at directory: URL,
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) throws -> BudsServices {
        // Every folder of the journal is private (0700), whatever the umask; the key folder is
        // made so by the key store.
        try PrivateDirectory.create(at: directory)
        let keyStore = FileKeyStore(directory: directory.appendingPathComponent("keys", isDirectory: true))
        let (identity, created) = try IdentityStore.loadOrCreate(from: keyStore)
        let database = try DatabaseOpener.openFile(
            at: directory.appendingPathComponent(databaseFileName), migrator: BudsSchema.migrator
        )
        let blobFolder = directory.appendingPathComponent("blobs", isDirectory: true)
        try PrivateDirectory.create(at: blobFolder)
        let blobs = try BlobStore(directory: blobFolder)
        return try BudsServices(
            directory: directory, identity: identity, createdIdentity: created, database: database, blobs: blobs,
            keyStore: keyStore, now: now, logger: logger
        )
    }

    /// The database's file name inside the journal folder.
    static let databaseFileName = "buds.sqlite"

    /// Whether `directory` holds a journal's database already.
    public static func exists(at directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(databaseFileName).path)
    }

    /// Imports an archive into the journal in `directory`, creating the journal only when the
    /// archive is accepted: a refused archive leaves a new folder absent (or exactly as it was),
    /// with no database and no identity made for nothing.
    ///
    /// For a folder without a journal, the archive is first verified completely as an import
    /// into an empty journal would be (see ``ArchiveService/verifyForNewJournal(_:)``); an
    /// existing journal verifies it against what it holds, as ever.
    /// - Throws: `BudsError.archiveRejected`, or an error opening the journal.
    public static func importArchive(
        _ data: Data,
        into directory: URL,
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) async throws -> (journal: BudsServices, summary: ImportSummary) {
        if !exists(at: directory) {
            try await ArchiveService.verifyForNewJournal(data)
        }
        let journal = try open(at: directory, now: now, logger: logger)
        let summary = try await journal.archive.importArchive(data)
        return (journal, summary)
    }

    /// Wires a journal on an already opened database (tests use an in-memory one).
    ///
    /// - Parameters:
    ///   - keyStore: where the journal's secrets live (the relay credential, a pending device
    ///     link's key, the identity once a link replaces it); memory by default.
    ///   - relayTransport: how the relay client's requests travel (URLSession by default).
    public init(
        directory: URL,
        identity: Identity,
        createdIdentity: Bool = false,
        database: any DatabaseWriter,
        blobs: BlobStore,
        keyStore: any KeyStore = InMemoryKeyStore(),
        relayTransport: (any ClientTransport)? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) throws {
        self.directory = directory
        self.identity = identity
        self.createdIdentity = createdIdentity
        self.now = now
        self.deviceId = try Self.deviceId(in: database)
        let manager = ReceiptManager(
            database: database, signer: ReceiptSigner(identity: identity, deviceId: deviceId), blobs: blobs,
            now: now, logger: logger
        )
        self.manager = manager
        self.repository = MemoryRepository(database: database, manager: manager, blobs: blobs)
        self.verifier = JournalVerifier(database: database)
        self.insights = InsightsService(database: database)
        self.archive = ArchiveService(database: database, blobs: blobs, now: now, logger: logger)
        self.circles = CircleService(
            database: database, blobs: blobs, keyStore: keyStore, identity: identity, deviceId: deviceId, now: now, logger: logger,
            transport: relayTransport)
    }

    /// This device's id, made once and kept in `app_settings`.
    private static func deviceId(in database: any DatabaseWriter) throws -> UUID {
        try database.write { db in
            if let stored = try String.fetchOne(db, sql: "SELECT value FROM app_settings WHERE key = 'device_id'") {
                guard let id = UUID(uuidString: stored) else {
                    throw BudsError.corruptStore("the device id \(stored) is not a UUID")
                }
                return id
            }
            let id = UUID()
            try db.execute(
                sql: "INSERT INTO app_settings (key, value) VALUES ('device_id', ?)", arguments: [id.uuidString.lowercased()]
            )
            return id
        }
    }
}
