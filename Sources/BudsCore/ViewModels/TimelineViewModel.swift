public import Foundation
public import Observation

/// The journal's timeline: pages of memories, newest first, with filters and favourites.
@MainActor
@Observable
public final class TimelineViewModel {
    public private(set) var memories: [Memory] = []
    public private(set) var hasMore = false
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    /// Changing the filter takes effect on the next `reload()`.
    public var filter = MemoryFilter()

    private let repository: MemoryRepository
    private let pageSize: Int
    private var next: TimelineCursor?

    public init(repository: MemoryRepository, pageSize: Int = MemoryRepository.pageSize) {
        self.repository = repository
        self.pageSize = pageSize
    }

    /// Loads the first page for the current filter.
    public func reload() async {
        next = nil
        memories = []
        hasMore = true
        await loadNextPage()
    }

    /// Appends the next page; does nothing when everything is loaded or a load is running.
    public func loadNextPage() async {
        guard hasMore, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await repository.fetchPage(before: next, limit: pageSize, filter: filter)
            memories += page.memories
            next = page.next
            hasMore = page.next != nil
            errorMessage = nil
        } catch {
            errorMessage = ErrorText.describe(error)
        }
    }

    /// Flips a memory's favourite mark in place.
    public func toggleFavorite(_ id: UUID) async {
        guard let index = memories.firstIndex(where: { $0.id == id }) else { return }
        do {
            memories[index] = try await repository.setFavorite(id, !memories[index].isFavorited)
            if filter.favoritesOnly, !memories[index].isFavorited { memories.remove(at: index) }
        } catch {
            errorMessage = ErrorText.describe(error)
        }
    }

    /// The first three effects and how many more there are, as the memory card shows them.
    nonisolated public static func effectSummary(_ memory: Memory) -> (shown: [String], more: Int) {
        (Array(memory.effects.prefix(3)), max(0, memory.effects.count - 3))
    }
}
