import ArgumentParser
import BudsCore
import Foundation

/// Where the journal lives; shared by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The journal folder (default: $BUDS_HOME or ~/.local/share/buds).")
    var store: String?

    var directory: URL {
        if let store { return URL(fileURLWithPath: (store as NSString).expandingTildeInPath, isDirectory: true) }
        if let home = ProcessInfo.processInfo.environment["BUDS_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: (home as NSString).expandingTildeInPath, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".local/share/buds", isDirectory: true)
    }

    func openJournal() throws -> BudsJournal {
        try BudsJournal.open(at: directory, logger: LogSetup.logger)
    }
}

/// `--json` on read commands.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false
}
