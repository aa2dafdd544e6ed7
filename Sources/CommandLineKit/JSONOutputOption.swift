public import ArgumentParser

/// What `--json` says in a command's help beyond "Print machine-readable JSON", e.g. the units
/// its numbers are in. A CLI whose JSON needs such a note names it with a type of its own.
public protocol JSONOutputHelp {
    static var text: String { get }
}

/// The plain help text, for JSON that needs no note.
public enum PlainJSONOutputHelp: JSONOutputHelp {
    public static var text: String { "Print machine-readable JSON." }
}

/// `--json`, for commands that print either aligned text or machine-readable JSON, with the help
/// text `Help` gives. Include it with `@OptionGroup var output: JSONOutputFlag<…>`.
public struct JSONOutputFlag<Help: JSONOutputHelp>: ParsableArguments, Sendable {
    @Flag(name: .long, help: ArgumentHelp(Help.text))
    public var json = false

    public init() {}
}

/// `--json` with the plain help text; most commands want this one.
public typealias JSONOutputOption = JSONOutputFlag<PlainJSONOutputHelp>
