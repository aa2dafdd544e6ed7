import ArgumentParser
import CommandLineKit
import Testing

@Suite("Options and help text shared by the command lines")
struct CommandOptionsTests {
    @Test func jsonFlagIsOffUnlessGiven() throws {
        #expect(try JSONOutputOption.parse([]).json == false)
        #expect(try JSONOutputOption.parse(["--json"]).json == true)
    }

    private enum MetresJSONHelp: JSONOutputHelp {
        static var text: String { "Print machine-readable JSON (in metres)." }
    }

    @Test func jsonFlagShowsTheHelpTextItIsGiven() throws {
        #expect(JSONOutputFlag<MetresJSONHelp>.helpMessage(columns: 200).contains("(in metres)"))
        #expect(!JSONOutputOption.helpMessage(columns: 200).contains("(in metres)"))
        #expect(try JSONOutputFlag<MetresJSONHelp>.parse(["--json"]).json == true)
    }

    @Test func exitStatusHelpNamesTheThreeCodes() {
        for code in ["0 on success", "1 on a failure", "2 on a usage error"] {
            #expect(CommandRunner.exitStatusHelp.contains(code))
        }
    }
}
