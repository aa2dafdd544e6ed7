import Foundation
import GRDB
import TestSupport
import Testing

@testable import RememberCore

/// Issue 13: `remember import` of a phone's vCard file twice duplicated every card without a
/// UUID `UID`, and an interrupted import was left half done (so the retry duplicated too).
@Suite("Regression: importing contacts is idempotent and all-or-nothing")
struct ContactImportIdempotencyTests {
    /// What a phone writes: no UID at all, or UIDs that are not UUIDs, a photo on one card.
    static let phoneFile = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Lima;Ana;;;\r
        FN:Ana Lima\r
        TEL;TYPE=CELL:+351 912 345 678\r
        EMAIL:ana@example.com\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Ben Okafor\r
        UID:ABC-123-not-a-uuid\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Cara Diaz\r
        ORG:Climbing Gym;\r
        BDAY:1990-04-01\r
        PHOTO;ENCODING=b;TYPE=JPEG:\(ValidImages.jpeg().base64EncodedString())\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:Dan Wu\r
        UID:{5E0D5A2C-8F13-4B7A-9C61-0B2E4D6F8A13}\r
        END:VCARD\r

        """

    @Test("importing the same phone file twice adds nobody the second time")
    func phoneFileTwice() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let contacts = store.services.contacts

        let first = try await contacts.importContacts(from: Data(Self.phoneFile.utf8), at: .testNow)
        #expect(first.imported.map(\.name) == ["Ana Lima", "Ben Okafor", "Cara Diaz", "Dan Wu"])

        let second = try await contacts.importContacts(from: Data(Self.phoneFile.utf8), at: .testNow.adding(days: 1))
        #expect(second.imported.isEmpty)
        #expect(second.duplicates == ["Ana Lima", "Ben Okafor", "Cara Diaz", "Dan Wu"])
        #expect(try await store.services.people.fetchAll(searchText: nil, context: nil).count == 4)
    }

    @Test("a UID is recognised in any of its forms; without one, the name and other fields decide")
    func otherForms() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let contacts = store.services.contacts
        _ = try await contacts.importContacts(from: Data(Self.phoneFile.utf8), at: .testNow)

        // The same people as another export writes them: UUIDs in other spellings, the name in
        // other case and spacing, the phone number formatted differently.
        let reexported = """
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:ANA  lima\r
            TEL:tel:+351-912-345-678\r
            EMAIL:Ana@Example.com\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Ben Okafor\r
            UID:ABC-123-not-a-uuid\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Daniel Wu\r
            UID:urn:uuid:5e0d5a2c-8f13-4b7a-9c61-0b2e4d6f8a13\r
            END:VCARD\r

            """
        let again = try await contacts.importContacts(from: Data(reexported.utf8), at: .testNow)
        #expect(again.imported.isEmpty)
        #expect(again.duplicates == ["ANA  lima", "Ben Okafor", "Daniel Wu"])
    }

    @Test("people who share a name but differ in another field are both imported; a card twice in one file once")
    func sameNameOtherPerson() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let file = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:John Smith\r
            EMAIL:john@one.example\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:John Smith\r
            EMAIL:john@two.example\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:John Smith\r
            EMAIL:john@one.example\r
            END:VCARD\r

            """
        let report = try await store.services.contacts.importContacts(from: Data(file.utf8), at: .testNow)
        #expect(report.imported.count == 2)
        #expect(report.duplicates == ["John Smith"])
    }

    @Test("an import that fails part-way leaves no person and no file; the retry imports everyone once")
    func interrupted() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let database = try DatabaseQueue(path: store.directory.appendingPathComponent("remember.sqlite").path)
        // The store fails on the fourth card, after three were written: a full disk, a crash.
        try await database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER fail_on_dan BEFORE INSERT ON people WHEN NEW.name = 'Dan Wu'
                    BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END
                    """)
        }

        await #expect(throws: RememberError.storeFailed(reason: "disk I/O error")) {
            try await store.services.contacts.importContacts(from: Data(Self.phoneFile.utf8), at: .testNow)
        }
        #expect(try await store.services.people.fetchAll(searchText: nil, context: nil).isEmpty)
        for folder in ["sketches", "photos"] {
            let path = store.directory.appendingPathComponent(folder).path
            #expect((try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? true, "\(folder)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter { $0.hasPrefix(".staging") }
        #expect(leftovers.isEmpty)

        try await database.write { db in try db.execute(sql: "DROP TRIGGER fail_on_dan") }
        let retry = try await store.services.contacts.importContacts(from: Data(Self.phoneFile.utf8), at: .testNow)
        #expect(retry.imported.count == 4)
        let again = try await store.services.contacts.importContacts(from: Data(Self.phoneFile.utf8), at: .testNow)
        #expect(again.imported.isEmpty)
        #expect(try await store.services.people.fetchAll(searchText: nil, context: nil).count == 4)
        let cara = try #require(retry.imported.first { $0.name == "Cara Diaz" })
        #expect(store.fileExists(cara.photoFile))
        #expect(store.fileExists(cara.sketchFile))
    }
}
