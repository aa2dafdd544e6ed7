import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one person's card and review schedule.")

    @Argument(help: "The person's id (or its first 4+ characters, as `list` prints).") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let person = try await services.people.find(id)
        let now = global.clock()
        if global.json {
            return try TerminalOutput.json(PersonOutput(person, files: services.files, now: now))
        }
        let review = person.review
        var lines = [
            person.name,
            "  id:        \(person.id.uuidString.lowercased())",
            "  met:       \(Output.dateTime(person.createdAt))" + (person.context.map { " · \($0)" } ?? ""),
            "  keywords:  \(person.keywords.descriptors.isEmpty ? "none" : person.keywords.descriptors.joined(separator: ", "))",
        ]
        if !person.transcript.isEmpty { lines.append("  ramble:    \(person.transcript)") }
        if let sketch = person.sketchFile { lines.append("  sketch:    \(services.files.url(for: sketch).path)") }
        if let photo = person.photoFile { lines.append("  photo:     \(services.files.url(for: photo).path)") }
        lines.append(
            "  review:    \(Output.due(person, now: now)); interval \(review.intervalDays) d, ease "
                + String(format: "%.2f", review.easeFactor) + ", \(review.repetitions) in a row, \(review.lapses) lapses")
        if let last = review.lastReviewed { lines.append("  last:      \(Output.dateTime(last))") }
        lines.forEach { print($0) }
    }
}
