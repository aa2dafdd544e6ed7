public import Foundation
public import Logging

/// The one way dives are written: validates the wizard's draft, writes the dive, its
/// sightings and the site's list state in one transaction (``DiveRepository``), then tells
/// every listener (``DiveLogEvents``). Nothing is written when validation fails.
public struct WizardSaver: Sendable {
    private let dives: DiveRepository
    private let events: DiveLogEvents
    private let logger: Logger

    public init(dives: DiveRepository, events: DiveLogEvents, logger: Logger) {
        self.dives = dives
        self.events = events
        self.logger = logger
    }

    /// Logs a new dive.
    ///
    /// - Throws: `UmiLogError.invalidField` (first problem of the draft), `.siteNotFound`,
    ///   `.speciesNotFound`, `.storeFailed`.
    @discardableResult
    public func save(_ draft: DiveDraft, id: UUID = UUID(), at now: Date) async throws(UmiLogError) -> LoggedDive {
        let (dive, sightings) = try draft.validated(id: id, createdAt: now, updatedAt: now)
        try await dives.create(dive, sightings: sightings)
        logger.info("dive logged", metadata: ["dive": "\(dive.id)", "site": "\(dive.siteID ?? "-")", "sightings": "\(sightings.count)"])
        await events.publish(DiveLogChange(kind: .created, diveID: dive.id, siteIDs: [dive.siteID].compactMap { $0 }))
        return LoggedDive(dive: dive, sightings: sightings)
    }

    /// Replaces a logged dive with the edited draft (its id and creation time are kept).
    @discardableResult
    public func update(_ id: UUID, with draft: DiveDraft, at now: Date) async throws(UmiLogError) -> LoggedDive {
        guard let existing = try await dives.fetch(id: id) else { throw .diveNotFound(id.uuidString.lowercased()) }
        let (dive, sightings) = try draft.validated(id: id, createdAt: existing.dive.createdAt, updatedAt: now)
        try await dives.update(dive, sightings: sightings)
        logger.info("dive updated", metadata: ["dive": "\(dive.id)", "site": "\(dive.siteID ?? "-")"])
        let sites =
            existing.dive.siteID == dive.siteID
            ? [dive.siteID].compactMap { $0 } : [existing.dive.siteID, dive.siteID].compactMap { $0 }
        await events.publish(DiveLogChange(kind: .updated, diveID: dive.id, siteIDs: sites))
        return LoggedDive(dive: dive, sightings: sightings)
    }

    /// Deletes a dive and what was seen on it.
    public func delete(_ id: UUID, at now: Date) async throws(UmiLogError) {
        guard let existing = try await dives.fetch(id: id) else { throw .diveNotFound(id.uuidString.lowercased()) }
        try await dives.delete(id: id, at: now)
        logger.info("dive deleted", metadata: ["dive": "\(id)"])
        await events.publish(DiveLogChange(kind: .deleted, diveID: id, siteIDs: [existing.dive.siteID].compactMap { $0 }))
    }
}
