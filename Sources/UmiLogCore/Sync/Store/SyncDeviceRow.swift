import Foundation
import GRDB

/// This device's row of `sync_device`: its sync id, hybrid clock and pull cursor, read and
/// written inside the transaction that uses them (so two writers never hand out one reading).
struct SyncDeviceRow {
    var deviceID: String
    var clock: HybridClock
    var cursor: Int64

    static func load(_ db: Database) throws -> SyncDeviceRow {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT device_id, clock_wall, clock_counter, cursor FROM sync_device WHERE singleton = 1")
        else { throw UmiLogError.storeFailed(reason: "the store has no sync device row") }
        let deviceID: String = row[0]
        let last = HLCTimestamp(wallMilliseconds: row[1], counter: UInt32(clamping: row[2] as Int64), node: deviceID)
        return SyncDeviceRow(deviceID: deviceID, clock: HybridClock(node: deviceID, last: last), cursor: row[3])
    }

    func save(_ db: Database) throws {
        try db.execute(
            sql: "UPDATE sync_device SET clock_wall = ?, clock_counter = ?, cursor = ? WHERE singleton = 1",
            arguments: [clock.last.wallMilliseconds, Int64(clock.last.counter), cursor])
    }
}
