import Benchmark
import BenchmarkSupport
import Foundation
import RememberCore

/// Hot paths of Remember over 100,000 people (targets ≤ 5 ms each), each against a named
/// reference, the same answer computed by scanning all 100,000 people held in memory:
/// - what the review screen loads: the due count and the first 50 of the due queue;
/// - a search by a first name (about 250 matches), and by a first name and a keyword.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000)

    Benchmark(
        "Remember: due count + first 50 of the due queue, 100,000 people",
        configuration: .init(setup: { _ = try await PeopleFixture.services() })
    ) { benchmark in
        let reviews = try await PeopleFixture.services().reviews
        benchmark.startMeasurement()
        let count = try await reviews.dueCount(at: PeopleFixture.now)
        let queue = try await reviews.dueQueue(at: PeopleFixture.now, limit: 50)
        benchmark.stopMeasurement()
        precondition(count > 50 && queue.count == 50, "the fixture must have more than 50 people due")
        blackHole(queue)
    }

    Benchmark(
        "Remember: search a first name, 100,000 people",
        configuration: .init(setup: { _ = try await PeopleFixture.services() })
    ) { benchmark in
        let people = try await PeopleFixture.services().people
        let name = await SearchTerms.shared.nextFirstName()
        benchmark.startMeasurement()
        let found = try await people.fetchAll(searchText: name, context: nil)
        benchmark.stopMeasurement()
        blackHole(found)
    }

    Benchmark(
        "Remember: search a first name and a keyword, 100,000 people",
        configuration: .init(setup: { _ = try await PeopleFixture.services() })
    ) { benchmark in
        let people = try await PeopleFixture.services().people
        let name = await SearchTerms.shared.nextFirstName()
        benchmark.startMeasurement()
        let found = try await people.fetchAll(searchText: "\(name) glasses", context: nil)
        benchmark.stopMeasurement()
        blackHole(found)
    }

    Benchmark(
        "Remember reference: the same due count and queue as a scan of 100,000 people in memory",
        configuration: .init(maxIterations: 200, setup: { _ = try await InMemoryPeople.all() })
    ) { benchmark in
        let all = try await InMemoryPeople.all()
        benchmark.startMeasurement()
        let due = all.filter { $0.review.dueDate <= PeopleFixture.now }
        let queue = due.sorted { ($0.review.dueDate, $0.createdAt) < ($1.review.dueDate, $1.createdAt) }.prefix(50)
        benchmark.stopMeasurement()
        blackHole((due.count, Array(queue)))
    }

    Benchmark(
        "Remember reference: the same first-name search as a scan of 100,000 people in memory",
        configuration: .init(maxIterations: 200, setup: { _ = try await InMemoryPeople.all() })
    ) { benchmark in
        let all = try await InMemoryPeople.all()
        let name = await SearchTerms.shared.nextFirstName()
        benchmark.startMeasurement()
        let found = all.filter { $0.name.range(of: name, options: [.caseInsensitive, .diacriticInsensitive, .anchored]) != nil }
            .sorted { $0.createdAt > $1.createdAt }
        benchmark.stopMeasurement()
        blackHole(found)
    }
}

/// First names cycled through by the search benchmarks, so no query is served from a warm
/// result of the same words.
actor SearchTerms {
    static let shared = SearchTerms()
    private var random = BenchmarkRandom(seed: 0x5EA2C4)

    func nextFirstName() -> String {
        PeopleFixture.firstNames[Int.random(in: 0..<PeopleFixture.firstNames.count, using: &random)]
    }
}

/// Every person of the fixture, loaded once per process for the reference scans.
enum InMemoryPeople {
    private static let loaded = OnceValue { try await PeopleFixture.services().people.fetchAll(searchText: nil, context: nil) }

    static func all() async throws -> [Person] { try await loaded.value() }
}
