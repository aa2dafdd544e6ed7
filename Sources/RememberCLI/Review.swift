import ArgumentParser
import CommandLineKit
import Foundation
import RememberCore

struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Quiz yourself on the people due: see the sketch, context and keywords, type the name.",
        discussion: """
            Without --answer: an interactive quiz on the terminal. Each card shows the sketch's path, the context and
            the keywords; type the name (case, accents and one small typo are forgiven; an empty answer means you
            don't know). End early with Ctrl-D.
            With --answer ID RESULT: record one answer without a quiz. RESULT is got or missed (the app's buttons),
            or again, hard, good or easy.
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Record one answer: ID then got|missed|again|hard|good|easy.")
    var answer: [String] = []
    @Option(help: "Review at most this many people.") var limit: Int?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if !answer.isEmpty {
            guard answer.count == 2 else {
                throw ValidationError("answer: give the person's id and the result, e.g. --answer 1a2b3c4d got")
            }
            guard Self.rating(answer[1]) != nil else {
                throw ValidationError("answer: the result must be got, missed, again, hard, good or easy")
            }
        }
        if let limit, limit < 1 {
            throw ValidationError("limit: must be at least 1")
        }
    }

    /// The app's two buttons and FSRS's four grades.
    static func rating(_ word: String) -> ReviewRating? {
        switch word.lowercased() {
        case "got", "got-it", "gotit": .good
        case "missed", "miss": .again
        default: ReviewRating(rawValue: word.lowercased())
        }
    }

    func run() async throws {
        let services = try global.services()
        if answer.count == 2, let rating = Self.rating(answer[1]) {
            return try await recordOne(rating, services)
        }
        try await quiz(services)
    }

    private func recordOne(_ rating: ReviewRating, _ services: RememberServices) async throws {
        let person = try await services.people.find(answer[0])
        let now = global.clock()
        let updated = try await services.reviews.record(rating, for: person, at: now)
        if global.json {
            return try TerminalOutput.json(PersonOutput(updated, files: services.files, now: now))
        }
        print("\(updated.name): \(rating.rawValue), next review \(Output.due(updated, now: now)).")
    }

    @MainActor
    private func quiz(_ services: RememberServices) async throws {
        let session = ReviewSessionViewModel(reviewService: services.reviews, files: services.files, now: global.clock)
        await session.start(limit: limit)
        if let error = session.error { throw error }
        var outcomes: [ReviewOutcome] = []
        if !global.json {
            print(session.queue.isEmpty ? "Nobody is due. Well done." : "\(session.queue.count) to review. Ctrl-D ends the session.")
        }
        while let card = session.current {
            if !global.json { show(card, number: session.position + 1, of: session.queue.count) }
            guard let line = readLine() else { break }
            guard let outcome = await session.submit(answer: line) else {
                throw session.error ?? RememberError.storeFailed(reason: "the answer was not recorded")
            }
            outcomes.append(outcome)
            if !global.json { print(verdictLine(outcome)) }
        }
        if global.json {
            return try TerminalOutput.json(QuizOutput(session.summary, outcomes: outcomes))
        }
        printSummary(session.summary, ended: !session.isFinished)
    }

    private func show(_ card: ReviewCard, number: Int, of total: Int) {
        print("")
        print("[\(number)/\(total)] Who is this?")
        if let sketch = card.sketchURL { print("  sketch:   \(sketch.path)") }
        if let photo = card.photoURL { print("  photo:    \(photo.path)") }
        if let context = card.context { print("  met:      \(context)") }
        print("  keywords: \(card.hints.isEmpty ? "none" : card.hints.joined(separator: ", "))")
        print("Name: ", terminator: "")
        fflush(nil)  // all C streams: the prompt has no newline to flush it
    }

    private func verdictLine(_ outcome: ReviewOutcome) -> String {
        let next = Output.due(outcome.person, now: global.clock())
        return switch outcome.verdict {
        case .exact: "✓ Right: \(outcome.person.name). Next review \(next)."
        case .closeEnough: "✓ Close enough: it's spelled \(outcome.person.name). Next review \(next)."
        case .wrong: "✗ It was \(outcome.person.name). Next review \(next)."
        }
    }

    private func printSummary(_ summary: ReviewSummary, ended: Bool) {
        guard summary.reviewed > 0 else { return }
        print("")
        print("Session \(ended ? "ended" : "done"): \(summary.reviewed) reviewed, \(summary.gotIt) right, \(summary.missed) missed.")
        if !summary.missedNames.isEmpty { print("Look again at: \(summary.missedNames.joined(separator: ", "))") }
    }
}

/// `review --json`: each answer and the summary.
private struct QuizOutput: Encodable {
    struct Answer: Encodable {
        let id: String
        let name: String
        let answer: String?
        let verdict: String
        let rating: String
        let intervalDays: Int
        let dueAt: Date
    }

    let reviewed: Int
    let gotIt: Int
    let missed: Int
    let missedNames: [String]
    let answers: [Answer]

    init(_ summary: ReviewSummary, outcomes: [ReviewOutcome]) {
        reviewed = summary.reviewed
        gotIt = summary.gotIt
        missed = summary.missed
        missedNames = summary.missedNames
        answers = outcomes.map { outcome in
            let verdict =
                switch outcome.verdict {
                case .exact: "exact"
                case .closeEnough: "closeEnough"
                case .wrong: "wrong"
                }
            return Answer(
                id: outcome.person.id.uuidString.lowercased(), name: outcome.person.name, answer: outcome.answer,
                verdict: verdict, rating: outcome.rating.rawValue, intervalDays: outcome.person.review.intervalDays,
                dueAt: outcome.person.review.dueDate
            )
        }
    }
}
