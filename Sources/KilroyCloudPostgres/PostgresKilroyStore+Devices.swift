public import Foundation
public import KilroyCloud
import Logging
import PostgresNIO

/// Legacy device claims: the claim row is written first, so concurrent claimants queue on it.
extension PostgresKilroyStore {

    public func claimLegacyDevice(legacy: DeviceDigest, by claimant: DeviceDigest, at date: Date) async throws
        -> LegacyClaimOutcome
    {
        let legacyBytes = Data(legacy.bytes)
        let claimantBytes = Data(claimant.bytes)
        do {
            return try await transaction { connection in
                try await claim(connection, legacy: legacyBytes, claimant: claimant, claimantBytes: claimantBytes, at: date)
            }
        } catch ClaimAbandoned.notFound {
            return .notFound
        }
    }

    /// Thrown inside a claim's transaction to roll back its claim row: nothing was stored
    /// under the legacy id.
    private enum ClaimAbandoned: Error {
        case notFound
    }

    /// ``claimLegacyDevice(legacy:by:at:)`` inside its transaction.
    ///
    /// The claim row is written first and only then is the legacy id's data looked for: a
    /// concurrent claim of the same id waits on that row, and finds it once the first claim
    /// commits — had it looked for the data first, it could see the data already moved away and
    /// answer "not found".
    private func claim(_ connection: PostgresConnection, legacy legacyBytes: Data, claimant: DeviceDigest, claimantBytes: Data, at date: Date)
        async throws -> LegacyClaimOutcome
    {
        if let outcome = try await Self.existingClaim(connection, legacy: legacyBytes, claimant: claimant, tables: tables, logger: logger) {
            return outcome
        }
        let claimed = try await Self.rows(
            connection,
            """
            INSERT INTO \(unescaped: tables.legacyClaims) (legacy, claimed_by, claimed_at)
            VALUES (\(legacyBytes), \(claimantBytes), \(date.timeIntervalSince1970))
            ON CONFLICT (legacy) DO NOTHING RETURNING 1
            """,
            logger: logger)
        guard !claimed.isEmpty else {
            return try await Self.existingClaim(connection, legacy: legacyBytes, claimant: claimant, tables: tables, logger: logger)
                ?? .claimedByAnother
        }
        let owned = try await Self.rows(
            connection,
            """
            SELECT EXISTS (SELECT 1 FROM \(unescaped: tables.kilroys) WHERE owner = \(legacyBytes))
            OR EXISTS (SELECT 1 FROM \(unescaped: tables.deviceDrops) WHERE owner = \(legacyBytes))
            OR EXISTS (SELECT 1 FROM \(unescaped: tables.images) WHERE uploader = \(legacyBytes))
            OR EXISTS (SELECT 1 FROM \(unescaped: tables.reports) WHERE reporter = \(legacyBytes))
            """,
            logger: logger)
        guard try owned.first?.decode(Bool.self) == true else { throw ClaimAbandoned.notFound }
        try await Self.lockUploadOwner(connection, claimantBytes, tables: tables, logger: logger)
        let affected = try await Self.rows(
            connection,
            """
            SELECT DISTINCT kilroy_id FROM \(unescaped: tables.reports)
            WHERE reporter = \(legacyBytes) OR reporter = \(claimantBytes)
            """,
            logger: logger
        ).map { try $0.decode(String.self) }
        let moved = try await Self.rows(
            connection,
            "UPDATE \(unescaped: tables.kilroys) SET owner = \(claimantBytes) WHERE owner = \(legacyBytes) RETURNING 1",
            logger: logger
        ).count
        try await Self.run(
            connection, "UPDATE \(unescaped: tables.images) SET uploader = \(claimantBytes) WHERE uploader = \(legacyBytes)",
            logger: logger)
        try await Self.run(
            connection, "UPDATE \(unescaped: tables.uploadLog) SET owner = \(claimantBytes) WHERE owner = \(legacyBytes)",
            logger: logger)
        // A kilroy both identities reported keeps one report; one the claimant now owns keeps
        // none (a device does not report its own kilroys). Counts follow the remaining rows.
        try await Self.run(
            connection,
            """
            UPDATE \(unescaped: tables.reports) r SET reporter = \(claimantBytes)
            WHERE r.reporter = \(legacyBytes) AND NOT EXISTS (
                SELECT 1 FROM \(unescaped: tables.reports) o WHERE o.kilroy_id = r.kilroy_id AND o.reporter = \(claimantBytes))
            """,
            logger: logger)
        try await Self.run(connection, "DELETE FROM \(unescaped: tables.reports) WHERE reporter = \(legacyBytes)", logger: logger)
        try await Self.run(
            connection,
            """
            DELETE FROM \(unescaped: tables.reports) WHERE reporter = \(claimantBytes)
            AND kilroy_id IN (SELECT id FROM \(unescaped: tables.kilroys) WHERE owner = \(claimantBytes))
            """,
            logger: logger)
        try await Self.run(
            connection,
            """
            UPDATE \(unescaped: tables.kilroys) k
            SET report_count = (SELECT COUNT(*) FROM \(unescaped: tables.reports) r WHERE r.kilroy_id = k.id)
            WHERE k.id = ANY(\(affected))
            AND k.report_count <> (SELECT COUNT(*) FROM \(unescaped: tables.reports) r WHERE r.kilroy_id = k.id)
            """,
            logger: logger)
        try await Self.run(
            connection,
            """
            INSERT INTO \(unescaped: tables.deviceDrops) (owner, drop_count)
            SELECT \(claimantBytes), drop_count FROM \(unescaped: tables.deviceDrops) WHERE owner = \(legacyBytes)
            ON CONFLICT (owner) DO UPDATE SET drop_count = \(unescaped: tables.deviceDrops).drop_count + excluded.drop_count
            """,
            logger: logger)
        try await Self.run(connection, "DELETE FROM \(unescaped: tables.deviceDrops) WHERE owner = \(legacyBytes)", logger: logger)
        return .claimed(kilroyCount: moved)
    }

    /// The answer to a claim of `legacy` that was already claimed, if it was.
    private static func existingClaim(
        _ connection: PostgresConnection, legacy: Data, claimant: DeviceDigest, tables: Tables, logger: Logger
    ) async throws -> LegacyClaimOutcome? {
        let rows = try await Self.rows(
            connection, "SELECT claimed_by FROM \(unescaped: tables.legacyClaims) WHERE legacy = \(legacy)", logger: logger)
        guard let row = rows.first else { return nil }
        let claimedBy = try digest(try row.decode(Data.self), table: "legacy_claims", id: "(legacy id)")
        return claimedBy == claimant ? .claimed(kilroyCount: 0) : .claimedByAnother
    }
}
