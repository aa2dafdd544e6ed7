public import ArgumentParser
import Foundation

/// Lets a negative number be an option's value without `=`: `--lat -33.9` becomes `--lat=-33.9`
/// before ArgumentParser sees it.
///
/// ArgumentParser reads any token that starts with `-` as an option name, so with its default
/// parsing `--lat -33.9` fails with "Missing value for '--lat <lat>'". A coordinate, a temperature
/// or a fee is negative often enough that every command line of this package must accept it the
/// way people type it. Joining is safe because it only happens when
/// - the token before is a long option of the command being run (or one of its parents) that
///   takes a value, written without `=`; flags and positionals are never touched; and
/// - the token is number-shaped: `-` then a digit, or `-.` then a digit (`-33.9`, `-5`, `-1e3`,
///   `-.5`, also with a unit such as `-5C`); and no command on the way declares a short name
///   that such a token could mean (none here does: short names are letters).
///
/// Nothing after a `--` terminator is rewritten.
public struct NegativeNumberArguments: Sendable {
    /// Long option names (without dashes) that take a value, per command, and the commands
    /// below each one.
    struct Command: Sendable, Equatable {
        var names: [String]
        var valueOptions: Set<String>
        var shortNames: Set<Character>
        var subcommands: [Command]
    }

    let root: Command

    /// The rewriter for a root command, from the argument definitions ArgumentParser reports for
    /// it (its versioned tool description). `nil` when that description cannot be read, in
    /// which case arguments are passed on unchanged.
    public init?<Root: ParsableCommand>(_ command: Root.Type) {
        guard let root = Self.describe(command._dumpHelp()) else { return nil }
        self.root = root
    }

    init(root: Command) {
        self.root = root
    }

    /// `arguments` (without the program name) with every negative-number value joined to the
    /// option before it.
    public func rewrite(_ arguments: [String]) -> [String] {
        // The common case costs one scan: nothing to join.
        guard arguments.contains(where: Self.isNegativeNumber) else { return arguments }
        var stack = [root]
        var result: [String] = []
        result.reserveCapacity(arguments.count)
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let token = arguments[index]
            if token == "--" {
                result.append(contentsOf: arguments[index...])
                break
            }
            if let name = Self.longOptionName(token), stack.contains(where: { $0.valueOptions.contains(name) }) {
                let next = index + 1
                if next < arguments.endIndex, Self.isNegativeNumber(arguments[next]),
                    !stack.contains(where: { $0.shortNames.contains(Self.shortCandidate(arguments[next])) })
                {
                    result.append(token + "=" + arguments[next])
                    index = next + 1
                    continue
                }
                // Its value, if it has one here, is the next token; it is never a subcommand.
                result.append(token)
                if next < arguments.endIndex, !arguments[next].hasPrefix("-") {
                    result.append(arguments[next])
                    index = next + 1
                } else {
                    index = next
                }
                continue
            }
            if !token.hasPrefix("-"), let child = stack.last?.subcommands.first(where: { $0.names.contains(token) }) {
                stack.append(child)
            }
            result.append(token)
            index += 1
        }
        return result
    }

    /// Whether `token` is `-` followed by a digit, or by `.` and a digit.
    public static func isNegativeNumber(_ token: String) -> Bool {
        let scalars = Array(token.unicodeScalars.prefix(3))
        guard scalars.count >= 2, scalars[0] == "-" else { return false }
        if isDigit(scalars[1]) { return true }
        return scalars.count == 3 && scalars[1] == "." && isDigit(scalars[2])
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The short option a number-shaped token would name if some command declared it (`-5` → `5`).
    private static func shortCandidate(_ token: String) -> Character {
        token.dropFirst().first ?? "-"
    }

    /// `lat` for `--lat`; nil for `--lat=1`, short options and anything else.
    private static func longOptionName(_ token: String) -> String? {
        guard token.hasPrefix("--"), token.count > 2, !token.contains("=") else { return nil }
        return String(token.dropFirst(2))
    }

    // MARK: Reading ArgumentParser's description

    /// The parts of ArgumentParser's tool description (`ToolInfoV0`, serialization version 0)
    /// this needs.
    private struct ToolInfo: Decodable {
        let serializationVersion: Int
        let command: CommandInfo
    }

    private struct CommandInfo: Decodable {
        let commandName: String
        let aliases: [String]?
        let subcommands: [CommandInfo]?
        let arguments: [ArgumentInfo]?
    }

    private struct ArgumentInfo: Decodable {
        let kind: String
        let names: [NameInfo]?
    }

    private struct NameInfo: Decodable {
        let kind: String
        let name: String
    }

    static func describe(_ json: String) -> Command? {
        guard let info = try? JSONDecoder().decode(ToolInfo.self, from: Data(json.utf8)), info.serializationVersion == 0
        else { return nil }
        return command(info.command)
    }

    private static func command(_ info: CommandInfo) -> Command {
        var valueOptions = Set<String>()
        var shortNames = Set<Character>()
        for argument in info.arguments ?? [] {
            for name in argument.names ?? [] {
                switch name.kind {
                case "long" where argument.kind == "option":
                    valueOptions.insert(name.name)
                case "short", "longWithSingleDash":
                    // A single-dash name could be what a number-shaped token means; keep its
                    // first character so such a token is never joined.
                    if let first = name.name.first { shortNames.insert(first) }
                default:
                    break
                }
            }
        }
        return Command(
            names: [info.commandName] + (info.aliases ?? []), valueOptions: valueOptions, shortNames: shortNames,
            subcommands: (info.subcommands ?? []).map(command)
        )
    }
}
