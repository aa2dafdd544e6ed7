import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore
import Validation

struct Due: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the people due for review, longest overdue first.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let now = global.clock()
        let people = try await services.reviews.dueQueue(at: now, limit: nil)
        if global.json {
            return try TerminalOutput.json(people.map { PersonOutput($0, files: services.files, now: now) })
        }
        guard !people.isEmpty else {
            print("Nobody is due. Well done.")
            return
        }
        print("\(Wording.counted(people.count, "person is", plural: "people are")) due. Start with: remember review")
        Output.peopleTable(people, now: now)
    }
}
