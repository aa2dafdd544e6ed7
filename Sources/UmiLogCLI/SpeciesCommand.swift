import ArgumentParser
import CommandLineKit
import UmiLogCore

/// `umilog species …`: search species and see which ones you log most.
struct SpeciesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "species", abstract: "Find marine species and see the most logged ones.",
        subcommands: [Search.self, Popular.self]
    )

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Search species by common or scientific name.")
        @Argument(help: "Words to find (each as a prefix).") var query: [String]
        @Option(name: .long, help: "At most this many results.") var limit = 20
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let found = try await services.species.search(query.joined(separator: " "), limit: max(1, limit))
            if global.json { return try TerminalOutput.json(found.map { SpeciesOutput($0) }) }
            guard !found.isEmpty else { return print("No species found.") }
            TerminalOutput.table(
                ["ID", "COMMON NAME", "SCIENTIFIC NAME", "CATEGORY"],
                found.map {
                    [$0.id, $0.commonName, $0.scientificName, $0.category.rawValue]
                })
        }
    }

    struct Popular: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The species you logged most (in a region), then the region's others."
        )
        @Option(name: .long, help: "A region, e.g. \"Red Sea\".") var region: String?
        @Option(name: .long, help: "How many.") var limit = 10
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let popular = try await services.species.popular(limit: max(1, limit), region: region)
            if global.json { return try TerminalOutput.json(popular.map { SpeciesOutput($0.species, sightings: $0.sightings) }) }
            guard !popular.isEmpty else { return print("No species known\(region.map { " in \($0)" } ?? "").") }
            TerminalOutput.table(
                ["ID", "COMMON NAME", "SCIENTIFIC NAME", "SIGHTINGS"],
                popular.map {
                    [$0.species.id, $0.species.commonName, $0.species.scientificName, String($0.sightings)]
                })
        }
    }
}
