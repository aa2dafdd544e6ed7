import ArgumentParser
import Testing

@testable import CommandLineKit

/// Guards issue 13: `--lat -33.9` was a usage error ("Missing value") in every command line;
/// a negative number must be accepted as an option's value without `=`.
@Suite("Negative numbers as option values")
struct NegativeNumberArgumentsTests {
    private struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tool", subcommands: [Place.self, Note.self])
    }

    private struct Place: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "place", aliases: ["p"])
        @Option var lat: Double
        @Option var lon: Double
        @Option(name: .customLong("fee-bps")) var feeBps = 0
        @Option var label: String?
        @Flag var json = false
        @Option var tag: [String] = []
    }

    private struct Note: ParsableCommand {
        @Argument var text: String
        @Flag var json = false
    }

    private func rewrite(_ arguments: [String]) throws -> [String] {
        try #require(NegativeNumberArguments(Root.self)).rewrite(arguments)
    }

    @Test(
        "a negative number after an option that takes a value is joined with =",
        arguments: [
            "-33.9", "-5", "-1e3", "-.5", "-0", "-5C",
        ])
    func joinsNumberShapedValues(_ value: String) throws {
        #expect(try rewrite(["place", "--lat", value, "--lon", "1"]) == ["place", "--lat=\(value)", "--lon", "1"])
    }

    @Test("the rewritten arguments parse, and without the rewrite they do not")
    func rewrittenArgumentsParse() throws {
        let typed = ["place", "--lat", "-33.9", "--lon", "-70.6", "--fee-bps", "-5"]
        #expect(throws: (any Error).self) { _ = try Root.parseAsRoot(typed) }
        let parsed = try #require(try Root.parseAsRoot(try rewrite(typed)) as? Place)
        #expect(parsed.lat == -33.9)
        #expect(parsed.lon == -70.6)
        #expect(parsed.feeBps == -5)
    }

    @Test("an alias of a subcommand is followed too")
    func aliasIsFollowed() throws {
        #expect(try rewrite(["p", "--lat", "-1", "--lon", "2"]) == ["p", "--lat=-1", "--lon", "2"])
    }

    @Test("flags, positionals, joined values and words that merely start with a dash are left alone")
    func leavesOtherTokensAlone() throws {
        // A flag takes no value: joining would turn one error into another.
        #expect(try rewrite(["place", "--json", "-5"]) == ["place", "--json", "-5"])
        // Already joined.
        #expect(try rewrite(["place", "--lat=-5", "--lon", "1"]) == ["place", "--lat=-5", "--lon", "1"])
        // Not number-shaped: an option name, a word.
        #expect(try rewrite(["place", "--label", "-x", "--lat", "-1"]) == ["place", "--label", "-x", "--lat=-1"])
        #expect(try rewrite(["place", "--label", "--lat", "-1"]) == ["place", "--label", "--lat=-1"])
        // An option of another subcommand is not this one's.
        #expect(try rewrite(["note", "--lat", "-1"]) == ["note", "--lat", "-1"])
    }

    @Test("an option's ordinary value is never read as a subcommand or an option")
    func valuesAreSkipped() throws {
        #expect(try rewrite(["place", "--label", "place", "--lat", "-2"]) == ["place", "--label", "place", "--lat=-2"])
    }

    @Test("nothing after -- is rewritten")
    func terminatorStopsRewriting() throws {
        #expect(try rewrite(["place", "--lat", "-1", "--", "--lon", "-2"]) == ["place", "--lat=-1", "--", "--lon", "-2"])
    }

    @Test("a number-shaped token that a declared short name could mean is not joined")
    func declaredDigitShortNameWins() {
        let root = NegativeNumberArguments.Command(
            names: ["tool"], valueOptions: ["lat"], shortNames: ["5"], subcommands: []
        )
        #expect(NegativeNumberArguments(root: root).rewrite(["--lat", "-5"]) == ["--lat", "-5"])
        #expect(NegativeNumberArguments(root: root).rewrite(["--lat", "-4"]) == ["--lat=-4"])
    }

    @Test(
        "number shapes",
        arguments: [
            ("-33.9", true), ("-5", true), ("-.5", true), ("-1e3", true), ("-", false), ("--5", false), ("-x", false),
            ("-.", false), ("-.x", false), ("5", false), ("", false),
        ])
    func numberShapes(_ token: String, _ expected: Bool) {
        #expect(NegativeNumberArguments.isNegativeNumber(token) == expected)
    }

    @Test("a repeated option takes a negative value each time")
    func repeatedOption() throws {
        #expect(try rewrite(["place", "--tag", "-1", "--tag", "-2"]) == ["place", "--tag=-1", "--tag=-2"])
    }
}
