import ArgumentParser
import CommandLineKit
import Foundation
import UmiLogCore
import Validation

/// `umilog stats`: the profile tiles and milestones.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Your diving in numbers.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let stats = try await services.stats.stats()
        if global.json { return try TerminalOutput.json(stats) }
        let units = global.units
        var lines = [
            "Dives:              \(stats.dives)",
            "Max depth:          \(stats.maxDepthMeters.map(units.length) ?? "–")",
            "Sites:              \(stats.sites)",
            "Species:            \(stats.species)",
            "Total bottom time:  \(Output.duration(stats.totalBottomTimeSeconds))",
            "Countries:          \(stats.countries.isEmpty ? "–" : "\(stats.countries.count) (\(stats.countries.joined(separator: ", ")))")",
        ]
        for club in stats.depthClubs {
            let label = "\(units.length(club.depthMeters)) club:".padding(toLength: 20, withPad: " ", startingAt: 0)
            lines.append(label + (club.firstReachedAt.map { "joined \(Output.dateTime($0))" } ?? "not yet"))
        }
        if let streak = stats.longestStreak {
            lines.append("Longest streak:     \(Wording.counted(streak.days, "day")) (\(streak.firstDay) – \(streak.lastDay))")
        }
        if !stats.divesPerYear.isEmpty {
            lines.append("Dives per year:     " + stats.divesPerYear.map { "\($0.year): \($0.dives)" }.joined(separator: ", "))
        }
        lines.forEach { print($0) }
    }
}

/// `umilog seed`: what the shipped dataset holds, and the sample dives on request.
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load the shipped dive sites and species (done on first use); --sample-dives adds example dives."
    )
    @Flag(name: .customLong("sample-dives"), help: "Also add the sample dives with their sightings.") var sampleDives = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let report = try await services.seeder.seed(SeedDataset.bundled(), includeSampleDives: sampleDives, at: global.storeOptions.clock())
        let sites = try await services.sites.count()
        let dives = try await services.dives.count()
        if global.json {
            struct SeedOutput: Encodable {
                let inserted: [String: Int]
                let skipped: [String]
                let sites: Int
                let dives: Int
            }
            return try TerminalOutput.json(SeedOutput(inserted: report.inserted, skipped: report.skipped, sites: sites, dives: dives))
        }
        let added = report.inserted.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.replacingOccurrences(of: "_", with: " "))" }
        print(added.isEmpty ? "Already seeded." : "Added \(added.joined(separator: ", ")).")
        print("The store has \(Wording.counted(sites, "site")) and \(Wording.counted(dives, "dive")).")
    }
}
