import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List people, most recently met first.")

    @Option(help: "Only people matching these words (name, context, keywords, ramble; accents and case ignored).")
    var search: String?
    @Option(help: "Only people met in this context.") var context: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let people = try await load(services)
        let now = global.clock()
        if global.json {
            return try TerminalOutput.json(people.map { PersonOutput($0, files: services.files, now: now) })
        }
        if people.isEmpty {
            print(
                search == nil && context == nil
                    ? "Nobody yet. Add someone with: remember add --name NAME --ramble \"what they look like\""
                    : "Nobody matches.")
            return
        }
        Output.peopleTable(people, now: now)
    }

    @MainActor
    private func load(_ services: RememberServices) async throws -> [Person] {
        let home = HomeViewModel(personService: services.people, reviewService: services.reviews, now: global.clock)
        home.searchText = search ?? ""
        home.selectedContext = context
        await home.loadPeople()
        if let error = home.error { throw error }
        return home.people
    }
}
