import ArgumentParser
import CommandLineKit
import DecoKit
import Foundation
import UmiLogCore
import Validation

/// `umilog log`: the full wizard in one line.
struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log a dive: --site, --at, --depth and --time are required; the rest is optional."
    )
    @OptionGroup var fields: DiveOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        var draft = DiveDraft()
        try await fields.apply(to: &draft, services: services)
        let logged = try await services.saver.save(draft, at: global.storeOptions.clock())
        try await DiveReport.print(logged, verb: "Logged", services: services, global: global)
    }
}

/// `umilog quick`: one-tap logging from the previous dive at the site.
struct Quick: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log a dive like your previous one at the site (--at defaults to now; other options override)."
    )
    @OptionGroup var fields: DiveOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        guard let siteText = fields.site else { throw ValidationError("quick needs --site") }
        let services = try await global.services()
        let site = try await services.sites.find(siteText)
        let startTime = fields.at?.date ?? global.storeOptions.clock()
        let logged = try await services.quickLog.log(siteID: site.id, startTime: startTime, at: global.storeOptions.clock()) { draft in
            try await fields.apply(to: &draft, services: services)
        }
        try await DiveReport.print(logged, verb: "Quick-logged", services: services, global: global)
    }
}

/// `umilog edit ID …`: change the given fields of a dive.
struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change a logged dive; only the options given change.")
    @Argument(help: "The dive's id (or its first 4+ characters).") var id: String
    @OptionGroup var fields: DiveOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let existing = try await services.dives.find(id)
        var draft = DiveDraft(existing)
        try await fields.apply(to: &draft, services: services)
        let logged = try await services.saver.update(existing.id, with: draft, at: global.storeOptions.clock())
        try await DiveReport.print(logged, verb: "Updated", services: services, global: global)
    }
}

/// `umilog delete ID`.
struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Delete a dive and its sightings.")
    @Argument(help: "The dive's id (or its first 4+ characters).") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let existing = try await services.dives.find(id)
        try await services.saver.delete(existing.id, at: global.storeOptions.clock())
        if global.json {
            return try TerminalOutput.json(["id": existing.id.uuidString.lowercased(), "deleted": "true"])
        }
        print("Deleted dive \(existing.id.uuidString.lowercased()).")
    }
}

/// `umilog list`: the history, newest first.
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Your dives, newest first, with filters.")
    @Option(name: .long, help: "Only at this site (id or exact name).") var site: String?
    @Option(name: .long, help: "From this date.") var from: DateTimeArgument?
    @Option(name: .long, help: "Up to this date.") var to: DateTimeArgument?
    @Option(name: .customLong("min-depth"), help: "At least this deep.") var minDepth: LengthArgument?
    @Option(name: .customLong("max-depth"), help: "At most this deep.") var maxDepth: LengthArgument?
    @Option(name: .long, help: "Where this species was seen (id or name).") var species: String?
    @Option(name: .long, help: "With this tag.") var tag: String?
    @Option(name: .long, help: "At most this many.") var limit: Int?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        var filter = DiveFilter(
            from: from?.date, to: to?.date, minDepthMeters: minDepth?.meters, maxDepthMeters: maxDepth?.meters,
            tag: tag, limit: limit
        )
        if let site { filter.siteID = try await services.sites.find(site).id }
        if let species { filter.speciesID = try await services.species.resolve(species).id }
        let dives = try await services.dives.history(filter)
        let sites = try await Output.sitesByID(dives, services: services)
        if global.json {
            let species = try await Output.speciesByID(dives, services: services)
            return try TerminalOutput.json(
                dives.map { DiveOutput($0, site: $0.dive.siteID.flatMap { sites[$0] }, species: species, timeZone: services.timeZone) })
        }
        guard !dives.isEmpty else { return print("No dives logged yet. Log one with: umilog log --site ID --at … --depth … --time …") }
        let units = global.units
        TerminalOutput.table(
            ["ID", "WHEN", "SITE", "DEPTH", "TIME", "SIGHTINGS"],
            dives.map { logged in
                let dive = logged.dive
                return [
                    TextFormat.shortID(dive.id), Output.dateTime(dive.startTime), Output.siteName(dive.siteID, sites),
                    units.length(dive.maxDepthMeters), Output.duration(dive.bottomTimeSeconds), String(logged.sightings.count),
                ]
            })
    }
}

/// `umilog show ID`.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one dive with its sightings.")
    @Argument(help: "The dive's id (or its first 4+ characters).") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let logged = try await services.dives.find(id)
        try await DiveReport.print(logged, verb: nil, services: services, global: global)
    }
}

/// How a single dive is printed by `log`, `quick`, `edit` and `show`.
enum DiveReport {
    static func print(_ logged: LoggedDive, verb: String?, services: UmiLogServices, global: GlobalOptions) async throws {
        var site: DiveSite?
        if let siteID = logged.dive.siteID { site = try await services.sites.fetch(id: siteID) }
        let species = try await Output.speciesByID([logged], services: services)
        let deco = try await services.deco.analysis(of: logged.dive)
        if global.json {
            return try TerminalOutput.json(DiveOutput(logged, site: site, species: species, timeZone: services.timeZone, deco: deco))
        }
        let dive = logged.dive
        let units = global.units
        if let verb { Swift.print("\(verb) dive \(dive.id.uuidString.lowercased()).") }
        var lines = [
            "\(site?.name ?? dive.siteID ?? "Unknown site") — \(Output.dateTime(dive.startTime))",
            "  id:          \(dive.id.uuidString.lowercased())",
            "  depth:       max \(units.length(dive.maxDepthMeters))" + (dive.averageDepthMeters.map { ", average \(units.length($0))" } ?? ""),
            "  time:        \(Output.duration(dive.bottomTimeSeconds))",
            "  gas:         \(dive.gas.label)",
        ]
        if let temperature = dive.waterTemperatureCelsius { lines.append("  water:       \(units.temperature(temperature))") }
        if let visibility = dive.visibilityMeters { lines.append("  visibility:  \(units.length(visibility))") }
        if let current = dive.current { lines.append("  current:     \(current.rawValue)") }
        if dive.startPressureBar != nil || dive.endPressureBar != nil {
            lines.append("  pressure:    \(dive.startPressureBar.map(units.pressure) ?? "?") → \(dive.endPressureBar.map(units.pressure) ?? "?")")
        }
        if let buddy = dive.buddy { lines.append("  buddy:       \(buddy)") }
        lines += details(dive.details, units: units)
        if let rating = dive.rating {
            lines.append("  rating:      \(String(repeating: "★", count: rating))\(String(repeating: "☆", count: 5 - rating))")
        }
        if !dive.tags.isEmpty { lines.append("  tags:        \(dive.tags.joined(separator: ", "))") }
        if let notes = dive.notes { lines.append("  notes:       \(notes)") }
        for (index, sighting) in logged.sightings.enumerated() {
            let name = species[sighting.speciesID].map { "\($0.commonName) (\($0.scientificName))" } ?? sighting.speciesID
            lines.append((index == 0 ? "  sightings:   " : "               ") + "\(sighting.count) × \(name)")
        }
        let samples = try await services.dives.samples(of: dive.id)
        if let deepest = DiveProfile.maximumDepth(of: samples), let last = samples.last {
            lines.append(
                "  profile:     \(Wording.counted(samples.count, "point")) over \(Output.duration(last.timeSeconds)), deepest sample \(units.length(deepest))"
            )
        } else if try await services.sync.isProfileAwaited(dive.id) {
            lines.append("  profile:     not on this device yet (recorded on another; the next sync fetches it)")
        }
        if let deco { lines += DecoLines.lines(deco, units: units) }
        for (signoff, status) in try await services.signoffs.verify(dive.id) {
            let who = signoff.payload.instructor.isEmpty ? signoff.signerDID : signoff.payload.instructor
            lines.append("  signed off:  by \(who) — \(SignoffOutput.describe(status))")
        }
        lines.forEach { Swift.print($0) }
    }

    /// The lines for what dive logs record beyond the wizard's fields.
    private static func details(_ details: DiveDetails, units: UnitSystem) -> [String] {
        var lines: [String] = []
        if let number = details.number { lines.append("  number:      \(number)") }
        if let divemaster = details.divemaster { lines.append("  divemaster:  \(divemaster)") }
        if details.mode != .openCircuit { lines.append("  mode:        \(details.mode.rawValue)") }
        if let air = details.airTemperatureCelsius { lines.append("  air:         \(units.temperature(air))") }
        if let suit = details.suit { lines.append("  suit:        \(suit)") }
        for (index, cylinder) in details.cylinders.enumerated() {
            let gas =
                cylinder.heliumPercent > 0
                ? "\(Wording.number(cylinder.oxygenPercent))/\(Wording.number(cylinder.heliumPercent))"
                : cylinder.breathingGas?.label ?? "\(Wording.number(cylinder.oxygenPercent)) % O₂"
            let parts = [
                cylinder.description, cylinder.sizeLiters.map { "\(Wording.number($0)) l" }, gas,
                cylinder.startPressureBar.map { "\(units.pressure($0)) → \(cylinder.endPressureBar.map(units.pressure) ?? "?")" },
                cylinder.use.map(\.rawValue),
            ].compactMap { $0 }
            lines.append((index == 0 ? "  cylinders:   " : "               ") + parts.joined(separator: ", "))
        }
        let weight = details.weights.reduce(0) { $0 + $1.kilograms }
        if !details.weights.isEmpty { lines.append("  weight:      \(Wording.number(weight)) kg") }
        if let computer = details.diveComputer { lines.append("  computer:    \(computer)") }
        return lines
    }
}

/// The decompression model's view of a logged dive, for `umilog show`.
enum DecoLines {
    static func lines(_ deco: DecoHistory.DiveAnalysis, units: UnitSystem) -> [String] {
        let analysis = deco.analysis
        var lines: [String] = []
        var ceiling =
            analysis.deepestCeiling > 0
            ? "deepest ceiling \(units.length(analysis.deepestCeiling))" : "no ceiling (a no-stop dive)"
        ceiling += " — Bühlmann ZH-L16C, GF \(deco.factors), "
        if let loop = deco.loop {
            let pressures = loop.oxygenPressures
            let range =
                pressures.lowerBound == pressures.upperBound
                ? Wording.number(pressures.lowerBound) : "\(Wording.number(pressures.lowerBound))–\(Wording.number(pressures.upperBound))"
            ceiling += "on the rebreather's loop, diluent \(loop.diluent.name), pO₂ \(range) bar"
            ceiling += loop.recorded ? " as recorded" : " assumed (the log records none)"
        } else {
            ceiling += "on \(deco.gas.name)"
        }
        if !deco.assumedSwitches.isEmpty {
            let switches = deco.assumedSwitches.map { "\($0.gas.name) from \(units.length($0.depth))" }
            ceiling += ", then \(switches.joined(separator: ", then ")) (switches assumed at MOD: the log records none)"
        }
        if deco.earlierDives > 0 { ceiling += ", after \(Wording.counted(deco.earlierDives, "earlier dive")) within 48 h" }
        lines.append("  deco:        \(ceiling)")
        if analysis.violations.isEmpty {
            lines.append("  ceiling:     never broken")
        } else {
            let worst = analysis.violations.max { $0.deepestMiss < $1.deepestMiss }!
            let seconds = analysis.violations.reduce(0) { $0 + max($1.end - $1.start, 2) }
            lines.append(
                "  ceiling:     BROKEN \(Wording.counted(analysis.violations.count, "time")) for \(seconds) s, worst \(units.length(worst.deepestMiss)) above a \(units.length(worst.ceiling)) ceiling at \(ImportReport.clock(worst.start))"
            )
        }
        let leading = analysis.leadingCompartment
        lines.append(
            "  tissues:     compartment \(leading) leads at \(Int(analysis.surfaceLoading[leading - 1].rounded())) % of its surface limit on surfacing; CNS \(Wording.number((analysis.oxygen.cnsPercent * 10).rounded() / 10)) %, \(Wording.number(analysis.oxygen.otu.rounded())) OTU"
        )
        return lines
    }
}
