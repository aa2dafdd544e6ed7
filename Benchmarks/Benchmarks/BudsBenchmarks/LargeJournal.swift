import BudsCore
import Foundation

/// The 100,000-memory journal of the timeline benchmarks, built on first use.
///
/// package-benchmark runs every benchmark in a process of its own, so an in-memory fixture
/// would be rebuilt for each timeline benchmark; building it (10 batches of 10,000 sessions)
/// takes several seconds on the 2-core machine (it took 45 before batches were signed while
/// stored). The journal is therefore kept on disk, in
/// `<temporary directory>/buds-bench-fixture-100k/<build key>/`, and reopened by the next
/// benchmark process. The build key names the benchmark executable (size and modification
/// time), so rebuilding the benchmarks — and with them the journal code — builds a fresh
/// fixture and removes the stale one. A fixture is used only once `complete` is written in it,
/// so an interrupted build is thrown away. The timeline benchmarks only read the journal.
actor LargeJournal {
    private var built: BudsServices?
    private var cursor: TimelineCursor?

    func journal() async throws -> BudsServices {
        if let built { return built }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("buds-bench-fixture-100k", isDirectory: true)
        let directory = root.appendingPathComponent(Self.buildKey(), isDirectory: true)
        let marker = directory.appendingPathComponent("complete")
        let journalDirectory = directory.appendingPathComponent("journal", isDirectory: true)
        let journal: BudsServices
        if FileManager.default.fileExists(atPath: marker.path) {
            journal = try BudsServices.open(at: journalDirectory, logger: BenchmarkFixtures.quiet)
        } else {
            // Stale fixtures (other builds) and interrupted builds go.
            try? FileManager.default.removeItem(at: root)
            journal = try BudsServices.open(at: journalDirectory, logger: BenchmarkFixtures.quiet)
            for batch in 0..<10 {
                let start = Date(timeIntervalSince1970: 1_500_000_000 + Double(batch) * 10_000 * 1_800)
                _ = try await journal.manager.createBatch(BenchmarkFixtures.drafts(count: 10_000, start: start))
            }
            try Data("100000 memories\n".utf8).write(to: marker)
        }
        var next: TimelineCursor?
        for _ in 0..<1_000 {
            next = try await journal.repository.fetchPage(before: next, limit: 50).next
        }
        cursor = next
        built = journal
        return journal
    }

    func deepCursor() async throws -> TimelineCursor? {
        _ = try await journal()
        return cursor
    }

    /// Size and modification time of the running benchmark executable.
    private static func buildKey() -> String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)-\(Int64(modified))"
    }
}
