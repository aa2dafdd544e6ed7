import BenchmarkSupport
import Foundation
import Logging
import RememberCore

/// A store of 100,000 people as years of use would leave it: names from 400 first and 400 last
/// names, rambles parsed into keywords, 60 contexts, review states spread from 30 days overdue
/// to a year ahead (so about 8 % are due "now"). Built once and kept on disk, because
/// package-benchmark runs every benchmark in its own process.
enum PeopleFixture {
    static let count = 100_000
    /// The benchmarks' "now": 2026-11-23 10:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_428_000)

    /// The services log nothing here: a benchmark measures the store, not the log handler.
    static let quiet = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }

    static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("remember-bench-100k", isDirectory: true)

    /// The store, built on first use and opened once per process.
    static func services() async throws -> RememberServices {
        try await opened.value()
    }

    private static let opened = OnceValue { try await PeopleFixture.build() }

    private static func build() async throws -> RememberServices {
        let marker = directory.appendingPathComponent("complete")
        if FileManager.default.fileExists(atPath: marker.path) {
            return try RememberServices.open(at: directory, logger: quiet)
        }
        try? FileManager.default.removeItem(at: directory)
        let services = try RememberServices.open(at: directory, logger: quiet)
        let parser = KeywordParser()
        var batch: [Person] = []
        batch.reserveCapacity(10_000)
        for index in 0..<count {
            batch.append(person(index, parser: parser))
            if batch.count == 10_000 {
                try await services.people.saveAll(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await services.people.saveAll(batch)
        guard FileManager.default.createFile(atPath: marker.path, contents: Data()) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return services
    }

    private static func person(_ index: Int, parser: KeywordParser) -> Person {
        var random = BenchmarkRandom(seed: UInt64(index) &+ 1)
        let name =
            firstNames[Int.random(in: 0..<firstNames.count, using: &random)] + " "
            + lastNames[Int.random(in: 0..<lastNames.count, using: &random)]
        let ramble =
            "\(pick(heights, &random)) with \(pick(hair, &random)) hair, \(pick(extras, &random)), "
            + "works as a \(pick(jobs, &random)), from \(pick(places, &random)), loves \(pick(interests, &random))"
        let createdAt = now.addingTimeInterval(-Double(Int.random(in: 0..<(3 * 365 * 86_400), using: &random)))
        var review = ReviewState.new(createdAt: createdAt)
        review.intervalDays = Int.random(in: 1...180, using: &random)
        review.repetitions = Int.random(in: 0...8, using: &random)
        review.dueDate = now.addingTimeInterval(Double(Int.random(in: (-30 * 86_400)...(365 * 86_400), using: &random)))
        review.lastReviewed = review.dueDate.addingTimeInterval(-Double(review.intervalDays) * 86_400)
        return Person(
            id: UUID(), name: name, context: "Context \(Int.random(in: 0..<60, using: &random))", transcript: ramble,
            keywords: parser.extract(from: ramble), sketchFile: "sketches/\(index).svg", createdAt: createdAt, review: review
        )
    }

    private static func pick(_ words: [String], _ random: inout BenchmarkRandom) -> String {
        words[Int.random(in: 0..<words.count, using: &random)]
    }

    private static let heights = ["tall", "short", "average height", "very tall", "petite"]
    private static let hair = ["curly brown", "long blonde", "short black", "grey", "red", "wavy auburn", "straight black"]
    private static let extras = ["glasses", "a beard", "earrings", "a tattoo", "a red scarf", "a green jacket", "freckles"]
    private static let jobs = ["nurse", "teacher", "software engineer", "architect", "chef", "lawyer", "designer", "pilot"]
    private static let places = ["Lyon", "Texas", "New Zealand", "Kenya", "Osaka", "Lima", "Oslo", "Toronto"]
    private static let interests = ["climbing", "jazz", "sourdough", "chess", "salsa", "running", "photography"]

    /// 400 first names and 400 last names: a name is shared by about 1 in 400 people, as in a
    /// real address book of that size.
    static let firstNames: [String] = syllableNames(count: 400, seed: 11)
    static let lastNames: [String] = syllableNames(count: 400, seed: 29)

    private static func syllableNames(count: Int, seed: UInt64) -> [String] {
        let syllables = ["ma", "ri", "an", "jo", "se", "li", "ko", "ta", "ne", "ro", "be", "da", "mi", "lu", "ka", "so", "ve", "ha", "zo", "ni"]
        var random = BenchmarkRandom(seed: seed)
        var names = Set<String>()
        var ordered: [String] = []
        while ordered.count < count {
            let length = Int.random(in: 2...3, using: &random)
            let name = (0..<length).map { _ in syllables[Int.random(in: 0..<syllables.count, using: &random)] }.joined()
            if names.insert(name).inserted { ordered.append(name.prefix(1).uppercased() + name.dropFirst()) }
        }
        return ordered
    }
}
