import Foundation
import GRDB
import TestSupport
import Testing
import Validation

@testable import RememberCore

@Suite("PersonService: people in a real SQLite store")
struct PersonServiceTests {
    @Test("add stores the person with a sketch file, due at once")
    func add_withRamble_storesPersonSketchAndDueState() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let person = try await store.services.people.add(
            PersonDraft(name: "  Maria   Gonzalez ", context: " Climbing  gym ", transcript: "Tall with curly hair"), at: .testNow
        )

        #expect(person.name == "Maria Gonzalez")
        #expect(person.context == "Climbing gym")
        #expect(person.review.dueDate == .testNow)
        #expect(person.review.intervalDays == 1)
        #expect(person.review.easeFactor == 2.5)
        #expect(store.fileExists(person.sketchFile))
        let sketch = try String(contentsOf: store.directory.appendingPathComponent(try #require(person.sketchFile)), encoding: .utf8)
        #expect(sketch.contains("<svg"))

        let reopened = try store.reopened()
        #expect(try await reopened.people.fetch(id: person.id) == person)
    }

    @Test("every keyword survives the store, lists in order, and is searchable")
    func save_withAllKeywords_roundTrips() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let keywords = PersonKeywords(
            hairColor: "red", hairLength: "long", hairStyle: "braids", eyewear: "glasses", facialHair: "goatee",
            height: "tall", build: "slim", approximateAge: "30s", accessories: ["earrings", "hat"],
            clothingColors: ["green", "navy"], profession: "software engineer", origin: "New Zealand",
            interests: ["bouldering", "jazz piano"]
        )
        let person = Person(name: "Tui", keywords: keywords, createdAt: .testNow)
        try await store.services.people.save(person)
        var empty = Person(name: "Nobody", createdAt: .testNow)
        empty.keywords.interests = []
        try await store.services.people.save(empty)

        #expect(try await store.reopened().people.fetch(id: person.id) == person)
        #expect(try await store.services.people.fetch(id: empty.id)?.keywords == PersonKeywords())
        #expect(try await store.services.people.fetchAll(searchText: "jazz zealand", context: nil).map(\.id) == [person.id])
    }

    @Test("an empty name is refused with the form's message and nothing is written")
    func add_withEmptyName_throwsAndWritesNothing() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        await #expect(throws: RememberError.invalidField(FieldIssue(.name, "Please enter a name."))) {
            try await store.services.people.add(PersonDraft(name: " \n "), at: .testNow)
        }
        #expect(try await store.services.people.fetchAll(searchText: nil, context: nil).isEmpty)
        let sketches = store.directory.appendingPathComponent("sketches")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: sketches.path))?.isEmpty ?? true)
    }

    @Test("a second person with the same id is refused and the first one's files stay")
    func add_withExistingID_failsWithoutTouchingTheFirst() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let id = UUID()
        let first = try await store.services.people.add(PersonDraft(name: "Ana", id: id), at: .testNow)
        let sketchURL = store.directory.appendingPathComponent(try #require(first.sketchFile))
        let sketch = try Data(contentsOf: sketchURL)
        await #expect(throws: RememberError.duplicatePerson(id.uuidString.lowercased())) {
            try await store.services.people.add(
                PersonDraft(name: "Bob", photo: try Photo(data: ValidImages.png(), source: "x"), id: id), at: .testNow)
        }
        #expect(try await store.services.people.fetch(id: id)?.name == "Ana")
        #expect(try Data(contentsOf: sketchURL) == sketch)
        #expect(!store.fileExists("photos/\(id.uuidString.lowercased()).png"))
    }

    @Test("a photo is kept by its detected format and deleted with the person, files first")
    func delete_withPhoto_removesFilesAndRecord() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let photo = try Photo(data: ValidImages.jpeg(), source: "test")
        let person = try await store.services.people.add(PersonDraft(name: "Ana", photo: photo), at: .testNow)
        #expect(person.photoFile?.hasSuffix(".jpg") == true)
        #expect(store.fileExists(person.photoFile))

        try await store.services.people.delete(person)

        #expect(!store.fileExists(person.photoFile))
        #expect(!store.fileExists(person.sketchFile))
        #expect(try await store.services.people.fetch(id: person.id) == nil)
    }

    @Test("search matches name, context, keywords and ramble by word prefix, ignoring case and accents")
    func fetchAll_withSearchText_matchesAllFieldsAccentInsensitively() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let people = store.services.people
        _ = try await people.add(PersonDraft(name: "Zoë Martin", context: "Book club", transcript: "loves sourdough"), at: .testNow)
        _ = try await people.add(PersonDraft(name: "José Ruiz", context: "Work", transcript: "plays chess"), at: .testNow.adding(days: 1))
        _ = try await people.add(PersonDraft(name: "Kim Lee", context: "Climbing gym"), at: .testNow.adding(days: 2))

        #expect(try await people.fetchAll(searchText: "zoe", context: nil).map(\.name) == ["Zoë Martin"])
        #expect(try await people.fetchAll(searchText: "JOSE", context: nil).map(\.name) == ["José Ruiz"])
        #expect(try await people.fetchAll(searchText: "sourd", context: nil).map(\.name) == ["Zoë Martin"])
        #expect(try await people.fetchAll(searchText: "climb", context: nil).map(\.name) == ["Kim Lee"])
        #expect(try await people.fetchAll(searchText: "kim climbing", context: nil).map(\.name) == ["Kim Lee"])
        #expect(try await people.fetchAll(searchText: "kim chess", context: nil).isEmpty)
        #expect(try await people.fetchAll(searchText: "!!!", context: nil).isEmpty)
        #expect(try await people.fetchAll(searchText: "   ", context: nil).count == 3)
    }

    @Test("the list is most recently met first and filters by context regardless of case")
    func fetchAll_withContext_filtersAndOrdersNewestFirst() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let people = store.services.people
        _ = try await people.add(PersonDraft(name: "A", context: "Work"), at: .testNow)
        _ = try await people.add(PersonDraft(name: "B", context: "work"), at: .testNow.adding(days: 1))
        _ = try await people.add(PersonDraft(name: "C", context: "Gym"), at: .testNow.adding(days: 2))
        _ = try await people.add(PersonDraft(name: "D"), at: .testNow.adding(days: 3))

        #expect(try await people.fetchAll(searchText: nil, context: nil).map(\.name) == ["D", "C", "B", "A"])
        #expect(try await people.fetchAll(searchText: nil, context: "WORK").map(\.name) == ["B", "A"])
        let contexts = try await people.contexts()
        #expect(contexts.map(\.count) == [2, 1])
        #expect(contexts.last?.name == "Gym")
    }

    @Test("an edit through save is found by the new words, not the old")
    func save_withChangedContext_updatesSearchIndex() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        var person = try await store.services.people.add(PersonDraft(name: "Ana", context: "Conference"), at: .testNow)
        person.context = "Wedding"
        try await store.services.people.save(person)

        #expect(try await store.services.people.fetchAll(searchText: "wedding", context: nil).map(\.id) == [person.id])
        #expect(try await store.services.people.fetchAll(searchText: "conference", context: nil).isEmpty)
    }

    @Test("ids are found by a prefix of four or more characters; too short or ambiguous is refused")
    func find_withPrefix_resolvesOrExplains() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let a = try await store.services.people.add(
            PersonDraft(name: "A", id: UUID(uuidString: "aaaa1111-0000-4000-8000-000000000001")), at: .testNow)
        _ = try await store.services.people.add(PersonDraft(name: "B", id: UUID(uuidString: "aaaa2222-0000-4000-8000-000000000002")), at: .testNow)

        #expect(try await store.services.people.find("AAAA1").id == a.id)
        #expect(try await store.services.people.find(a.id.uuidString).id == a.id)
        await #expect(throws: RememberError.ambiguousID("aaaa", matches: 2)) { try await store.services.people.find("aaaa") }
        await #expect(throws: RememberError.personNotFound("aaa")) { try await store.services.people.find("aaa") }
        await #expect(throws: RememberError.personNotFound("bbbb")) { try await store.services.people.find("bbbb") }
    }

    @Test("photos that are not images, empty or too large are refused with the reason")
    func photo_withBadData_isRefused() throws {
        #expect(throws: RememberError.unreadablePhoto(path: "x.gif", reason: "is a GIF image; use a JPEG, PNG or HEIC photo")) {
            try Photo(data: Data("GIF89a".utf8), source: "x.gif")
        }
        #expect(throws: RememberError.unreadablePhoto(path: "t", reason: "is not a JPEG, PNG or HEIC image")) {
            try Photo(data: Data("just text".utf8), source: "t")
        }
        // Only the first bytes of a JPEG: the kind of file that used to pass on its magic number.
        #expect(throws: RememberError.unreadablePhoto(path: "j", reason: "is a JPEG image that ends early (cut short in a download or copy?)")) {
            try Photo(data: ValidImages.jpeg().prefix(20), source: "j")
        }
        #expect(throws: RememberError.unreadablePhoto(path: "e", reason: "is empty")) { try Photo(data: Data(), source: "e") }
        let huge = ValidImages.jpeg() + Data(count: Photo.maximumBytes)
        #expect(throws: RememberError.unreadablePhoto(path: "h", reason: "is larger than 10 MB")) { try Photo(data: huge, source: "h") }
    }
}
