import ArgumentParser
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
            Exit status: 0 on success, 1 on a failure (the reason is on stderr), 2 on a usage error.
            """,
        subcommands: [Drop.self, List.self, Near.self, Show.self, Delete.self, Walk.self, Sync.self, GeohashCommand.self]
    )

    /// Runs the command with the exit codes DESIGN.md sets: usage errors exit 2 (not
    /// ArgumentParser's 64), failures exit 1 with a one-line reason on stderr.
    static func main() async {
        LogSetup.bootstrap()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(for: error)
        }
    }

    private static func exit(for error: any Error) -> Never {
        if let exitCode = error as? ExitCode {
            Foundation.exit(exitCode.rawValue)
        }
        switch exitCode(for: error) {
        case .success:
            print(fullMessage(for: error))
            Foundation.exit(0)
        case .validationFailure:
            Output.standardError(fullMessage(for: error))
            Foundation.exit(2)
        default:
            Output.error(error)
            Foundation.exit(1)
        }
    }
}
