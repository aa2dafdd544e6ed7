import TestSupport
import Testing

@testable import UmiLogCore

@Suite("CSV import: fuzzing never crashes and keeps its promises")
struct CSVFuzzTests {
    /// Runs the whole import on `bytes` — table, proposal, preview and read, with the proposal
    /// and with test41's own mapping so the row reader sees the mutated cells — and returns
    /// what broke a promise. Errors can only be `LogbookReadError` (typed throws).
    private static func violations(importing bytes: [UInt8]) -> [String] {
        let table: CSVTable
        do {
            table = try CSVTable(bytes: bytes)
        } catch {
            return error.errorDescription == nil ? ["an error without a message"] : []
        }
        var test41 = CSVMapping(columns: [0: .number, 1: .date, 2: .time, 3: .duration, 4: .maxDepth, 5: .meanDepth, 6: .buddy, 7: .suit, 8: .notes])
        test41.dateFormat = .monthDayShortYear
        var problems: [String] = []
        let lineCount = bytes.count + 2
        for mapping in [CSVMapping.propose(for: table), test41] {
            let preview = CSVPreview(table: table, mapping: mapping, rowLimit: 3)
            if preview.rows.count > 3 { problems.append("preview has \(preview.rows.count) rows") }
            let result: LogbookReadResult
            do {
                result = try CSVLogbookReader.read(table, mapping: mapping)
            } catch {
                if error.errorDescription == nil { problems.append("an error without a message") }
                continue
            }
            let siteKeys = Set(result.logbook.sites.map(\.key))
            for dive in result.logbook.dives {
                if !(0...350).contains(dive.maxDepthMeters) { problems.append("max depth \(dive.maxDepthMeters)") }
                if !(0...86_400).contains(dive.durationSeconds) { problems.append("duration \(dive.durationSeconds)") }
                if let key = dive.siteKey, !siteKeys.contains(key) { problems.append("dangling site \(key)") }
            }
            for issue in result.issues where !(1...lineCount).contains(issue.line ?? 0) {
                problems.append("issue line \(String(describing: issue.line))")
            }
            if result.logbook.dives.count + Set(result.issues.filter { $0.outcome == .skipped }.map(\.record)).count != table.rows.count {
                problems.append("rows neither read nor skipped")
            }
        }
        return problems
    }

    @Test("random bytes never crash the import")
    func randomBytes() {
        var generator = SplitMix64(seed: 0xC5F_F022)
        let alphabet = Array("0123456789,;|\t\"\r\n/:.-# amxé".utf8) + [0xEF, 0xBB, 0xBF, 0xFF, 0xFE, 0x00, 0xC3]
        for iteration in 0..<3_000 {
            let count = Int.random(in: 0...160, using: &generator)
            let bytes =
                iteration.isMultiple(of: 2)
                ? generator.bytes(count)
                : (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            let problems = Self.violations(importing: bytes)
            #expect(problems.isEmpty, "\(bytes): \(problems)")
        }
    }

    @Test("mutated and truncated copies of test41.csv never crash the import")
    func mutatedTest41() throws {
        let original = try DiveLogFixtures.bytes("test41.csv")
        var generator = SplitMix64(seed: 0xC5F_F041)
        let interesting = Array(",;\"\r\n:/.-#0123456789 ".utf8) + [0xEF, 0xBB, 0xBF, 0xFF, 0x80]
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                generator.csvMutate(&bytes, interesting: interesting)
            }
            let problems = Self.violations(importing: bytes)
            #expect(problems.isEmpty, "\(String(decoding: bytes, as: UTF8.self).debugDescription): \(problems)")
        }
    }
}

extension SplitMix64 {
    /// One edit of the kind that damages real files: a changed, inserted or deleted byte, a cut
    /// end, or a repeated stretch.
    fileprivate mutating func csvMutate(_ bytes: inout [UInt8], interesting: [UInt8]) {
        let pick = { (generator: inout SplitMix64, upper: Int) in Int.random(in: 0...max(0, upper), using: &generator) }
        switch Int.random(in: 0..<6, using: &self) {
        case 0 where !bytes.isEmpty:
            bytes[pick(&self, bytes.count - 1)] = UInt8.random(in: .min ... .max, using: &self)
        case 1:
            bytes.insert(interesting[pick(&self, interesting.count - 1)], at: pick(&self, bytes.count))
        case 2 where !bytes.isEmpty:
            bytes.remove(at: pick(&self, bytes.count - 1))
        case 3:
            bytes.removeLast(pick(&self, bytes.count))
        case 4 where !bytes.isEmpty:
            let start = pick(&self, bytes.count - 1)
            let end = min(bytes.count, start + pick(&self, 40))
            bytes.insert(contentsOf: bytes[start..<end], at: pick(&self, bytes.count))
        default:
            if !bytes.isEmpty { bytes[pick(&self, bytes.count - 1)] = interesting[pick(&self, interesting.count - 1)] }
        }
    }
}
