import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore
import Validation

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import people from a vCard file (3.0 or 4.0), e.g. exported from the phone's contacts.",
        discussion: """
            The note becomes the ramble, the first category the context. Malformed cards are reported by line and \
            skipped; a photo that is not a JPEG, PNG or HEIC image is left out and reported by line. A card imported \
            before (the same UID, or without one the same name, e-mail, phone, birthday and organisation) is counted \
            as already here, so importing a file twice adds nobody the second time. The import is all or nothing: \
            if it fails part-way, nobody is added.
            """
    )

    @Argument(help: "The .vcf file.") var file: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let path = HomeDirectory.expandingTilde(in: file)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RememberError.unreadableFile(path: path, reason: "no such file or not readable")
        }
        let report = try await services.contacts.importContacts(from: data, at: global.clock())
        if global.json {
            let now = global.clock()
            return try TerminalOutput.json(
                ImportOutput(
                    imported: report.imported.map { PersonOutput($0, files: services.files, now: now) },
                    duplicates: report.duplicates, problems: report.problems
                ))
        }
        for problem in report.problems {
            TerminalOutput.standardError("remember: \(path): \(problem)")
        }
        var summary = "Imported \(Wording.counted(report.imported.count, "person", plural: "people"))"
        if !report.duplicates.isEmpty { summary += ", \(report.duplicates.count) already here" }
        if !report.problems.isEmpty { summary += ", \(Wording.counted(report.problems.count, "problem")) (see above)" }
        print(summary + ".")
    }
}

private struct ImportOutput: Encodable {
    let imported: [PersonOutput]
    let duplicates: [String]
    let problems: [String]
}

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export people to a vCard file the phone's contacts can import.")

    @Argument(help: "The .vcf file to write.") var file: String
    @Option(name: .customLong("vcard-version"), help: "3.0 (the default; what most address books read) or 4.0.")
    var vcardVersion: String = VCardVersion.v3.rawValue
    @Option(help: "Only people met in this context.") var context: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard VCardVersion(rawValue: vcardVersion) != nil else {
            throw ValidationError("vcard-version: must be 3.0 or 4.0")
        }
    }

    func run() async throws {
        let services = try global.services()
        let people = try await services.people.fetchAll(searchText: nil, context: context)
        let text = try services.contacts.exportContacts(people, version: VCardVersion(rawValue: vcardVersion) ?? .v3)
        let url = try OutputFile.write(text, to: file)
        if global.json {
            return try TerminalOutput.json(ExportOutput(file: url.path, people: people.count))
        }
        print("Exported \(Wording.counted(people.count, "person", plural: "people")) to \(url.path).")
    }
}

private struct ExportOutput: Encodable {
    let file: String
    let people: Int
}
