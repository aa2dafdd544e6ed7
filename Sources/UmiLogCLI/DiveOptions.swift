import ArgumentParser
import CommandLineKit
import Foundation
import UmiLogCore

/// The dive fields `log`, `quick` and `edit` take. Each given option replaces that field of
/// the draft; options not given leave it as it is.
struct DiveOptions: ParsableArguments {
    @Option(name: .long, help: "The dive site's id or exact name.") var site: String?
    @Option(name: .long, help: "When the dive started (ISO 8601, local time unless an offset is given).") var at: DateTimeArgument?
    @Option(name: .long, help: "Maximum depth (metres, or e.g. 82ft).") var depth: LengthArgument?
    @Option(name: .customLong("avg-depth"), help: "Average depth.") var averageDepth: LengthArgument?
    @Option(name: .long, help: "Bottom time (minutes, or h:mm).") var time: TimeArgument?
    @Option(name: .long, parsing: .unconditional, help: "Water temperature (°C, or e.g. 80F; -1 works).") var temp: TemperatureArgument?
    @Option(name: .long, help: "Visibility (metres).") var visibility: LengthArgument?
    @Option(name: .long, help: "Current: none, light, moderate or strong.") var current: CurrentStrength?
    @Option(name: .long, help: "Gas: air, or nitrox as ean32 / nitrox32 / 32.") var gas: NitroxArgument?
    @Option(name: .customLong("start-pressure"), help: "Start pressure (bar, or e.g. 3000psi).") var startPressure: PressureArgument?
    @Option(name: .customLong("end-pressure"), help: "End pressure.") var endPressure: PressureArgument?
    @Option(name: .long, help: "Dive buddy.") var buddy: String?
    @Option(name: .long, help: "Notes.") var notes: String?
    @Option(name: .long, help: "A tag (repeat for more).") var tag: [String] = []
    @Option(name: .long, help: "Rating, 1 to 5.") var rating: Int?
    @Option(name: .long, help: "A species seen, as SPECIES[:COUNT] (id or name; repeat for more).") var sighting: [SightingArgument] = []

    /// `draft` with every given option applied; sightings are resolved to species ids.
    func apply(to draft: inout DiveDraft, services: UmiLogServices) async throws {
        if let site { draft.siteID = try await services.sites.find(site).id }
        if let at { draft.startTime = at.date }
        if let depth { draft.maxDepthMeters = depth.meters }
        if let averageDepth { draft.averageDepthMeters = averageDepth.meters }
        if let time { draft.bottomTimeSeconds = time.seconds }
        if let temp { draft.waterTemperatureCelsius = temp.celsius }
        if let visibility { draft.visibilityMeters = visibility.meters }
        if let current { draft.current = current }
        if let gas { draft.oxygenPercent = gas.oxygenPercent }
        if let startPressure { draft.startPressureBar = startPressure.bar }
        if let endPressure { draft.endPressureBar = endPressure.bar }
        if let buddy { draft.buddy = buddy }
        if let notes { draft.notes = notes }
        if !tag.isEmpty { draft.tags = tag }
        if let rating { draft.rating = rating }
        if !sighting.isEmpty {
            var sightings: [SightingDraft] = []
            for item in sighting {
                let species = try await services.species.resolve(item.species)
                sightings.append(SightingDraft(speciesID: species.id, count: item.count))
            }
            draft.sightings = sightings
        }
    }
}
