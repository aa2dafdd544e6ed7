import Testing

@testable import UmiLogCore

/// When a sync may move its cursor past the changes it has just pushed.
@Suite("Sync: the cursor past this device's own changes")
struct SyncCursorTests {
    @Test(
        "only over this device's changes, from the next sequence number on",
        arguments: [
            (10 as Int64, [11, 12, 13] as [Int64], 13 as Int64?),
            (10, [13, 11, 12], 13),  // in any order
            (10, [11, 12, 15, 16], 12),  // another device's 13 and 14 lie in between
            (10, [12, 13], nil),  // another device's 11 comes first
            (10, [], nil),
            (10, [7, 8, 11], 11),  // a retried push answered with numbers already pulled past
            (10, [11, 11, 12], 12),  // the same number twice
            (0, [1], 1),
        ])
    func cursorPastOwnChanges(cursor: Int64, own: [Int64], expected: Int64?) {
        #expect(SyncService.cursor(after: cursor, skippingOwn: own) == expected)
    }
}
