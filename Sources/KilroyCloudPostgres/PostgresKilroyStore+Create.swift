import Foundation
import Geo
public import KilroyCloud
import Logging
import NIOCore
import PostgresNIO

extension PostgresKilroyStore {
    /// Rows per `INSERT` statement: large enough that a big import takes few round trips, small
    /// enough that one statement's arrays stay a few megabytes.
    static let insertBatchSize = 10_000

    /// ``createKilroy(_:)`` for many kilroys in one transaction, for imports and fixtures: the
    /// outcomes are in the order of `kilroys`, exactly as if each were created in turn (a
    /// repeated id within the batch is a replay or a conflict of the first).
    ///
    /// A handful of statements whatever the count: existing ids and images are read with
    /// `= ANY(…)`, new rows go in as multi-row `INSERT … ON CONFLICT DO NOTHING`, and drop counts
    /// are added per owner. The images are locked `FOR KEY SHARE`, so orphan collection cannot
    /// remove one of them before the kilroys using it commit.
    public func createKilroys(_ kilroys: [KilroyRecord]) async throws -> [KilroyCreation] {
        guard !kilroys.isEmpty else { return [] }
        return try await transaction { connection in
            var stored = try await Self.fetchKilroys(connection, ids: Array(Set(kilroys.map(\.id))), tables: tables, logger: logger)
            let images = try await existingImages(connection, ids: Array(Set(kilroys.map(\.imageID))))

            // The first kilroy of each new id whose image exists is the one to insert.
            var toInsert: [KilroyRecord] = []
            var chosen: Set<String> = []
            for kilroy in kilroys where stored[kilroy.id] == nil && !chosen.contains(kilroy.id) && images.contains(kilroy.imageID) {
                chosen.insert(kilroy.id)
                toInsert.append(kilroy)
            }
            var inserted: Set<String> = []
            for start in stride(from: 0, to: toInsert.count, by: Self.insertBatchSize) {
                let batch = toInsert[start..<min(start + Self.insertBatchSize, toInsert.count)]
                inserted.formUnion(try await insert(connection, batch))
            }
            // An id another transaction inserted meanwhile is answered against its stored row.
            let raced = chosen.subtracting(inserted)
            if !raced.isEmpty {
                stored.merge(try await Self.fetchKilroys(connection, ids: Array(raced), tables: tables, logger: logger)) { $1 }
            }

            var outcomes: [KilroyCreation] = []
            outcomes.reserveCapacity(kilroys.count)
            var drops: [Data: Int] = [:]
            for kilroy in kilroys {
                if let existing = stored[kilroy.id] {
                    outcomes.append(kilroy.isReplay(of: existing) ? .replayed(existing) : .conflict(existing: existing))
                } else if !images.contains(kilroy.imageID) {
                    outcomes.append(.imageMissing)
                } else {
                    // Not stored and its image exists: it is the first of its id, inserted above.
                    stored[kilroy.id] = kilroy
                    drops[Data(kilroy.owner.bytes), default: 0] += 1
                    outcomes.append(.created(kilroy))
                }
            }
            try await addDrops(connection, drops)
            return outcomes
        }
    }

    /// The ids among `ids` that name stored images, locked `FOR KEY SHARE` until commit.
    private func existingImages(_ connection: PostgresConnection, ids: [String]) async throws -> Set<String> {
        let rows = try await Self.rows(
            connection, "SELECT id FROM \(unescaped: tables.images) WHERE id = ANY(\(ids)) FOR KEY SHARE", logger: logger)
        return Set(try rows.map { try $0.decode(String.self) })
    }

    /// Inserts `batch` in one statement, one array parameter per column (`unnest`), so the
    /// statement's text and parameter count do not grow with the batch; returns the ids
    /// actually inserted. Arrays cannot hold a Swift `nil` here, so each optional text column
    /// travels as its values plus a "has a value" flag.
    private func insert(_ connection: PostgresConnection, _ batch: ArraySlice<KilroyRecord>) async throws -> Set<String> {
        var query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO \(tables.kilroys) (\(Self.kilroyColumns))
                SELECT id, owner, latitude, longitude, image_id, CASE WHEN has_place_name THEN place_name END,
                       CASE WHEN has_place_address THEN place_address END, CASE WHEN has_comment THEN comment END,
                       created_at, received_at, report_count, hidden
                FROM unnest($1::text[], $2::bytea[], $3::float8[], $4::float8[], $5::text[], $6::text[], $7::bool[], $8::text[],
                            $9::bool[], $10::text[], $11::bool[], $12::float8[], $13::float8[], $14::int8[], $15::bool[])
                    AS batch(id, owner, latitude, longitude, image_id, place_name, has_place_name, place_address, has_place_address,
                             comment, has_comment, created_at, received_at, report_count, hidden)
                ON CONFLICT (id) DO NOTHING RETURNING id
                """)
        query.binds.append(batch.map(\.id))
        query.binds.append(batch.map { ByteBuffer(bytes: $0.owner.bytes) })
        query.binds.append(batch.map(\.coordinate.latitude))
        query.binds.append(batch.map(\.coordinate.longitude))
        query.binds.append(batch.map(\.imageID))
        for column in [\KilroyRecord.placeName, \.placeAddress, \.comment] {
            query.binds.append(batch.map { $0[keyPath: column] ?? "" })
            query.binds.append(batch.map { $0[keyPath: column] != nil })
        }
        query.binds.append(batch.map(\.createdAt.timeIntervalSince1970))
        query.binds.append(batch.map(\.receivedAt.timeIntervalSince1970))
        query.binds.append(batch.map(\.reportCount))
        query.binds.append(batch.map(\.isHidden))
        let rows = try await Self.rows(connection, query, logger: logger)
        return Set(try rows.map { try $0.decode(String.self) })
    }

    /// Adds new drops to the owners' counts (each owner once), in a fixed order of owners, so
    /// two batches never lock the same counters in opposite orders.
    private func addDrops(_ connection: PostgresConnection, _ drops: [Data: Int]) async throws {
        guard !drops.isEmpty else { return }
        let sorted = drops.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO \(tables.deviceDrops) (owner, drop_count)
                SELECT owner, added FROM unnest($1::bytea[], $2::int8[]) WITH ORDINALITY AS batch(owner, added, position)
                ORDER BY position
                ON CONFLICT (owner) DO UPDATE SET drop_count = \(tables.deviceDrops).drop_count + excluded.drop_count
                """)
        query.binds.append(sorted.map { ByteBuffer(bytes: $0.key) })
        query.binds.append(sorted.map(\.value))
        try await Self.run(connection, query, logger: logger)
    }
}
