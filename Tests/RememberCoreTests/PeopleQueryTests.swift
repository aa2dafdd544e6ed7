import Foundation
import Testing

@testable import RememberCore

/// The people queries are put together from parts (a search, a context, a limit, an id prefix)
/// with GRDB's SQL interpolation; these pin down what each combination finds, and that a value
/// is always a value, never SQL.
@Suite("People queries: search, context, limit and id prefix combined")
struct PeopleQueryTests {
    @Test("search and context together narrow to people matching both")
    func fetchAll_withSearchAndContext_matchesBoth() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let people = store.services.people
        _ = try await people.add(PersonDraft(name: "Kim Lee", context: "Work", transcript: "plays chess"), at: .testNow)
        _ = try await people.add(PersonDraft(name: "Kim Park", context: "Gym"), at: .testNow.adding(days: 1))
        _ = try await people.add(PersonDraft(name: "Ana Lee", context: "work"), at: .testNow.adding(days: 2))

        #expect(try await people.fetchAll(searchText: "kim", context: "WORK").map(\.name) == ["Kim Lee"])
        #expect(try await people.fetchAll(searchText: "lee", context: "work").map(\.name) == ["Ana Lee", "Kim Lee"])
        #expect(try await people.fetchAll(searchText: "park", context: "work").isEmpty)
    }

    @Test("a context with quotes and SQL in it is matched as text")
    func fetchAll_withQuotesInContext_matchesExactly() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let people = store.services.people
        let context = "O'Brien's \"gym\"; DROP TABLE people; --"
        _ = try await people.add(PersonDraft(name: "Sam", context: context), at: .testNow)
        _ = try await people.add(PersonDraft(name: "Jo", context: "Gym"), at: .testNow)

        #expect(try await people.fetchAll(searchText: nil, context: context).map(\.name) == ["Sam"])
        #expect(try await people.fetchAll(searchText: "o'brien's", context: nil).map(\.name) == ["Sam"])
        #expect(try await people.fetchAll(searchText: nil, context: "x' OR '1'='1").isEmpty)
        #expect(try await people.fetchAll(searchText: nil, context: nil).count == 2)
    }

    @Test("the due queue keeps its order under a limit; a limit of 0 or less gives nobody")
    func dueQueue_withLimit_keepsOrder() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        for (index, name) in ["A", "B", "C"].enumerated() {
            _ = try await store.services.people.add(PersonDraft(name: name), at: .testNow.adding(days: Double(index)))
        }
        let reviews = store.services.reviews
        let later = Date.testNow.adding(days: 10)

        #expect(try await reviews.dueQueue(at: later, limit: nil).map(\.name) == ["A", "B", "C"])
        #expect(try await reviews.dueQueue(at: later, limit: 2).map(\.name) == ["A", "B"])
        #expect(try await reviews.dueQueue(at: later, limit: 0).isEmpty)
        #expect(try await reviews.dueQueue(at: later, limit: -1).isEmpty)
    }

    @Test("an id prefix is read by the shared rule: white space around it ignored, no more than a UUID")
    func find_withSpacedOrOverlongPrefix_followsTheSharedRule() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let id = try #require(UUID(uuidString: "abcd1234-0000-4000-8000-000000000001"))
        _ = try await store.services.people.add(PersonDraft(name: "A", id: id), at: .testNow)

        #expect(try await store.services.people.find(" ABCD1\n").id == id)
        #expect(try await store.services.people.find("abcd1234-").id == id)
        let overlong = id.uuidString.lowercased() + "0"
        await #expect(throws: RememberError.personNotFound(overlong)) { try await store.services.people.find(overlong) }
    }
}
