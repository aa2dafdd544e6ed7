public import Foundation
public import Observation

/// The home screen: everyone met, searchable and filtered by context, and how many are due.
@MainActor
@Observable
public final class HomeViewModel {
    public private(set) var people: [Person] = []
    public private(set) var dueCount = 0
    public private(set) var contexts: [ContextUsage] = []
    public var searchText = ""
    public var selectedContext: String?
    public var error: RememberError?
    public var showError = false

    private let personService: any PersonServiceProtocol
    private let reviewService: any ReviewServiceProtocol
    private let now: @Sendable () -> Date

    public init(
        personService: any PersonServiceProtocol, reviewService: any ReviewServiceProtocol,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.personService = personService
        self.reviewService = reviewService
        self.now = now
    }

    /// Reloads the list for the current search text and context, the due count and contexts.
    public func loadPeople() async {
        do {
            people = try await personService.fetchAll(
                searchText: searchText.isEmpty ? nil : searchText, context: selectedContext
            )
            dueCount = try await reviewService.dueCount(at: now())
            contexts = try await personService.contexts()
        } catch {
            present(error)
        }
    }

    public func deletePerson(_ person: Person) async {
        do {
            try await personService.delete(person)
        } catch {
            present(error)
        }
        await loadPeople()
    }

    private func present(_ error: RememberError) {
        self.error = error
        showError = true
    }
}
