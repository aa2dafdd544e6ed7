public import Foundation
public import Validation

/// A dive as the wizard (or the CLI) collects it: every field optional until it is validated.
///
/// The seed's wizard gates its steps: step 1 needs the site and the time, step 2 the depth and
/// the bottom time (the seed's minimum viable fields); the rest is optional. ``issues()`` gives
/// every problem at once, one message per field, for the form; ``validated(id:createdAt:)``
/// turns a clean draft into the values the store writes.
public struct DiveDraft: Hashable, Sendable {
    public var siteID: String?
    public var startTime: Date?
    public var maxDepthMeters: Double?
    public var averageDepthMeters: Double?
    public var bottomTimeSeconds: Int?
    public var waterTemperatureCelsius: Double?
    public var visibilityMeters: Double?
    public var current: CurrentStrength?
    /// 21 (air) to 100.
    public var oxygenPercent: Int?
    public var startPressureBar: Double?
    public var endPressureBar: Double?
    public var buddy: String?
    public var notes: String?
    public var tags: [String]
    public var rating: Int?
    public var sightings: [SightingDraft]
    /// What the wizard does not edit (number, equipment, computer data), kept as it was.
    public var details: DiveDetails
    /// Whether the dive must name its site: always for a new dive; an imported dive whose log
    /// did not say where it was can be edited without choosing one.
    public var requiresSite: Bool

    public static let depthRange = 0.0...330.0
    public static let bottomTimeMinutesRange = 1...600
    public static let temperatureRange = -2.0...40.0
    public static let visibilityRange = 0.0...100.0
    public static let pressureRange = 0.0...350.0
    public static let oxygenRange = 21...100
    public static let ratingRange = 1...5
    public static let maximumNotesLength = 10_000
    public static let maximumNameLength = 200

    public init(
        siteID: String? = nil, startTime: Date? = nil, maxDepthMeters: Double? = nil, averageDepthMeters: Double? = nil,
        bottomTimeSeconds: Int? = nil, waterTemperatureCelsius: Double? = nil, visibilityMeters: Double? = nil,
        current: CurrentStrength? = nil, oxygenPercent: Int? = nil, startPressureBar: Double? = nil,
        endPressureBar: Double? = nil, buddy: String? = nil, notes: String? = nil, tags: [String] = [],
        rating: Int? = nil, sightings: [SightingDraft] = [], details: DiveDetails = DiveDetails(), requiresSite: Bool = true
    ) {
        self.siteID = siteID
        self.startTime = startTime
        self.maxDepthMeters = maxDepthMeters
        self.averageDepthMeters = averageDepthMeters
        self.bottomTimeSeconds = bottomTimeSeconds
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.visibilityMeters = visibilityMeters
        self.current = current
        self.oxygenPercent = oxygenPercent
        self.startPressureBar = startPressureBar
        self.endPressureBar = endPressureBar
        self.buddy = buddy
        self.notes = notes
        self.tags = tags
        self.rating = rating
        self.sightings = sightings
        self.details = details
        self.requiresSite = requiresSite
    }

    /// The draft of an existing dive, for editing.
    public init(_ logged: LoggedDive) {
        let dive = logged.dive
        self.init(
            siteID: dive.siteID, startTime: dive.startTime, maxDepthMeters: dive.maxDepthMeters,
            averageDepthMeters: dive.averageDepthMeters, bottomTimeSeconds: dive.bottomTimeSeconds,
            waterTemperatureCelsius: dive.waterTemperatureCelsius, visibilityMeters: dive.visibilityMeters,
            current: dive.current, oxygenPercent: dive.gas.oxygenPercent, startPressureBar: dive.startPressureBar,
            endPressureBar: dive.endPressureBar, buddy: dive.buddy, notes: dive.notes, tags: dive.tags,
            rating: dive.rating,
            sightings: logged.sightings.map { SightingDraft(speciesID: $0.speciesID, count: $0.count, note: $0.note) },
            details: dive.details, requiresSite: dive.siteID != nil
        )
    }

    /// Whether step 1 (site and time) is complete, which unlocks step 2.
    public var isStepOneComplete: Bool { siteID?.isEmpty == false && startTime != nil }

    /// Whether the essentials are there and valid, which enables the wizard's fast save.
    public var canSave: Bool { issues().isEmpty }

    /// Every problem, in the wizard's field order.
    public func issues() -> [FieldIssue<DiveField>] {
        var issues: [FieldIssue<DiveField>] = []
        func check(_ condition: Bool, _ field: DiveField, _ reason: @autoclosure () -> String) {
            if !condition { issues.append(FieldIssue(field, reason())) }
        }
        if requiresSite || siteID != nil {
            check(siteID.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false, .site, "choose the dive site")
        }
        check(startTime != nil, .startTime, "give the date and time the dive started")
        if let depth = maxDepthMeters {
            check(depth.isFinite && Self.depthRange.contains(depth), .maxDepth, "must be 0–330 m")
        } else {
            check(false, .maxDepth, "give the maximum depth")
        }
        if let average = averageDepthMeters {
            check(average.isFinite && Self.depthRange.contains(average), .averageDepth, "must be 0–330 m")
            if let depth = maxDepthMeters, average.isFinite, depth.isFinite {
                check(average <= depth, .averageDepth, "cannot be deeper than the maximum depth")
            }
        }
        if let seconds = bottomTimeSeconds {
            let minutes = Self.bottomTimeMinutesRange
            check(
                (minutes.lowerBound * 60...minutes.upperBound * 60).contains(seconds), .bottomTime, "must be 1–600 minutes"
            )
        } else {
            check(false, .bottomTime, "give the bottom time in minutes")
        }
        if let temperature = waterTemperatureCelsius {
            check(temperature.isFinite && Self.temperatureRange.contains(temperature), .waterTemperature, "must be −2–40 °C")
        }
        if let visibility = visibilityMeters {
            check(visibility.isFinite && Self.visibilityRange.contains(visibility), .visibility, "must be 0–100 m")
        }
        if let oxygen = oxygenPercent {
            check(Self.oxygenRange.contains(oxygen), .oxygen, "oxygen must be 21–100 %")
        }
        for (pressure, field) in [(startPressureBar, DiveField.startPressure), (endPressureBar, .endPressure)] {
            if let pressure {
                check(pressure.isFinite && Self.pressureRange.contains(pressure), field, "must be 0–350 bar")
            }
        }
        if let start = startPressureBar, let end = endPressureBar, start.isFinite, end.isFinite {
            check(end <= start, .endPressure, "cannot be above the start pressure")
        }
        if let buddy {
            check(buddy.count <= Self.maximumNameLength, .buddy, "must be at most \(Self.maximumNameLength) characters")
        }
        if let notes {
            check(notes.count <= Self.maximumNotesLength, .notes, "must be at most \(Self.maximumNotesLength) characters")
        }
        for tag in tags {
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            check(!trimmed.isEmpty && trimmed.count <= 40 && !trimmed.contains("\n"), .tags, "\"\(tag)\" must be 1–40 characters on one line")
        }
        if let rating {
            check(Self.ratingRange.contains(rating), .rating, "must be a whole number from 1 to 5")
        }
        for sighting in sightings {
            check(!sighting.speciesID.isEmpty, .sighting, "name the species")
            check((1...10_000).contains(sighting.count), .sighting, "count for \(sighting.speciesID) must be 1–10000")
        }
        return issues
    }

    /// The dive and its sightings as the store writes them.
    ///
    /// - Throws: `UmiLogError.invalidField` for the first problem of ``issues()``.
    public func validated(id: UUID, createdAt: Date, updatedAt: Date) throws(UmiLogError) -> (Dive, [Sighting]) {
        if let issue = issues().first { throw .invalidField(issue) }
        guard let startTime, let maxDepthMeters, let bottomTimeSeconds else {
            throw .invalidField(FieldIssue(.startTime, "give the date and time the dive started"))  // unreachable: issues() covers these
        }
        let dive = Dive(
            id: id, siteID: siteID?.trimmingCharacters(in: .whitespaces), startTime: startTime,
            maxDepthMeters: maxDepthMeters, averageDepthMeters: averageDepthMeters, bottomTimeSeconds: bottomTimeSeconds,
            waterTemperatureCelsius: waterTemperatureCelsius, visibilityMeters: visibilityMeters, current: current,
            gas: (oxygenPercent ?? 21) == 21 ? .air : .nitrox(oxygenPercent: oxygenPercent ?? 21),
            startPressureBar: startPressureBar, endPressureBar: endPressureBar, buddy: Self.cleaned(buddy),
            notes: Self.cleaned(notes), tags: Self.normalised(tags), rating: rating, details: details, createdAt: createdAt,
            updatedAt: updatedAt
        )
        let sightings = sightings.map { Sighting(diveID: id, speciesID: $0.speciesID, count: $0.count, note: Self.cleaned($0.note)) }
        return (dive, sightings)
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Lower-cased, trimmed, each once, in the order first given.
    private static func normalised(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { seen.insert($0).inserted }
    }
}

/// A species to record on a dive.
public struct SightingDraft: Hashable, Sendable {
    public var speciesID: String
    public var count: Int
    public var note: String?

    public init(speciesID: String, count: Int = 1, note: String? = nil) {
        self.speciesID = speciesID
        self.count = count
        self.note = note
    }
}
