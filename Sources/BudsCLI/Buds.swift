import ArgumentParser
import BudsCore
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
            Exit status: 0 on success, 1 on a failure (the reason is on stderr), 2 on a usage error.
            """,
        subcommands: [
            Init.self, Add.self, List.self, Show.self, Edit.self, Delete.self, Favorite.self, History.self,
            Verify.self, ReceiptCommand.self, Stats.self, Export.self, Import.self,
        ]
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
