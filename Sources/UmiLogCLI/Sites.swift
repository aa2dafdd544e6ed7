import ArgumentParser
import CommandLineKit
import Foundation
import Geo
import UmiLogCore
import Validation

/// `umilog sites …`: find dive sites by name, near a point, or in a map viewport.
struct Sites: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find dive sites: search, near a point, inside map bounds; show one; mark it.",
        subcommands: [Search.self, Near.self, Bounds.self, ShowSite.self, Mark.self]
    )

    static func print(_ sites: [(DiveSite, SiteStatus?, Double?)], global: GlobalOptions) throws {
        if global.json {
            return try TerminalOutput.json(sites.map { SiteOutput($0.0, status: $0.1, distanceMeters: $0.2) })
        }
        guard !sites.isEmpty else {
            Swift.print("No dive sites found.")
            return
        }
        let hasDistance = sites.contains { $0.2 != nil }
        let header = ["ID", "NAME", "COUNTRY", "REGION", "MAX DEPTH"] + (hasDistance ? ["DISTANCE"] : []) + ["TAGS"]
        TerminalOutput.table(
            header,
            sites.map { site, _, distance in
                [site.id, site.name, site.country, site.region, site.maxDepthMeters.map(global.units.length) ?? "–"]
                    + (hasDistance ? [distance.map { Output.distance($0, units: global.units) } ?? ""] : [])
                    + [site.tags.prefix(4).map(\.rawValue).joined(separator: ", ")]
            })
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Search sites by name, area, country, description or tag.")
        @Argument(help: "Words to find (each as a prefix).") var query: [String]
        @Option(name: .long, help: "At most this many results.") var limit = 20
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let sites = try await services.sites.search(query.joined(separator: " "), limit: max(1, limit))
            try Sites.print(sites.map { ($0, nil, nil) }, global: global)
        }
    }

    struct Near: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sites within a radius of a point, nearest first.")
        @Option(name: .long, parsing: .unconditional, help: "Latitude in degrees.") var lat: Double
        @Option(name: .long, parsing: .unconditional, help: "Longitude in degrees.") var lon: Double
        @Option(name: .long, help: "Radius (metres, or e.g. 50km, 10mi; default 50km).") var radius: RadiusArgument = .init(meters: 50_000)
        @Option(name: .long, help: "At most this many results.") var limit = 50
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let center = try Self.coordinate(lat, lon)
            let services = try await global.services()
            let found = try await services.sites.near(center, radius: radius.meters, limit: max(1, limit))
            try Sites.print(found.map { ($0.site, nil, $0.distanceMeters) }, global: global)
        }

        static func coordinate(_ lat: Double, _ lon: Double) throws -> Coordinate {
            do {
                return try Coordinate(latitude: lat, longitude: lon)
            } catch {
                throw ValidationError(error.localizedDescription)
            }
        }
    }

    struct Bounds: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sites inside map bounds (west > east crosses the antimeridian)."
        )
        @Option(name: .long, parsing: .unconditional, help: "Southern edge.") var south: Double
        @Option(name: .long, parsing: .unconditional, help: "Western edge.") var west: Double
        @Option(name: .long, parsing: .unconditional, help: "Northern edge.") var north: Double
        @Option(name: .long, parsing: .unconditional, help: "Eastern edge.") var east: Double
        @Option(name: .long, help: "At most this many results.") var limit: Int?
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let bounds: MapBounds
            do {
                bounds = try MapBounds(south: south, west: west, north: north, east: east)
            } catch {
                throw ValidationError(error.localizedDescription)
            }
            let services = try await global.services()
            let sites = try await services.sites.fetchInBounds(bounds, limit: limit.map { max(1, $0) })
            if !global.json { Swift.print("\(Wording.counted(sites.count, "site")) in view.") }
            try Sites.print(sites.map { ($0, nil, nil) }, global: global)
        }
    }

    struct ShowSite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one site.")
        @Argument(help: "The site's id or exact name.") var site: String
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let site = try await services.sites.find(site)
            let status = try await services.sites.status(of: site.id)
            let dives = try await services.dives.history(DiveFilter(siteID: site.id))
            if global.json { return try TerminalOutput.json(SiteOutput(site, status: status)) }
            let units = global.units
            var lines = [
                site.name,
                "  id:          \(site.id)",
                "  where:       \([site.area, site.country, site.region].compactMap { $0 }.joined(separator: ", "))",
                "  position:    " + (site.coordinate.map { String(format: "%.5f, %.5f", $0.latitude, $0.longitude) } ?? "unknown"),
                "  depth:       "
                    + [
                        site.typicalDepthMeters.map { "typical \(units.length($0))" },
                        site.maxDepthMeters.map { "max \(units.length($0))" },
                    ].compactMap { $0 }.joined(separator: ", "),
                "  entry:       \(site.entry.rawValue), \(site.difficulty.rawValue)",
                "  tags:        \(site.tags.map(\.rawValue).joined(separator: ", "))",
                "  status:      \(status?.rawValue ?? "not on your lists")" + (dives.isEmpty ? "" : " (\(Wording.counted(dives.count, "dive")))"),
            ]
            if !site.description.isEmpty { lines.append("  about:       \(site.description)") }
            lines.append("  source:      \(site.source) (\(site.license))")
            lines.forEach { Swift.print($0) }
        }
    }

    struct Mark: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put a site on your wishlist, mark it visited, or clear it (a site with dives stays logged)."
        )
        @Argument(help: "The site's id or exact name.") var site: String
        @Argument(help: "wishlist, visited or none.") var status: String
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let wanted: SiteStatus?
            switch status.lowercased() {
            case "none", "clear": wanted = nil
            case "wishlist": wanted = .wishlist
            case "visited": wanted = .visited
            default: throw ValidationError("status must be wishlist, visited or none")
            }
            let services = try await global.services()
            let site = try await services.sites.find(site)
            try await services.sites.setStatus(wanted, for: site.id, at: global.storeOptions.clock())
            let now = try await services.sites.status(of: site.id)
            if global.json { return try TerminalOutput.json(SiteOutput(site, status: now)) }
            Swift.print("\(site.name): \(now?.rawValue ?? "not on your lists")")
        }
    }
}

/// A radius in metres; `km` and `mi` suffixes converted.
struct RadiusArgument: UnitArgument {
    let meters: Double

    init(meters: Double) { self.meters = meters }

    init?(value: Double, unit: String) {
        guard value >= 0 else { return nil }
        switch unit {
        case "", "m": meters = value
        case "km": meters = value * 1_000
        case "mi": meters = value * 1_609.344
        default: return nil
        }
    }

    var defaultValueDescription: String { "50km" }
}
