import ArgumentParser
import CommandLineKit
import Foundation
import Logging
import UmiLogCore

/// The options every command takes: the store, JSON output, display units and the clock.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The store folder (default: $UMILOG_HOME or ~/.local/share/umilog).")
    var store: String?

    @OptionGroup var output: JSONOutputFlag<SIUnitsJSONHelp>

    /// Whether `--json` was given.
    var json: Bool { output.json }

    @Option(name: .long, help: "Units to show: metric or imperial.")
    var units: UnitSystem = .metric

    @Option(name: .long, help: "Use this time as now (ISO 8601 date or date-time).")
    var now: DateTimeArgument?

    var directory: URL {
        StoreDirectory.resolve(option: store, environmentVariable: "UMILOG_HOME", appName: "umilog")
    }

    /// What `--now` says, else the real time.
    var clock: @Sendable () -> Date {
        if let fixed = now?.date { return { fixed } }
        return Date.init
    }

    func services() async throws -> UmiLogServices {
        try await UmiLogServices.open(at: directory, now: clock, logger: Logger(label: "umilog"))
    }

    /// The store when it exists, else an in-memory one seeded like a new store; creates nothing.
    func previewServices() async throws -> UmiLogServices {
        try await UmiLogServices.openForPreview(at: directory, now: clock, logger: Logger(label: "umilog"))
    }
}

// UmiLogCore does not know ArgumentParser; only this executable reads these from flags.
extension UnitSystem: ExpressibleByArgument {}
extension CurrentStrength: ExpressibleByArgument {}
extension SiteStatus: ExpressibleByArgument {}

/// UmiLog's JSON is in SI units whatever `--units` says, so scripts need not convert back.
enum SIUnitsJSONHelp: JSONOutputHelp {
    static var text: String { "Print machine-readable JSON (SI units)." }
}
