import Foundation

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

    /// Adds every well-formed card in `data` as a new person, due for review at once.
    ///
    /// A malformed card is skipped whole and reported with its line; a card whose UID is a
    /// person already in Remember (an earlier export or import) is skipped as a duplicate, so
    /// importing the same file twice adds nobody the second time.
    public func importContacts(from data: Data, at date: Date) async throws -> ContactImportReport {
        let result = reader.read(data)
        var report = ContactImportReport(problems: result.issues.map(\.description))
        for contact in result.contacts {
            let id = Self.personID(fromUID: contact.uid)
            if let id, try await people.fetch(id: id) != nil {
                report.duplicates.append(contact.formattedName)
                continue
            }
            var photo: Photo?
            if let attached = contact.photo {
                do {
                    photo = try Photo(data: attached.data, source: "the photo of \(contact.formattedName)")
                } catch {
                    report.problems.append("\(contact.formattedName): \(error.localizedDescription); imported without it")
                }
            }
            let draft = PersonDraft(
                name: contact.formattedName, context: Self.context(from: contact.categories),
                transcript: contact.note ?? "", photo: photo, id: id
            )
            do {
                report.imported.append(try await people.add(draft, at: date))
            } catch let error as RememberError {
                switch error {
                case .invalidField, .unreadablePhoto:
                    report.problems.append("\(contact.formattedName): \(error.localizedDescription); skipped")
                case .audioRecordingFailed, .transcriptionFailed, .sketchGenerationFailed, .fileWriteFailed,
                     .personNotFound, .duplicatePerson, .ambiguousID, .unreadableFile, .storeFailed:
                    throw error
                }
            }
        }
        return report
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
        let words = person.name.split(separator: " ").map(String.init)
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
            familyName: words.count > 1 ? words.last : nil,
            givenName: words.count > 1 ? words.dropLast().joined(separator: " ") : person.name,
            note: person.transcript.isEmpty ? nil : person.transcript,
            categories: person.context.map { [$0] } ?? [],
            photo: photo,
            uid: person.id.uuidString.lowercased(),
            revision: person.createdAt
        )
    }

    /// A UID that is a UUID (bare or as `urn:uuid:`) becomes the person's id.
    private static func personID(fromUID uid: String?) -> UUID? {
        guard var text = uid?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased().hasPrefix("urn:uuid:") {
            text.removeFirst("urn:uuid:".count)
        }
        return UUID(uuidString: text)
    }

    private static func context(from categories: [String]) -> String? {
        categories.first { !systemCategories.contains($0.lowercased()) }
    }
}

/// What an import did.
public struct ContactImportReport: Codable, Sendable {
    public var imported: [Person] = []
    /// Names of cards already in Remember.
    public var duplicates: [String] = []
    /// One line per card skipped or imported with a loss ("line 12: …", "Ana: photo …").
    public var problems: [String]

    public init(problems: [String]) {
        self.problems = problems
    }
}
