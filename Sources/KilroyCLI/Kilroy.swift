import ArgumentParser
import CommandLineKit
import Foundation

/// `kilroy`: leave photo memories at places and find them again, from a terminal. Commands
/// parse, call KilroyCore's services and view models, and print; no Kilroy logic lives here.
@main
struct Kilroy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kilroy",
        abstract: "Leave a photo memory at a place; find it again when you come back.",
        discussion: """
            Memories live in --store DIR, or $KILROY_HOME, or ~/.local/share/kilroy; it is created on first use.
            With --cloud URL (an app-server) drops are uploaded and near also lists other people's kilroys;
            without it, drops wait in the upload queue until `kilroy sync --cloud URL`.
            \(CommandRunner.exitStatusHelp)
            """,
        subcommands: [Drop.self, List.self, Near.self, Show.self, Delete.self, Walk.self, Sync.self, GeohashCommand.self]
    )

    /// Runs the command with the package's exit codes (0, 1 with a reason, 2 on usage errors).
    static func main() async {
        await CommandRunner.main(Self.self, program: Self.name, logLevelVariable: "KILROY_LOG_LEVEL")
    }
}

/// What the shared `--store`/`--now` group needs to know: the store defaults to
/// `$KILROY_HOME`, else `~/.local/share/kilroy`.
extension Kilroy: CommandLineApp {
    static var name: String { "kilroy" }
}
