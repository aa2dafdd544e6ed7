import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Insights: sessions and ratings per strain and method, most frequent effects."
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Option(help: "From this date (inclusive; ISO 8601).") var from: String?
    @Option(help: "Up to this date (exclusive; ISO 8601).") var to: String?
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let fromDate = try from.map { try Self.date($0, field: "from") }
        let toDate = try to.map { try Self.date($0, field: "to") }
        let journal = try storeOptions.openJournal()
        let insights = try await journal.insights.insights(from: fromDate, to: toDate)
        if output.json { return try TerminalOutput.json(insights) }
        print("Sessions: \(insights.sessions)")
        if let average = insights.averageRating { print("Average rating: \(String(format: "%.2f", average))") }
        print("Favourites: \(insights.favorites)")
        if !insights.strains.isEmpty {
            print("\nStrains")
            TerminalOutput.table(
                ["STRAIN", "SESSIONS", "AVG RATING"],
                insights.strains.map {
                    [$0.strain, "\($0.sessions)", String(format: "%.2f", $0.averageRating)]
                })
        }
        if !insights.methods.isEmpty {
            print("\nMethods")
            TerminalOutput.table(
                ["METHOD", "SESSIONS", "AVG RATING"],
                insights.methods.map {
                    [$0.method, "\($0.sessions)", String(format: "%.2f", $0.averageRating)]
                })
        }
        if !insights.effects.isEmpty {
            print("\nEffects")
            TerminalOutput.table(["EFFECT", "SESSIONS"], insights.effects.map { [$0.effect, "\($0.sessions)"] })
        }
    }

    private static func date(_ text: String, field: String) throws -> Date {
        guard let date = SessionTimeParser.parse(text) else {
            throw ValidationError("\(field): must be a date like 2026-11-20 or 2026-11-20T21:30 (ISO 8601)")
        }
        return date
    }
}
