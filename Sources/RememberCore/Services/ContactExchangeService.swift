public import Foundation
import Storage

/// Moves people between Remember and the phone's contacts as vCards (3.0 or 4.0): the name,
/// the ramble as the note, the context as a category, the photo.
public struct ContactExchangeService: Sendable {
    /// Contact groups that address books add by themselves; they say nothing about where
    /// people met, so they never become a context.
    private static let systemCategories: Set<String> = ["mycontacts", "starred", "favorites", "favourites"]

    private let people: PersonService
    private let files: FileService
    private let reader = VCardReader(maximumPhotoBytes: Photo.maximumBytes)

    public init(people: PersonService, files: FileService) {
        self.people = people
        self.files = files
    }

    /// Adds every well-formed card in `data` that is not in Remember yet as a new person, due
    /// for review at once, in one transaction: all of them or, if the store fails part-way,
    /// none (and no file).
    ///
    /// A card is recognised as imported before by its ``ContactImportKey`` (its UID in any form,
    /// else its name and identifying fields) and counted as a duplicate, so importing the same
    /// file twice adds nobody the second time. A malformed card, or one whose name the form
    /// refuses, is skipped and reported with its line; a photo that is not a JPEG, PNG or HEIC
    /// image is left out, the card imported, and the PHOTO line reported.
    public func importContacts(from data: Data, at date: Date) async throws(RememberError) -> ContactImportReport {
        let result = reader.read(data)
        var problems = result.issues.map { (line: $0.line, text: $0.description) }
        var drafts: [ImportedPersonDraft] = []
        var accepted: [(card: VCardReadCard, photoProblem: (line: Int, text: String)?)] = []
        for card in result.cards {
            let contact = card.contact
            let key = ContactImportKey(card: card)
            var photo: Photo?
            var photoProblem: (line: Int, text: String)?
            if let attached = contact.photo {
                do {
                    photo = try Photo(data: attached.data, source: "PHOTO")
                } catch {
                    let line = card.photoLine ?? card.line
                    photoProblem = (line, "line \(line): \(contact.formattedName): \(Self.photoReason(error)); imported without the photo")
                }
            }
            let draft = PersonDraft(
                name: contact.formattedName, context: Self.context(from: contact.categories),
                transcript: contact.note ?? "", photo: photo, id: key.personID
            )
            do {
                drafts.append(ImportedPersonDraft(draft: try draft.validated(), importKey: key.value))
                accepted.append((card, photoProblem))
            } catch {
                problems.append((card.line, "line \(card.line): \(contact.formattedName): \(error.localizedDescription); skipped"))
            }
        }
        let results = try await people.addImported(drafts, at: date)
        var report = ContactImportReport(problems: [])
        for (index, outcome) in results.enumerated() {
            switch outcome {
            case .added(let person):
                report.imported.append(person)
                if let problem = accepted[index].photoProblem { problems.append(problem) }
            case .alreadyPresent:
                report.duplicates.append(accepted[index].card.contact.formattedName)
            }
        }
        report.problems = problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text)
        return report
    }

    /// What is wrong with a card's photo, said of its PHOTO property.
    private static func photoReason(_ error: RememberError) -> String {
        switch error {
        case .unreadablePhoto(_, let reason): "PHOTO \(reason)"
        default: "PHOTO is unusable: \(error.localizedDescription)"
        }
    }

    /// The people as one vCard file.
    ///
    /// - Throws: `RememberError.unreadableFile` when a person's photo file cannot be read.
    public func exportContacts(_ people: [Person], version: VCardVersion) throws(RememberError) -> String {
        var contacts: [VCardContact] = []
        contacts.reserveCapacity(people.count)
        for person in people {
            contacts.append(try contact(for: person))
        }
        return VCardWriter(version: version).write(contacts)
    }

    private func contact(for person: Person) throws(RememberError) -> VCardContact {
        let name = PersonNameParts(person.name)
        var photo: VCardPhoto?
        if let path = person.photoFile {
            let url = files.url(for: path)
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw .unreadableFile(path: url.path, reason: "the photo of \(person.name) is missing")
            }
            let checked = try Photo(data: data, source: url.path)
            photo = VCardPhoto(data: data, mediaType: checked.format.mediaType)
        }
        return VCardContact(
            formattedName: person.name,
            familyName: name.family,
            givenName: name.given,
            honorificPrefix: name.prefix,
            honorificSuffix: name.suffix,
            note: person.transcript.isEmpty ? nil : person.transcript,
            categories: person.context.map { [$0] } ?? [],
            photo: photo,
            uid: person.id.uuidString.lowercased(),
            revision: person.createdAt
        )
    }

    private static func context(from categories: [String]) -> String? {
        categories.first { !systemCategories.contains($0.lowercased()) }
    }
}

/// What an import did.
public struct ContactImportReport: Codable, Sendable {
    public var imported: [Person] = []
    /// Names of cards already in Remember (imported before, or twice in the file).
    public var duplicates: [String] = []
    /// One line per card skipped or imported with a loss, by line of the file ("line 12: …").
    public var problems: [String]

    public init(problems: [String]) {
        self.problems = problems
    }
}
