import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore

struct Contexts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the contexts in use, most people first.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let contexts = try await global.services().people.contexts()
        if global.json {
            return try TerminalOutput.json(contexts)
        }
        guard !contexts.isEmpty else {
            print("No contexts yet. Add one with: remember add --name NAME --context \"where you met\"")
            return
        }
        TerminalOutput.table(["CONTEXT", "PEOPLE"], contexts.map { [$0.name, String($0.count)] })
    }
}
