public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a secret (a passphrase, a recovery code) the way a person expects: from an environment
/// variable when a script set one, else asked on the terminal with echo off. Never from a
/// command-line argument, which would land in the shell's history and in `ps`.
public enum SecretInput {
    public enum Failure: LocalizedError, Equatable, Sendable {
        /// No terminal to ask on, and the variable is not set.
        case noTerminal(variable: String)
        /// The terminal gave nothing.
        case empty(what: String)
        /// The two entries of a new secret differ.
        case mismatch(what: String)

        public var errorDescription: String? {
            switch self {
            case .noTerminal(let variable):
                "There is no terminal to ask on; set \(variable) to pass it from a script."
            case .empty(let what): "No \(what) was entered."
            case .mismatch(let what): "The two \(what)s differ; nothing was changed."
            }
        }
    }

    /// The secret from `variable`, or asked with `prompt` (on standard error, echo off).
    /// `confirm` asks twice, for a new secret.
    public static func read(
        variable: String, prompt: String, what: String, confirm: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Failure) -> String {
        if let value = environment[variable], !value.isEmpty { return value }
        guard isatty(STDIN_FILENO) == 1 else { throw .noTerminal(variable: variable) }
        let first = try ask(prompt, what: what)
        if confirm {
            let second = try ask("Again, to be sure: ", what: what)
            guard first == second else { throw .mismatch(what: what) }
        }
        return first
    }

    private static func ask(_ prompt: String, what: String) throws(Failure) -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var original = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        let line = readLine(strippingNewline: true)
        if hasTerminal {
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line, !line.isEmpty else { throw .empty(what: what) }
        return line
    }
}
