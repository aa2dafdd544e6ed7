public import Foundation
import GRDB
public import Logging
import SQLiteStorage
import Storage

extension UmiLogServices {
    /// Whether `directory` holds a store (its database file exists).
    public static func storeExists(at directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("umilog.sqlite").path)
    }

    /// Services for a preview that must write nothing: the store in `directory` when there is
    /// one, else a private in-memory store seeded as a new store would be, so a dry run into a
    /// folder that does not exist yet shows what a real import would do there (shipped sites
    /// matched, everything else new) without creating the folder, the database or its seed.
    public static func openForPreview(
        at directory: URL, timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) async throws(UmiLogError) -> UmiLogServices {
        if storeExists(at: directory) {
            return try await open(at: directory, timeZone: timeZone, now: now, logger: logger)
        }
        let database: any DatabaseWriter
        do {
            database = try DatabaseOpener.openInMemory(migrator: UmiLogSchema.migrator)
        } catch {
            throw .storeFailed(reason: error.localizedDescription)
        }
        let services = UmiLogServices(directory: directory, database: database, timeZone: timeZone, logger: logger)
        try await services.seedIfNeeded(at: now())
        return services
    }
}
