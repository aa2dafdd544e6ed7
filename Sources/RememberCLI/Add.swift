import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add someone you just met: name, a ramble about them, where you met, a photo.",
        discussion: "The ramble is turned into keywords and an abstract sketch; the person is due for review at once."
    )

    @Option(help: "Their name.") var name: String
    @Option(help: "Where or how you met (e.g. \"Climbing gym\").") var context: String?
    @Option(help: "What you'd say about them: looks, job, where they're from, what they love.") var ramble: String?
    @Option(help: "A text file holding the ramble (e.g. a transcript).") var rambleFile: String?
    @Option(help: "A JPEG, PNG or HEIC photo of them.") var photo: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if ramble != nil, rambleFile != nil {
            throw ValidationError("ramble: give --ramble or --ramble-file, not both")
        }
    }

    func run() async throws {
        let services = try global.services()
        let person = try await addPerson(services)
        let now = global.clock()
        if global.json {
            return try TerminalOutput.json(PersonOutput(person, files: services.files, now: now))
        }
        print("Added \(person.name) (\(TextFormat.shortID(person.id))), \(Output.due(person, now: now)).")
        let descriptors = person.keywords.descriptors
        print("Keywords: \(descriptors.isEmpty ? "none" : descriptors.joined(separator: ", "))")
        if let sketch = person.sketchFile { print("Sketch: \(services.files.url(for: sketch).path)") }
    }

    /// Walks the add-person flow the app shows, step by step, stopping at the first problem.
    @MainActor
    private func addPerson(_ services: RememberServices) async throws -> Person {
        let flow = AddPersonViewModel(personService: services.people, now: global.clock)
        flow.name = name
        flow.continueFromName()
        try check(flow)
        flow.transcript = try rambleText()
        flow.continueFromRamble()
        try check(flow)
        await flow.continueFromSketch()
        flow.context = context ?? ""
        flow.continueFromContext()
        try check(flow)
        if let photo {
            flow.attachPhoto(at: HomeDirectory.fileURL(photo))
            try check(flow)
        }
        guard let person = await flow.save() else {
            throw flow.error ?? RememberError.storeFailed(reason: "the person was not saved")
        }
        return person
    }

    @MainActor
    private func check(_ flow: AddPersonViewModel) throws {
        if let error = flow.error { throw error }
    }

    private func rambleText() throws -> String {
        guard let rambleFile else { return ramble ?? "" }
        let path = HomeDirectory.expandingTilde(in: rambleFile)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RememberError.unreadableFile(path: path, reason: "no such file or not readable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RememberError.unreadableFile(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }
}
