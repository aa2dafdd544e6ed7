import Foundation
import GRDB

/// How a `Dive` maps to a `dives` row plus its `dive_tags` (read by column position, as
/// `selection` orders them; the tags come from a correlated sub-query, one line each).
enum DiveRow {
    static let selection = """
        dives.id, dives.site_id, dives.start_time, dives.max_depth_m, dives.average_depth_m, dives.bottom_time_s, \
        dives.water_temperature_c, dives.visibility_m, dives.current, dives.oxygen_percent, dives.start_pressure_bar, \
        dives.end_pressure_bar, dives.buddy, dives.notes, dives.rating, dives.created_at, dives.updated_at, \
        (SELECT group_concat(tag, char(10)) FROM (SELECT tag FROM dive_tags WHERE dive_id = dives.id ORDER BY position)), \
        dives.number, dives.divemaster, dives.suit, dives.air_temperature_c, dives.visibility_rating, dives.mode, \
        dives.cylinders, dives.weights, dives.surface_pressure_bar, dives.salinity_g_per_l, dives.dive_computer
        """

    static func dive(from row: Row) throws -> Dive {
        let idText: String = row[0]
        guard let id = UUID(uuidString: idText) else {
            throw UmiLogError.storeFailed(reason: "dive id \(idText) is not a UUID")
        }
        let currentText: String? = row[8]
        let current = try currentText.map { text in
            guard let current = CurrentStrength(rawValue: text) else {
                throw UmiLogError.storeFailed(reason: "unknown current \(text) in dive \(idText)")
            }
            return current
        }
        let oxygen: Int = row[9]
        let tags: String? = row[17]
        let modeText: String = row[23]
        guard let mode = DiveMode(rawValue: modeText) else {
            throw UmiLogError.storeFailed(reason: "unknown dive mode \(modeText) in dive \(idText)")
        }
        let details = DiveDetails(
            number: row[18], divemaster: row[19], suit: row[20], airTemperatureCelsius: row[21], visibilityRating: row[22],
            mode: mode, cylinders: try json([Cylinder].self, row[24], dive: idText),
            weights: try json([WeightSystem].self, row[25], dive: idText), surfacePressureBar: row[26],
            salinityGramsPerLiter: row[27], diveComputer: row[28]
        )
        return Dive(
            id: id, siteID: row[1], startTime: Date(timeIntervalSince1970: row[2]), maxDepthMeters: row[3],
            averageDepthMeters: row[4], bottomTimeSeconds: row[5], waterTemperatureCelsius: row[6],
            visibilityMeters: row[7], current: current, gas: oxygen == 21 ? .air : .nitrox(oxygenPercent: oxygen),
            startPressureBar: row[10], endPressureBar: row[11], buddy: row[12], notes: row[13],
            tags: tags.map { $0.split(separator: "\n").map(String.init) } ?? [], rating: row[14], details: details,
            createdAt: Date(timeIntervalSince1970: row[15]), updatedAt: Date(timeIntervalSince1970: row[16])
        )
    }

    static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

    private static func json<T: Decodable>(_ type: T.Type, _ text: String, dive: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw UmiLogError.storeFailed(reason: "unreadable equipment in dive \(dive)")
        }
    }

    /// JSON with sorted keys, so equal equipment is stored as equal text.
    static func jsonText(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Inserts or replaces the dive row and its tags.
    static func upsert(_ dive: Dive, _ db: Database) throws {
        let details = dive.details
        try db.cachedStatement(
            sql: """
                INSERT INTO dives (id, site_id, start_time, max_depth_m, average_depth_m, bottom_time_s, water_temperature_c,
                    visibility_m, current, oxygen_percent, start_pressure_bar, end_pressure_bar, buddy, notes, rating,
                    created_at, updated_at, number, divemaster, suit, air_temperature_c, visibility_rating, mode, cylinders,
                    weights, surface_pressure_bar, salinity_g_per_l, dive_computer)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET site_id = excluded.site_id, start_time = excluded.start_time,
                    max_depth_m = excluded.max_depth_m, average_depth_m = excluded.average_depth_m,
                    bottom_time_s = excluded.bottom_time_s, water_temperature_c = excluded.water_temperature_c,
                    visibility_m = excluded.visibility_m, current = excluded.current,
                    oxygen_percent = excluded.oxygen_percent, start_pressure_bar = excluded.start_pressure_bar,
                    end_pressure_bar = excluded.end_pressure_bar, buddy = excluded.buddy, notes = excluded.notes,
                    rating = excluded.rating, updated_at = excluded.updated_at, number = excluded.number,
                    divemaster = excluded.divemaster, suit = excluded.suit, air_temperature_c = excluded.air_temperature_c,
                    visibility_rating = excluded.visibility_rating, mode = excluded.mode, cylinders = excluded.cylinders,
                    weights = excluded.weights, surface_pressure_bar = excluded.surface_pressure_bar,
                    salinity_g_per_l = excluded.salinity_g_per_l, dive_computer = excluded.dive_computer
                """
        ).execute(arguments: [
            key(dive.id), dive.siteID, dive.startTime.timeIntervalSince1970, dive.maxDepthMeters,
            dive.averageDepthMeters, dive.bottomTimeSeconds, dive.waterTemperatureCelsius, dive.visibilityMeters,
            dive.current?.rawValue, dive.gas.oxygenPercent, dive.startPressureBar, dive.endPressureBar, dive.buddy,
            dive.notes, dive.rating, dive.createdAt.timeIntervalSince1970, dive.updatedAt.timeIntervalSince1970,
            details.number, details.divemaster, details.suit, details.airTemperatureCelsius, details.visibilityRating,
            details.mode.rawValue, try jsonText(details.cylinders), try jsonText(details.weights),
            details.surfacePressureBar, details.salinityGramsPerLiter, details.diveComputer,
        ])
        try db.cachedStatement(sql: "DELETE FROM dive_tags WHERE dive_id = ?").execute(arguments: [key(dive.id)])
        let insertTag = try db.cachedStatement(sql: "INSERT OR IGNORE INTO dive_tags (dive_id, tag, position) VALUES (?, ?, ?)")
        for (position, tag) in dive.tags.enumerated() {
            try insertTag.execute(arguments: [key(dive.id), tag, position])
        }
    }
}

/// How a `Sighting` maps to a `sightings` row.
enum SightingRow {
    static let selection = "sightings.id, sightings.dive_id, sightings.species_id, sightings.count, sightings.note"

    static func sighting(from row: Row) throws -> Sighting {
        let idText: String = row[0]
        let diveText: String = row[1]
        guard let id = UUID(uuidString: idText), let diveID = UUID(uuidString: diveText) else {
            throw UmiLogError.storeFailed(reason: "sighting \(idText) has an id that is not a UUID")
        }
        return Sighting(id: id, diveID: diveID, speciesID: row[2], count: row[3], note: row[4])
    }

    /// Replaces the dive's sightings with `sightings`, in order.
    static func replace(_ sightings: [Sighting], of diveID: UUID, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM sightings WHERE dive_id = ?").execute(arguments: [DiveRow.key(diveID)])
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO sightings (id, dive_id, species_id, count, note, position) VALUES (?, ?, ?, ?, ?, ?)
                """)
        for (position, sighting) in sightings.enumerated() {
            try insert.execute(arguments: [
                DiveRow.key(sighting.id), DiveRow.key(diveID), sighting.speciesID, sighting.count, sighting.note, position,
            ])
        }
    }
}
