import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore

struct Sketch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a person's sketch (an SVG image) to a file.")

    @Argument(help: "The person's id (or its first 4+ characters).") var id: String
    @Option(help: "Where to write the SVG.") var out: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let person = try await services.people.find(id)
        // Drawn again rather than copied: sketches are deterministic, so this equals the stored
        // file, and it works even if that file was lost.
        let svg = services.sketches.preview(keywords: person.keywords, name: person.name)
        let url = try OutputFile.write(svg, to: out)
        if global.json {
            return try TerminalOutput.json(SketchOutput(id: person.id.uuidString.lowercased(), file: url.path, bytes: svg.utf8.count))
        }
        print("Wrote the sketch of \(person.name) to \(url.path).")
    }
}

private struct SketchOutput: Encodable {
    let id: String
    let file: String
    let bytes: Int
}
