public import Foundation
public import GRDB
public import Logging
import SQLiteStorage
import Storage

/// A Remember store folder, wired: `remember.sqlite` (people and their review schedule),
/// `sketches/` and `photos/`. Opening creates whatever is missing. This is the seed's app-level
/// composition: every service is built here once and handed to the view models.
public struct RememberServices: Sendable {
    public let directory: URL
    public let scheduler: SchedulerKind
    public let files: FileService
    public let people: PersonService
    public let reviews: ReviewService
    public let sketches: SketchService
    public let contacts: ContactExchangeService

    /// Opens (or creates) the store in `directory`.
    ///
    /// - Parameter scheduler: the scheduler to use from now on; it is remembered in the store,
    ///   so later opens without one keep it. `nil` uses the remembered one (SM-2 at first).
    /// - Parameter logger: from the caller (the executable makes the one logger), handed to
    ///   every service.
    public static func open(
        at directory: URL, scheduler: SchedulerKind? = nil, logger: Logger
    ) throws -> RememberServices {
        let database = try DatabaseOpener.openFile(
            at: directory.appendingPathComponent("remember.sqlite"), migrator: RememberSchema.migrator
        )
        FileService(directory: directory).removeAbandonedStagingFolders()
        return try RememberServices(directory: directory, database: database, scheduler: scheduler, logger: logger)
    }

    /// Wires the services on an already opened, migrated database (tests use an in-memory one).
    public init(
        directory: URL, database: any DatabaseWriter, scheduler: SchedulerKind? = nil, logger: Logger
    ) throws {
        self.directory = directory
        let kind = try Self.scheduler(scheduler, in: database)
        self.scheduler = kind
        let files = FileService(directory: directory)
        let sketches = SketchService(files: files)
        let people = PersonService(database: database, files: files, sketches: sketches, logger: logger)
        self.files = files
        self.sketches = sketches
        self.people = people
        self.reviews = ReviewService(database: database, scheduler: kind, logger: logger)
        self.contacts = ContactExchangeService(people: people, files: files)
    }

    /// The scheduler asked for (then remembered), or the remembered one, or SM-2.
    private static func scheduler(_ requested: SchedulerKind?, in database: any DatabaseWriter) throws -> SchedulerKind {
        try database.write { db in
            if let requested {
                try db.execute(
                    sql: "INSERT INTO app_settings (key, value) VALUES ('scheduler', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [requested.rawValue]
                )
                return requested
            }
            guard let stored = try String.fetchOne(db, sql: "SELECT value FROM app_settings WHERE key = 'scheduler'") else {
                return .sm2
            }
            guard let kind = SchedulerKind(rawValue: stored) else {
                throw RememberError.storeFailed(reason: "the stored scheduler \(stored) is unknown")
            }
            return kind
        }
    }
}
