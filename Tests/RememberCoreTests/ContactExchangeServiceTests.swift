import Foundation
import TestSupport
import Testing

@testable import RememberCore

@Suite("ContactExchangeService: people to and from vCards")
struct ContactExchangeServiceTests {
    @Test("an address-book file imports well-formed cards and reports the malformed one by line")
    func importContacts_withMalformedCard_importsTheRestAndReports() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let file = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Lima;Ana;;;\r
            FN:Ana Lima\r
            NOTE:Tall\\, curly hair\\nloves jazz\r
            CATEGORIES:myContacts,Jazz club\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            NOTE:no name at all\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Ben Okafor\r
            UID:urn:uuid:3f2504e0-4f89-41d3-9a0c-0305e82c3301\r
            END:VCARD\r

            """

        let report = try await store.services.contacts.importContacts(from: Data(file.utf8), at: .testNow)

        #expect(report.imported.map(\.name) == ["Ana Lima", "Ben Okafor"])
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.hasPrefix("line 8:") == true)
        let ana = try #require(report.imported.first)
        #expect(ana.transcript == "Tall, curly hair\nloves jazz")
        #expect(ana.context == "Jazz club")
        #expect(ana.keywords == KeywordParser().extract(from: ana.transcript))
        #expect(store.fileExists(ana.sketchFile))
        #expect(report.imported.last?.id == UUID(uuidString: "3f2504e0-4f89-41d3-9a0c-0305e82c3301"))
        #expect(try await store.services.reviews.dueCount(at: .testNow) == 2)

        // Known again by UID (Ben) and, without one, by name and fields (Ana).
        let again = try await store.services.contacts.importContacts(from: Data(file.utf8), at: .testNow)
        #expect(again.imported.isEmpty)
        #expect(again.duplicates == ["Ana Lima", "Ben Okafor"])
    }

    @Test("a photo that is not JPEG, PNG or HEIC is left out and said so; the person still comes in")
    func importContacts_withGIFPhoto_importsWithoutIt() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let gif = Data("GIF89a".utf8) + Data(repeating: 0, count: 20)
        let file = VCardWriter(version: .v4).write([
            VCardContact(formattedName: "Kim", photo: VCardPhoto(data: gif, mediaType: "image/gif"))
        ])

        let report = try await store.services.contacts.importContacts(from: Data(file.utf8), at: .testNow)

        #expect(report.imported.map(\.name) == ["Kim"])
        #expect(report.imported.first?.photoFile == nil)
        #expect(report.problems == ["line 6: Kim: PHOTO is a GIF image; use a JPEG, PNG or HEIC photo; imported without the photo"])
    }

    @Test("a name too long for the form is skipped with the reason, nothing half-imported")
    func importContacts_withOverlongName_skipsCard() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let long = String(repeating: "x", count: 101)
        let file = VCardWriter(version: .v3).write([
            VCardContact(formattedName: long, photo: VCardPhoto(data: ValidImages.jpeg(), mediaType: "image/jpeg"))
        ])

        let report = try await store.services.contacts.importContacts(from: Data(file.utf8), at: .testNow)

        #expect(report.imported.isEmpty)
        #expect(report.problems == ["line 1: \(long): name: must be at most 100 characters; skipped"])
        let photos = store.directory.appendingPathComponent("photos")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: photos.path))?.isEmpty ?? true)
    }

    @Test("export writes name parts, note, context and photo that read back equal", arguments: VCardVersion.allCases)
    func exportContacts_roundTripsThroughReader(version: VCardVersion) async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(
            PersonDraft(
                name: "Maria de la Cruz", context: "Salsa class", transcript: "short; laughs a lot, from Cali",
                photo: try Photo(data: ValidImages.png(), source: "t")
            ),
            at: .testNow
        )

        let text = try store.services.contacts.exportContacts([person], version: version)
        let read = VCardReader().read(text)

        #expect(read.issues.isEmpty)
        let contact = try #require(read.contacts.first)
        #expect(contact.formattedName == "Maria de la Cruz")
        #expect(contact.givenName == "Maria")
        #expect(contact.familyName == "de la Cruz")
        #expect(contact.note == "short; laughs a lot, from Cali")
        #expect(contact.categories == ["Salsa class"])
        #expect(contact.photo == VCardPhoto(data: ValidImages.png(), mediaType: "image/png"))
        #expect(contact.uid == person.id.uuidString.lowercased())
    }

    @Test("export names the person whose photo file went missing")
    func exportContacts_withMissingPhoto_throws() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(
            PersonDraft(name: "Ana", photo: try Photo(data: ValidImages.jpeg(), source: "t")), at: .testNow
        )
        try FileManager.default.removeItem(at: store.directory.appendingPathComponent(try #require(person.photoFile)))
        #expect(
            throws: RememberError.unreadableFile(
                path: store.directory.appendingPathComponent(try #require(person.photoFile)).path, reason: "the photo of Ana is missing"
            )
        ) {
            try store.services.contacts.exportContacts([person], version: .v3)
        }
    }
}
