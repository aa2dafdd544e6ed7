import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List memories, newest session first.")

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Option(help: "Only this product type.") var type: String?
    @Option(help: "Only sessions with this effect.") var effect: String?
    @Option(help: "Only sessions rated at least this (1 to 5).") var minRating: Int?
    @Option(help: "Only this method.") var method: String?
    @Option(help: "Full-text search in strain, brand and notes.") var search: String?
    @Flag(help: "Only favourites.") var favorites = false
    @Option(help: "At most this many memories.") var limit: Int?
    @OptionGroup var output: JSONOutputOption

    func validate() throws {
        if let type, ProductType(rawValue: type.lowercased()) == nil {
            throw ValidationError("type: must be one of \(ProductType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let method, ConsumptionMethod(rawValue: method.lowercased()) == nil {
            throw ValidationError("method: must be one of \(ConsumptionMethod.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let minRating, !(1...5).contains(minRating) {
            throw ValidationError("min-rating: must be a whole number from 1 to 5")
        }
        if let limit, limit < 1 {
            throw ValidationError("limit: must be at least 1")
        }
    }

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let memories = try await load(journal)
        if output.json { return try TerminalOutput.json(memories) }
        if memories.isEmpty {
            print("No memories yet. Add one with: buds add --strain NAME --type flower --rating 4")
            return
        }
        TerminalOutput.table(
            ["ID", "WHEN", "STRAIN", "TYPE", "RATING", "EFFECTS", "SHARED", ""],
            memories.map { memory in
                let (shown, more) = TimelineViewModel.effectSummary(memory)
                return [
                    TextFormat.shortID(memory.id), TextFormat.dateTime(memory.sessionAt, style: .localMinutes), memory.strainName,
                    memory.productType.rawValue, Output.stars(memory.rating),
                    shown.joined(separator: ", ") + (more > 0 ? " +\(more)" : ""),
                    memory.sharedBy.map { "from \($0.displayName)" } ?? (memory.isShared ? "shared" : ""), memory.isFavorited ? "♥" : "",
                ]
            }
        )
    }

    @MainActor
    private func load(_ journal: BudsServices) async throws -> [Memory] {
        let timeline = TimelineViewModel(repository: journal.repository, pageSize: min(limit ?? MemoryRepository.pageSize, MemoryRepository.pageSize))
        timeline.filter = MemoryFilter(
            productType: type.flatMap { ProductType(rawValue: $0.lowercased()) }, effect: effect,
            minimumRating: minRating, consumptionMethod: method.flatMap { ConsumptionMethod(rawValue: $0.lowercased()) },
            searchText: search, favoritesOnly: favorites
        )
        await timeline.reload()
        while timeline.hasMore, timeline.errorMessage == nil, limit.map({ timeline.memories.count < $0 }) ?? true {
            await timeline.loadNextPage()
        }
        if let message = timeline.errorMessage { throw CLIError(message) }
        return Array(timeline.memories.prefix(limit ?? Int.max))
    }
}

/// A failure reported by a view model as a message.
struct CLIError: LocalizedError {
    let errorDescription: String?
    init(_ message: String) { errorDescription = message }
}
