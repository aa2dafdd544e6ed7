public import ArgumentParser
import CommandLineKit
import Foundation
import Logging
import UmiLogCore

/// The options every command takes: the store and the clock (the shared `StoreOptions`), JSON
/// output and display units.
struct GlobalOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions<UmiLog>

    @OptionGroup var output: JSONOutputFlag<SIUnitsJSONHelp>

    /// Whether `--json` was given.
    var json: Bool { output.json }

    @Option(name: .long, help: "Units to show: metric or imperial.")
    var units: UnitSystem = .metric

    func services() async throws -> UmiLogServices {
        try await UmiLogServices.open(at: storeOptions.directory, now: storeOptions.clock, logger: UmiLog.logger())
    }

    /// The store when it exists, else an in-memory one seeded like a new store; creates nothing.
    func previewServices() async throws -> UmiLogServices {
        try await UmiLogServices.openForPreview(at: storeOptions.directory, now: storeOptions.clock, logger: UmiLog.logger())
    }
}

/// The store's folder is `~/.local/share/umilog` or `$UMILOG_HOME`.
extension UmiLog: CommandLineApp {
    static var name: String { "umilog" }

    /// The one place `umilog` makes a logger: the libraries it drives take theirs from here.
    static func logger(_ component: String? = nil) -> Logger {
        Logger(label: component.map { "umilog.\($0)" } ?? "umilog")
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
