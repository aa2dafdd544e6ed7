public import Foundation
public import Geo
public import KilroyCloud
import Logging
import PostgresNIO
import PostgresStorage

/// Creating, reading, deleting and reporting kilroys, each in one transaction.
extension PostgresKilroyStore {

    public func createKilroy(_ kilroy: KilroyRecord) async throws -> KilroyCreation {
        let outcomes = try await createKilroys([kilroy])
        guard let outcome = outcomes.first else { preconditionFailure("one outcome per kilroy") }
        return outcome
    }

    public func kilroy(id: String) async throws -> KilroyRecord? {
        try await client.withConnection { connection in
            try await Self.fetchKilroys(connection, ids: [id], tables: tables, logger: logger)[id]
        }
    }

    public func deleteKilroy(id: String, owner: DeviceDigest) async throws -> KilroyDeletion {
        try await transaction { connection in
            guard let record = try await Self.fetchKilroys(connection, ids: [id], forUpdate: true, tables: tables, logger: logger)[id]
            else { return .notFound }
            guard record.owner == owner else { return .notOwner }
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.kilroys) WHERE id = \(id)", logger: logger)
            // Lock before looking, like orphan collection: a kilroy created meanwhile for the same
            // image is either seen or finds the image gone.
            try await Self.run(
                connection, "SELECT 1 FROM \(unescaped: tables.images) WHERE id = \(record.imageID) FOR UPDATE", logger: logger)
            guard try await !Self.imageInUse(connection, record.imageID, tables: tables, logger: logger) else {
                return .deleted(orphanedImageID: nil)
            }
            try await Self.run(connection, "DELETE FROM \(unescaped: tables.images) WHERE id = \(record.imageID)", logger: logger)
            return .deleted(orphanedImageID: record.imageID)
        }
    }

    public func reportKilroy(
        id: String, reporter: DeviceDigest, reason: String?, at date: Date, hideThreshold: Int, policy: ReciprocityPolicy
    ) async throws -> KilroyReporting {
        let reporterBytes = Data(reporter.bytes)
        return try await transaction { connection in
            guard let record = try await Self.fetchKilroys(connection, ids: [id], forUpdate: true, tables: tables, logger: logger)[id]
            else { return .notFound }
            guard record.owner != reporter else { return .ownKilroy }
            // The same rule as near and get, read in this very transaction.
            let visibility = try await Self.visibility(
                connection, viewer: reporter, policy: policy, around: record.coordinate, radius: 0, tables: tables, logger: logger)
            let candidate = KilroyCandidate(
                id: record.id, owner: record.owner, coordinate: record.coordinate, isHidden: record.isHidden, distanceMeters: 0)
            guard visibility.decide(candidate) == .include else { return .notFound }
            guard visibility.ownDropCount >= 1 else { return .noOwnDrops }
            var count = record.reportCount
            var hidden = record.isHidden
            let inserted = try await Self.rows(
                connection,
                """
                INSERT INTO \(unescaped: tables.reports) (kilroy_id, reporter, reason, reported_at)
                VALUES (\(id), \(reporterBytes), \(reason), \(date.timeIntervalSince1970))
                ON CONFLICT (kilroy_id, reporter) DO NOTHING RETURNING 1
                """,
                logger: logger)
            if !inserted.isEmpty {
                count += 1
                hidden = hidden || count >= hideThreshold
                try await Self.run(
                    connection, "UPDATE \(unescaped: tables.kilroys) SET report_count = \(count), hidden = \(hidden) WHERE id = \(id)",
                    logger: logger)
            }
            return .counted(reportCount: count, hidden: hidden)
        }
    }

    public func dropCount(owner: DeviceDigest) async throws -> Int {
        try await client.withConnection { connection in
            try await Self.dropCount(connection, owner: owner, tables: tables, logger: logger)
        }
    }

    public func visibility(
        for viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double
    ) async throws -> KilroyVisibility {
        guard KilroyVisibility.anchorReach(of: policy) != nil else {
            // Without anchors the answer is one statement (the drop count), which sees one
            // snapshot by itself: no transaction, so no BEGIN/SET/COMMIT round trips.
            return try await client.withConnection { connection in
                try await Self.visibility(
                    connection, viewer: viewer, policy: policy, around: center, radius: radius, tables: tables, logger: logger)
            }
        }
        // Anchors and the drop count are two statements: one repeatable-read snapshot for both.
        return try await transaction(isolation: .repeatableRead, readOnly: true) { connection in
            try await Self.visibility(
                connection, viewer: viewer, policy: policy, around: center, radius: radius, tables: tables, logger: logger)
        }
    }

    static func dropCount(_ connection: PostgresConnection, owner: DeviceDigest, tables: Tables, logger: Logger) async throws -> Int {
        let rows = try await Self.rows(
            connection, "SELECT drop_count FROM \(unescaped: tables.deviceDrops) WHERE owner = \(Data(owner.bytes))", logger: logger)
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// ``KilroyServerStore/visibility(for:policy:around:radius:)`` inside a transaction.
    static func visibility(
        _ connection: PostgresConnection, viewer: DeviceDigest, policy: ReciprocityPolicy, around center: Coordinate, radius: Double,
        tables: Tables, logger: Logger
    ) async throws -> KilroyVisibility {
        var anchors: [Coordinate] = []
        if let reach = KilroyVisibility.anchorReach(of: policy) {
            // Only own drops within reach of the circle can unlock anything in it.
            anchors = try await circle(
                connection, center: center, radius: max(0, radius) + reach, owner: viewer, tables: tables, logger: logger
            ).map(\.coordinate)
        }
        return KilroyVisibility(
            policy: policy, viewer: viewer, ownDropCount: try await dropCount(connection, owner: viewer, tables: tables, logger: logger),
            anchors: anchors)
    }
}
