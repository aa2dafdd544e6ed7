import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

/// `buds`: the Buds journal from a terminal. Commands render state and forward actions to the
/// view models and services of BudsCore; no journal logic lives here.
@main
struct Buds: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buds",
        abstract: "A private cannabis-session journal whose every entry is a signed, content-addressed receipt.",
        discussion: """
            The journal lives in --store DIR, or $BUDS_HOME, or ~/.local/share/buds; it is created on first use.
            \(CommandRunner.exitStatusHelp)
            """,
        subcommands: [
            Init.self, Add.self, List.self, Show.self, Edit.self, Delete.self, Favorite.self, History.self,
            Verify.self, ReceiptCommand.self, Stats.self, Export.self, Import.self, AccountCommand.self, DevicesCommand.self,
            CircleCommand.self, Share.self, Sync.self, SafetyNumberCommand.self,
        ]
    )

    /// Runs the command with the package's exit codes (0, 1 with a reason, 2 on usage errors).
    static func main() async {
        await CommandRunner.main(Self.self, program: "buds", logLevelVariable: "BUDS_LOG_LEVEL")
    }
}

/// `--store` and `--now` as every app takes them: the journal folder is `$BUDS_HOME` or
/// `~/.local/share/buds` by default.
extension Buds: CommandLineApp {
    static var name: String { "buds" }
    static var storeNoun: String { "journal" }
}

extension StoreOptions<Buds> {
    /// Opens (or creates) the journal in ``directory``, on ``clock``: `--now` is the time new
    /// receipts are signed at and sessions are checked against.
    func openJournal() throws -> BudsServices {
        try BudsServices.open(at: directory, now: clock, logger: LogSetup.logger)
    }
}
