public import Foundation
public import GRDB
import Identity
public import Logging
import SQLiteStorage
import Storage

/// An UmiLog store folder, wired: `umilog.sqlite` holds the sites, species and the log.
/// Opening creates and migrates the database and, on first launch, seeds the shipped dataset.
/// Every service is built here once and handed to the view models (no singletons).
public struct UmiLogServices: Sendable {
    public let directory: URL
    public let database: any DatabaseWriter
    public let sites: SiteRepository
    public let species: SpeciesRepository
    public let dives: DiveRepository
    public let events: DiveLogEvents
    public let saver: WizardSaver
    public let quickLog: QuickLog
    public let stats: StatsService
    /// The decompression model over the log: a dive's ceiling, a repetitive dive's start.
    public let deco: DecoHistory
    public let seeder: DatasetSeeder
    public let importer: LogbookImporter
    public let exporter: LogbookExporter
    public let signoffs: DiveSignoffs
    /// End-to-end encrypted sync's local half: the outbox, received changes, trash, conflicts.
    public let sync: SyncLog
    /// Sync with the diver's other devices through the sync server, and encrypted backups.
    public let syncing: SyncService
    /// The time zone dive times are shown and imported in.
    public let timeZone: TimeZone

    /// Opens (or creates) the store in `directory` and seeds it if it is not seeded yet.
    public static func open(
        at directory: URL, timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) async throws(UmiLogError) -> UmiLogServices {
        let database: any DatabaseWriter
        do {
            database = try DatabaseOpener.openFile(
                at: directory.appendingPathComponent("umilog.sqlite"), migrator: UmiLogSchema.migrator
            )
        } catch {
            throw .storeFailed(reason: error.localizedDescription)
        }
        let services = UmiLogServices(directory: directory, database: database, timeZone: timeZone, now: now, logger: logger)
        try await services.seedIfNeeded(at: now())
        return services
    }

    /// Wires the services on an already opened, migrated database (tests use an in-memory one).
    /// `now` is the wall clock the services stamp sync's changes with.
    public init(
        directory: URL, database: any DatabaseWriter, timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) {
        self.directory = directory
        self.database = database
        let cache = PopularSpeciesCache()
        let events = DiveLogEvents()
        let dives = DiveRepository(database: database, speciesCache: cache, now: now)
        let saver = WizardSaver(dives: dives, events: events, logger: logger)
        self.sites = SiteRepository(database: database, now: now)
        self.species = SpeciesRepository(database: database, cache: cache)
        self.dives = dives
        self.events = events
        self.saver = saver
        self.quickLog = QuickLog(dives: dives, saver: saver)
        self.stats = StatsService(database: database, timeZone: timeZone)
        self.deco = DecoHistory(dives: dives)
        self.seeder = DatasetSeeder(database: database, logger: logger)
        self.importer = LogbookImporter(
            database: database, events: events, speciesCache: cache, timeZone: timeZone, logger: logger
        )
        self.exporter = LogbookExporter(database: database, dives: dives, timeZone: timeZone)
        let keys = FileKeyStore(directory: directory.appendingPathComponent("keys"))
        let signoffs = DiveSignoffs(database: database, dives: dives, diverKeys: keys, logger: logger)
        self.signoffs = signoffs
        let sync = SyncLog(database: database, now: now)
        self.sync = sync
        self.syncing = SyncService(
            log: sync, keyring: SyncKeyring(store: keys), now: now, logger: logger, diverDID: { try signoffs.diverDID() })
        self.timeZone = timeZone
    }

    /// Loads the shipped sites and species unless this store already has them; decoding the
    /// bundled files is skipped entirely when it does, so a warm launch reads one row.
    public func seedIfNeeded(at now: Date) async throws(UmiLogError) {
        guard try await !seeder.isSeeded() else { return }
        try await seeder.seed(SeedDataset.bundled(), at: now)
    }
}
