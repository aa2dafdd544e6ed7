import ArgumentParser
import CommandLineKit
import Foundation

/// `umilog`: an offline-first dive log with the world's dive sites and species. Commands render
/// state and forward actions to the services of UmiLogCore; no app logic lives here.
@main
struct UmiLog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "umilog",
        abstract: "Log dives, find dive sites and species, and see your diving stats — all offline.",
        discussion: """
            The store lives in --store DIR, or $UMILOG_HOME, or ~/.local/share/umilog; it is created on first use \
            and seeded with the shipped dive sites and species.
            Values are stored in SI units. Options take metric numbers, or a number with its unit \
            (--depth 82ft, --temp 80F, --start-pressure 3000psi); --units imperial changes what is shown.
            \(CommandRunner.exitStatusHelp)
            """,
        subcommands: [
            Sites.self, SpeciesCommand.self, Log.self, Quick.self, List.self, Show.self, Edit.self, Delete.self,
            Stats.self, Voice.self, Seed.self, Import.self, Export.self, Page.self, Sign.self, Verify.self, Keygen.self, Pipeline.self,
            Account.self, Sync.self, Conflicts.self, Trash.self, Backup.self, Restore.self, Gas.self, Plan.self,
        ]
    )

    static func main() async {
        await CommandRunner.main(Self.self, program: "umilog", logLevelVariable: "UMILOG_LOG_LEVEL")
    }
}
