public import ArgumentParser
import Foundation
import Logging
import Observability

/// Runs a root command the way every executable of this package behaves, so that scripts can
/// rely on one convention whatever the app: exit 0 on success, 1 on a failure with a one-line
/// reason on stderr, 2 on a usage error (ArgumentParser alone would exit 64). Negative numbers
/// are accepted as option values without `=` (`--lat -33.9`), in every command.
public enum CommandRunner {
    /// Parses the process arguments, runs the chosen (sub)command and exits.
    ///
    /// - Parameters:
    ///   - command: the root command type.
    ///   - program: the name that prefixes failure messages (`kilroy: …`).
    ///   - logLevelVariable: an environment variable that may raise logging above `warning`
    ///     (`BUDS_LOG_LEVEL=debug`); logs go to stderr through the redacting handler. `nil` for a
    ///     command that sets logging up itself.
    public static func main<Command: ParsableCommand>(
        _ command: Command.Type, program: String, logLevelVariable: String?
    ) async -> Never {
        if let logLevelVariable {
            let level = ProcessInfo.processInfo.environment[logLevelVariable].flatMap(Logger.Level.init(rawValue:))
            LoggingSetup.bootstrap(level: level ?? .warning, redacting: true)
        }
        do {
            var parsed = try Command.parseAsRoot(arguments(for: command))
            if var asyncCommand = parsed as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try parsed.run()
            }
            Foundation.exit(0)
        } catch {
            exit(for: error, command: command, program: program)
        }
    }

    /// The process arguments, with negative numbers joined to the options they are values of
    /// (see ``NegativeNumberArguments``).
    static func arguments<Command: ParsableCommand>(for command: Command.Type) -> [String] {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Describing the command tree costs a few milliseconds; most runs have nothing to join.
        guard arguments.contains(where: NegativeNumberArguments.isNegativeNumber) else { return arguments }
        return NegativeNumberArguments(command)?.rewrite(arguments) ?? arguments
    }

    private static func exit<Command: ParsableCommand>(
        for error: any Error, command: Command.Type, program: String
    ) -> Never {
        if let exitCode = error as? ExitCode {
            Foundation.exit(exitCode.rawValue)
        }
        switch Command.exitCode(for: error) {
        case .success:
            print(Command.fullMessage(for: error))
            Foundation.exit(0)
        case .validationFailure:
            TerminalOutput.standardError(Command.fullMessage(for: error))
            Foundation.exit(2)
        default:
            TerminalOutput.failure(error, program: program)
            Foundation.exit(1)
        }
    }
}
