import Foundation
import Testing
import UmiLogCloud

/// The pure rules both stores decide with, checked against a plain restatement over random input.
@Suite("Sync store rules")
struct SyncStoreRulesTests {
    @Test("a page takes the longest prefix within the limit and the byte budget, and at least one change")
    func pageCut() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let sizes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int64.random(in: 0...100, using: &generator) }
            let limit = Int.random(in: 1...8, using: &generator)
            let budget = Int.random(in: 0...300, using: &generator)
            let read = Array(sizes.prefix(SyncPageCut.sizesToRead(limit: limit)))
            let count = SyncPageCut.count(sizes: read, limit: limit, maximumBytes: budget)
            // The restatement: the largest prefix of at most `limit` whose total fits, or one change.
            let fitting = (0...min(limit, sizes.count)).last { sizes.prefix($0).reduce(0, +) <= Int64(budget) } ?? 0
            #expect(count == (sizes.isEmpty ? 0 : max(1, fitting)))
            #expect((count < read.count) == (count < sizes.count))
        }
    }

    @Test("a plan numbers new changes after the last, keeps known numbers, and refuses any other reuse of an id")
    func appendPlan() {
        let device = UUID()
        let stored = StoredChangeRecord(seq: 7, change: Sync.change(), deviceID: UUID(), receivedAt: Sync.epoch)
        let fresh = Sync.change(size: 10)
        let plan = SyncAppendPlan(
            [fresh, stored.change, fresh], stored: [stored], lastSeq: 9, usedBytes: 0, quotaBytes: 10, deviceID: device, at: Sync.at(1))
        #expect(plan.outcome == .appended([10, 7, 10]))
        #expect(plan.inserts == [StoredChangeRecord(seq: 10, change: fresh, deviceID: device, receivedAt: Sync.at(1))])
        #expect(plan.addedBytes == 10)
        let over = SyncAppendPlan([fresh], stored: [], lastSeq: 0, usedBytes: 1, quotaBytes: 10, deviceID: device, at: Sync.epoch)
        #expect(over.outcome == .quotaExceeded && over.inserts.isEmpty)
        var altered = stored.change
        altered.kind = "other"
        // A conflict outranks the quota: the client must repair its push before anything else.
        let conflict = SyncAppendPlan(
            [fresh, altered], stored: [stored], lastSeq: 9, usedBytes: 10, quotaBytes: 10, deviceID: device, at: Sync.epoch)
        #expect(conflict.outcome == .conflict(index: 1) && conflict.inserts.isEmpty)
    }
}
