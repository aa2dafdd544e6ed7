import ArgumentParser
import CommandLineKit
import Foundation
import Logging
import RememberCore

/// The options every command takes: the store, JSON output, the clock and the scheduler.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The store folder (default: $REMEMBER_HOME or ~/.local/share/remember).")
    var store: String?

    @OptionGroup var output: JSONOutputOption

    /// Whether `--json` was given.
    var json: Bool { output.json }

    @Option(name: .long, help: "Use this time as now (ISO 8601 date or date-time, e.g. 2026-12-01 or 2026-12-01T09:30:00Z).")
    var now: DateTimeArgument?

    @Option(name: .long, help: "The review scheduler: sm2 (the default) or fsrs. Remembered by the store once given.")
    var scheduler: SchedulerKind?

    var directory: URL {
        StoreDirectory.resolve(option: store, environmentVariable: "REMEMBER_HOME", appName: "remember")
    }

    /// What `--now` says, else the real time.
    var clock: @Sendable () -> Date {
        if let fixed = now?.date { return { fixed } }
        return Date.init
    }

    func services() throws -> RememberServices {
        try RememberServices.open(at: directory, scheduler: scheduler, logger: Logger(label: "remember"))
    }
}

// RememberCore does not know ArgumentParser; only this executable reads a scheduler from a flag.
extension SchedulerKind: ExpressibleByArgument {}
