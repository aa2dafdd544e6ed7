import ArgumentParser
import CommandLineKit
import Foundation

/// `remember`: never forget the name of someone you met. Commands render state and forward
/// actions to the view models and services of RememberCore; no app logic lives here.
@main
struct Remember: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remember",
        abstract: "Remember the names of people you meet: a card per person, quizzed at growing intervals.",
        discussion: """
            The store lives in --store DIR, or $REMEMBER_HOME, or ~/.local/share/remember; it is created on first use.
            \(CommandRunner.exitStatusHelp)
            """,
        subcommands: [
            Add.self, List.self, Show.self, Delete.self, Due.self, Review.self, Sketch.self, Contexts.self,
            Import.self, Export.self,
        ]
    )

    /// Runs the command with the package's exit codes (0, 1 with a reason, 2 on usage errors).
    static func main() async {
        await CommandRunner.main(Self.self, program: "remember", logLevelVariable: "REMEMBER_LOG_LEVEL")
    }
}
