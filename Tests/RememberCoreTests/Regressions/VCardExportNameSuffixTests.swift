import Foundation
import TestSupport
import Testing

@testable import RememberCore

/// Issue 13: `remember export` split "Robert Smith, Jr." into the family name "Jr.".
@Suite("Regression: exported names carry their structured parts")
struct VCardExportNameSuffixTests {
    @Test("a suffix after a comma is not the family name, in either version", arguments: VCardVersion.allCases)
    func suffixAfterComma(version: VCardVersion) async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(PersonDraft(name: "Robert Smith, Jr."), at: .testNow)

        let text = try store.services.contacts.exportContacts([person], version: version)
        let contact = try #require(VCardReader().read(text).contacts.first)

        #expect(contact.formattedName == "Robert Smith, Jr.")
        #expect(contact.familyName == "Smith")
        #expect(contact.givenName == "Robert")
        #expect(contact.honorificSuffix == "Jr.")
        #expect(text.contains("FN:Robert Smith\\, Jr.\r\n"))

        let other = try TemporaryStore()
        defer { other.remove() }
        let imported = try await other.services.contacts.importContacts(from: Data(text.utf8), at: .testNow)
        #expect(imported.imported.map(\.name) == ["Robert Smith, Jr."])
    }

    @Test(
        "names split into N's parts",
        arguments: [
            ("Robert Smith, Jr.", PersonNameParts(given: "Robert", family: "Smith", suffix: "Jr.")),
            ("Ana Lima, PhD, MD", PersonNameParts(given: "Ana", family: "Lima", suffix: "PhD, MD")),
            ("Martin Luther King Jr", PersonNameParts(given: "Martin Luther", family: "King", suffix: "Jr")),
            ("John Smith III", PersonNameParts(given: "John", family: "Smith", suffix: "III")),
            ("Yo-Yo Ma", PersonNameParts(given: "Yo-Yo", family: "Ma")),
            ("Smith, Robert", PersonNameParts(given: "Robert", family: "Smith")),
            ("Smith, Robert, Jr.", PersonNameParts(given: "Robert", family: "Smith", suffix: "Jr.")),
            ("Dr. Ana Lima", PersonNameParts(prefix: "Dr.", given: "Ana", family: "Lima")),
            ("Dr. Lima", PersonNameParts(prefix: "Dr.", family: "Lima")),
            ("Maria de la Cruz", PersonNameParts(given: "Maria", family: "de la Cruz")),
            ("Vincent van Gogh", PersonNameParts(given: "Vincent", family: "van Gogh")),
            ("Cher", PersonNameParts(given: "Cher")),
            ("  ,  ", PersonNameParts()),
        ])
    func parts(name: String, expected: PersonNameParts) {
        #expect(PersonNameParts(name) == expected)
    }

    @Test("a name with commas and semicolons survives export and import unchanged", arguments: VCardVersion.allCases)
    func awkwardNames(version: VCardVersion) async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let names = ["Robert Smith, Jr.", "Smith, Robert", "Ana; Lima", "O'Brien \\ Ó Briain, PhD"]
        var people: [Person] = []
        for name in names { people.append(try await store.services.people.add(PersonDraft(name: name), at: .testNow)) }

        let text = try store.services.contacts.exportContacts(people, version: version)
        let other = try TemporaryStore()
        defer { other.remove() }
        let imported = try await other.services.contacts.importContacts(from: Data(text.utf8), at: .testNow)

        #expect(imported.problems.isEmpty)
        #expect(Set(imported.imported.map(\.name)) == Set(names))
    }

    @Test("random names with commas, semicolons and suffixes read back as written", arguments: VCardVersion.allCases)
    func randomNames(version: VCardVersion) throws {
        var random = SplitMix64(seed: 5)
        let pieces = ["Ana", "Lima", ",", ";", "\\", "Jr.", "PhD", "de", "la", "Dr.", "Smith,", "Ó", "III", "van", " "]
        for _ in 0..<300 {
            // A name as the form accepts it: not blank, runs of spaces folded.
            let name = (["Ana"] + (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" })
                .joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let parts = PersonNameParts(name)
            for part in [parts.prefix, parts.given, parts.family, parts.suffix].compactMap({ $0 }) {
                #expect(!part.isEmpty && name.contains(part), "\(name) → \(parts)")
            }
            let contact = VCardContact(
                formattedName: name, familyName: parts.family, givenName: parts.given, honorificPrefix: parts.prefix,
                honorificSuffix: parts.suffix
            )
            let read = VCardReader().read(VCardWriter(version: version).write([contact]))
            #expect(read.contacts == [contact], "\(name)")
        }
    }
}
