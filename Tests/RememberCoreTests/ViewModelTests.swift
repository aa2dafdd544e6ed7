import Foundation
import Testing

@testable import RememberCore

@Suite("View models on a real store")
@MainActor
struct ViewModelTests {
    @Test("home: loads people, the due count and contexts; search and context narrow the list")
    func home_loadPeople_reflectsStore() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        _ = try await store.services.people.add(PersonDraft(name: "Ana", context: "Work"), at: .testNow)
        _ = try await store.services.people.add(PersonDraft(name: "Bea", context: "Gym"), at: .testNow.adding(days: 1))
        let home = HomeViewModel(personService: store.services.people, reviewService: store.services.reviews, now: { .testNow.adding(days: 2) })

        await home.loadPeople()
        #expect(home.people.map(\.name) == ["Bea", "Ana"])
        #expect(home.dueCount == 2)
        #expect(Set(home.contexts.map(\.name)) == ["Work", "Gym"])

        home.searchText = "an"
        await home.loadPeople()
        #expect(home.people.map(\.name) == ["Ana"])

        home.searchText = ""
        home.selectedContext = "Gym"
        await home.loadPeople()
        #expect(home.people.map(\.name) == ["Bea"])
    }

    @Test("home: deleting a person reloads the list without them")
    func home_deletePerson_removesAndReloads() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let ana = try await store.services.people.add(PersonDraft(name: "Ana"), at: .testNow)
        let home = HomeViewModel(personService: store.services.people, reviewService: store.services.reviews, now: { .testNow })
        await home.loadPeople()

        await home.deletePerson(ana)

        #expect(home.people.isEmpty)
        #expect(home.dueCount == 0)
        #expect(!home.showError)
    }

    @Test("add person: the steps run in the seed's order and save writes the person")
    func addPerson_fullFlow_savesPerson() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let flow = AddPersonViewModel(personService: store.services.people, now: { .testNow })
        #expect(flow.step == .name)

        flow.name = "Maria"
        flow.continueFromName()
        #expect(flow.step == .ramble)
        flow.transcript = "She has glasses and works as a nurse"
        flow.continueFromRamble()
        #expect(flow.step == .sketch)
        #expect(flow.sketchSVG?.contains("<svg") == true)
        await flow.continueFromSketch()
        #expect(flow.step == .context)
        flow.context = "Hospital fundraiser"
        flow.continueFromContext()
        #expect(flow.step == .photo)

        let person = try #require(await flow.save())
        #expect(person.name == "Maria")
        #expect(person.context == "Hospital fundraiser")
        #expect(person.keywords == KeywordParser().extract(from: "She has glasses and works as a nurse"))
        #expect(try await store.services.people.fetch(id: person.id) == person)
        #expect(flow.savedPerson == person)
    }

    @Test("add person: an empty name stays on the name step with the seed-style message")
    func addPerson_withEmptyName_staysOnNameStep() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let flow = AddPersonViewModel(personService: store.services.people, now: { .testNow })
        flow.name = "   "
        flow.continueFromName()
        #expect(flow.step == .name)
        #expect(flow.showError)
        #expect(flow.error?.errorDescription == "name: Please enter a name.")
        #expect(await flow.save() == nil)
        #expect(try await store.services.people.fetchAll(searchText: nil, context: nil).isEmpty)
    }

    @Test("add person: a file that is not an image is refused and no photo is attached")
    func addPerson_withNonImagePhoto_showsError() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let file = store.directory.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: file)
        let flow = AddPersonViewModel(personService: store.services.people, now: { .testNow })
        flow.attachPhoto(at: file)
        #expect(flow.photo == nil)
        #expect(flow.error == .unreadablePhoto(path: file.path, reason: "is not a JPEG, PNG or HEIC image"))
    }

    @Test("add person: a failed transcription shows the seed's message")
    func addPerson_transcriptionFails_showsSeedMessage() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let flow = AddPersonViewModel(personService: store.services.people, now: { .testNow })
        await flow.transcribeAudio(at: store.directory.appendingPathComponent("missing.m4a"))
        #expect(flow.error?.errorDescription == "Couldn't understand the recording. Try speaking more clearly.")

        let recording = store.directory.appendingPathComponent("ramble.m4a")
        try Data("Tall guy with a beard".utf8).write(to: recording.deletingPathExtension().appendingPathExtension("txt"))
        await flow.transcribeAudio(at: recording)
        #expect(flow.transcript == "Tall guy with a beard")
    }

    @Test("review session: typed answers are judged, recorded and summarised")
    func reviewSession_submitAnswers_recordsAndSummarises() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let zoe = try await store.services.people.add(PersonDraft(name: "Zoë Martin", context: "Book club"), at: .testNow)
        let ben = try await store.services.people.add(PersonDraft(name: "Ben Okafor"), at: .testNow.adding(days: 0.1))
        let session = ReviewSessionViewModel(reviewService: store.services.reviews, files: store.services.files, now: { .testNow.adding(days: 1) })

        await session.start()
        #expect(session.queue.map(\.person.id) == [zoe.id, ben.id])
        #expect(session.current?.context == "Book club")
        #expect(session.current?.sketchURL.map { FileManager.default.fileExists(atPath: $0.path) } == true)

        let first = try #require(await session.submit(answer: "zoe"))
        #expect(first.verdict == .exact)
        #expect(first.rating == .good)
        let second = try #require(await session.submit(answer: "Gustavo"))
        #expect(second.verdict == .wrong)
        #expect(session.isFinished)
        #expect(await session.submit(answer: "anyone") == nil)

        #expect(session.summary.reviewed == 2)
        #expect(session.summary.gotIt == 1)
        #expect(session.summary.missed == 1)
        #expect(session.summary.missedNames == ["Ben Okafor"])
        let stored = try #require(try await store.services.people.fetch(id: zoe.id))
        #expect(stored.review.intervalDays == 2)
        #expect(try await store.services.reviews.dueCount(at: .testNow.adding(days: 1)) == 0)
    }
}
