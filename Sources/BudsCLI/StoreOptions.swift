import ArgumentParser
import CommandLineKit
import BudsCore
import Foundation

/// Where the journal lives; shared by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The journal folder (default: $BUDS_HOME or ~/.local/share/buds).")
    var store: String?

    var directory: URL {
        StoreDirectory.resolve(option: store, environmentVariable: "BUDS_HOME", appName: "buds")
    }

    func openJournal() throws -> BudsJournal {
        try BudsJournal.open(at: directory, logger: LogSetup.logger)
    }
}

/// `--json` on read commands: the flag every CLI shares.
typealias OutputOptions = JSONOutputOption
