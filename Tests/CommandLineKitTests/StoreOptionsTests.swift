import ArgumentParser
import CommandLineKit
import Foundation
import Testing

private enum SampleApp: CommandLineApp {
    static var name: String { "sample" }
}

@Suite("The --store and --now options every app shares")
struct StoreOptionsTests {
    @Test("--store names the folder; --now fixes the clock")
    func parsed() throws {
        let options = try StoreOptions<SampleApp>.parse(["--store", "/tmp/sample-store", "--now", "2026-05-01T09:30:00Z"])
        #expect(options.directory.path == "/tmp/sample-store")
        #expect(options.clock() == Date(timeIntervalSince1970: 1_777_627_800))
    }

    @Test("without --now the clock is the real time")
    func realClock() throws {
        let options = try StoreOptions<SampleApp>.parse([])
        let before = Date()
        let now = options.clock()
        #expect(now >= before && now <= Date())
    }

    @Test("the help names the app's variable and default folder")
    func help() {
        let help = StoreOptions<SampleApp>.helpMessage()
        #expect(help.contains("$SAMPLE_HOME") && help.contains("~/.local/share/sample"))
        #expect(SampleApp.homeVariable == "SAMPLE_HOME" && SampleApp.storeNoun == "store")
    }

    @Test("a --now that is no date is refused")
    func badNow() {
        #expect(throws: (any Error).self) { try StoreOptions<SampleApp>.parse(["--now", "yesterday"]) }
    }
}
