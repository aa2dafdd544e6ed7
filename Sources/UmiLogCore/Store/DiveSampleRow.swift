public import Foundation
import GRDB
import SQLiteStorage

/// How a dive's profile maps to `dive_samples` rows (read by column position).
enum DiveSampleRow {
    static func replace(_ samples: [DiveSample], of diveID: UUID, _ db: Database) throws {
        let key = DiveRow.key(diveID)
        try db.cachedStatement(sql: "DELETE FROM dive_samples WHERE dive_id = ?").execute(arguments: [key])
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO dive_samples (dive_id, position, time_s, depth_m, temperature_c, tank_pressure_bar, ndl_s,
                    stop_depth_m, stop_time_s, cns_percent, po2_bar, heart_rate)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (position, sample) in samples.enumerated() {
            try insert.execute(arguments: [
                key, position, sample.timeSeconds, sample.depthMeters, sample.temperatureCelsius, sample.tankPressureBar,
                sample.ndlSeconds, sample.stopDepthMeters, sample.stopTimeSeconds, sample.cnsPercent, sample.po2Bar,
                sample.heartRate,
            ])
        }
    }

    static func samples(of diveID: UUID, _ db: Database) throws -> [DiveSample] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT time_s, depth_m, temperature_c, tank_pressure_bar, ndl_s, stop_depth_m, stop_time_s, cns_percent,
                    po2_bar, heart_rate
                FROM dive_samples WHERE dive_id = ? ORDER BY position
                """, arguments: [DiveRow.key(diveID)]
        ).map { row in
            DiveSample(
                timeSeconds: row[0], depthMeters: row[1], temperatureCelsius: row[2], tankPressureBar: row[3],
                ndlSeconds: row[4], stopDepthMeters: row[5], stopTimeSeconds: row[6], cnsPercent: row[7], po2Bar: row[8],
                heartRate: row[9]
            )
        }
    }
}

extension DiveRepository {
    /// The dive's depth profile, in time order; empty for a dive logged by hand.
    public func samples(of diveID: UUID) async throws(UmiLogError) -> [DiveSample] {
        try await database.read { db in try DiveSampleRow.samples(of: diveID, db) }
    }
}
