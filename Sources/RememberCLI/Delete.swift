import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore

struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Delete a person, their sketch and photo.")

    @Argument(help: "The person's id (or its first 4+ characters).") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let person = try await services.people.find(id)
        try await remove(person, services)
        if global.json {
            return try TerminalOutput.json(DeletedOutput(id: person.id.uuidString.lowercased(), name: person.name))
        }
        print("Deleted \(person.name) (\(TextFormat.shortID(person.id))).")
    }

    @MainActor
    private func remove(_ person: Person, _ services: RememberServices) async throws {
        let home = HomeViewModel(personService: services.people, reviewService: services.reviews, now: global.clock)
        await home.deletePerson(person)
        if let error = home.error { throw error }
    }
}

private struct DeletedOutput: Encodable {
    let id: String
    let name: String
    let deleted = true
}
