import Foundation
import GRDB
import Logging
import TestSupport

@testable import RememberCore

/// A real store in a fresh temporary folder: a SQLite file through GRDB, real files.
struct TemporaryStore {
    let directory: URL
    let services: RememberServices

    init(scheduler: SchedulerKind? = nil) throws {
        directory = ScratchFolder.url("remember-tests")
        services = try RememberServices.open(at: directory, scheduler: scheduler, logger: .test)
    }

    /// The store opened again, as the next launch of the app would.
    func reopened(scheduler: SchedulerKind? = nil) throws -> RememberServices {
        try RememberServices.open(at: directory, scheduler: scheduler, logger: .test)
    }

    func fileExists(_ relativePath: String?) -> Bool {
        guard let relativePath else { return false }
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent(relativePath).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

extension Date {
    /// 2026-11-23 10:00:00 UTC, the tests' "now".
    static let testNow = Date(timeIntervalSince1970: 1_795_428_000)

    func adding(days: Double) -> Date {
        addingTimeInterval(days * 86_400)
    }
}

extension Logger {
    /// The logger tests hand to the services, which take theirs from the caller.
    static let test = Logger(label: "test")
}
