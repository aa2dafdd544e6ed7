import Foundation
import Geo
import TestSupport
import Testing

@testable import KilroyCloud

/// The selection loads records in batches and decides ties by record id; its answers must be
/// those of deciding every kilroy of the circle in order, whatever the ties, skips,
/// withholdings and missing rows, and it must load only the rows it needs.
@Suite("Near selection")
struct NearbySelectionTests {
    static let owner = Devices.digest(Devices.token(1))

    static func record(id: String) throws -> KilroyRecord {
        KilroyRecord(
            id: id, owner: owner, coordinate: try Coordinate(latitude: 1, longitude: 2), imageID: "image",
            placeName: nil, placeAddress: nil, comment: nil,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000), receivedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// What the selection must answer: every position in order, each equal-distance group by
    /// record id, `decide` until `limit` are included.
    static func reference(
        _ positions: [PointGrid.Match], records: [Int64: KilroyRecord], limit: Int,
        decide: (KilroyCandidate) -> NearbyDecision
    ) -> (ids: [String], distances: [Double], withheld: Int) {
        var (ids, distances, withheld) = ([String](), [Double](), 0)
        var start = 0
        while start < positions.count, ids.count < limit {
            var end = start + 1
            while end < positions.count, positions[end].distance == positions[start].distance { end += 1 }
            let group = positions[start..<end].compactMap { records[$0.id] }.sorted { $0.id < $1.id }
            for record in group where ids.count < limit {
                switch decide(KilroyCandidate(record, distanceMeters: positions[start].distance)) {
                case .include:
                    ids.append(record.id)
                    distances.append(positions[start].distance)
                case .skip: break
                case .withhold: withheld += 1
                }
            }
            start = end
        }
        return (ids, distances, withheld)
    }

    @Test("equals deciding the whole circle in order, over 2,000 random circles", arguments: 0..<4)
    func equalsDecidingInOrder(part: Int) throws {
        var random = SplitMix64(seed: UInt64(0x5E1EC7 + part))
        for round in 0..<500 {
            let count = Int.random(in: 0...600, using: &random)
            // Few distinct distances in some rounds (many ties), continuous ones in others.
            let distinct = [1, 3, 40, 1_000_000][Int.random(in: 0..<4, using: &random)]
            var nums = Array(Int64(1)...Int64(count + 1))
            nums.shuffle(using: &random)
            // Nearest first, equal distances by number: as the position caches give them.
            let positions = (0..<count).map { index in
                PointGrid.Match(id: nums[index], distance: Double(Int.random(in: 0..<distinct, using: &random)) * 0.5)
            }.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
            var records: [Int64: KilroyRecord] = [:]
            for position in positions where Int.random(in: 0..<10, using: &random) > 0 {
                // Ids in an order unrelated to the numbers; about a tenth of the rows missing.
                records[position.id] = try Self.record(
                    id: String(format: "%08X", UInt32.random(in: 0...UInt32.max, using: &random)))
            }
            let limit = Int.random(in: 1...150, using: &random)
            let skipping = Int.random(in: 0..<3, using: &random)
            let decide: (KilroyCandidate) -> NearbyDecision = { candidate in
                guard skipping > 0 else { return .include }
                switch candidate.id.utf8.last.map({ Int($0) % (skipping == 1 ? 7 : 3) }) {
                case 0: return .skip
                case 1: return .withhold
                default: return .include
                }
            }
            var selection = NearbySelection(positions: positions, limit: limit)
            var loaded = 0
            while let batch = selection.nextBatch() {
                loaded += batch.count
                selection.decideBatch(records: batch.map { records[$0] }, decide)
            }
            let expected = Self.reference(positions, records: records, limit: limit, decide: decide)
            #expect(selection.result.kilroys.map(\.kilroy.id) == expected.ids, "round \(round)")
            #expect(selection.result.kilroys.map(\.distanceMeters) == expected.distances, "round \(round)")
            #expect(selection.result.withheldCount == expected.withheld, "round \(round)")
            if skipping == 0 && records.count == positions.count {
                // Nothing skipped: only the limit's rows and the rest of the last tie group.
                let distances = positions.map(\.distance)
                let needed = count <= limit ? count : distances.lastIndex(of: distances[limit - 1])! + 1
                #expect(loaded == needed, "round \(round)")
            }
        }
    }
}
