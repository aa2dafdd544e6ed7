import ArgumentParser

/// `--json`, for commands that print either aligned text or machine-readable JSON. Include it
/// with `@OptionGroup var output: JSONOutputOption`.
public struct JSONOutputOption: ParsableArguments, Sendable {
    @Flag(name: .long, help: "Print machine-readable JSON.")
    public var json = false

    public init() {}
}
