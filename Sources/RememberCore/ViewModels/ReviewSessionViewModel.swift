public import Foundation
public import Observation

/// A review session: the people due, one card at a time (sketch, context, hints), a typed
/// answer checked leniently (case, accents and one small typo forgiven), and a summary.
@MainActor
@Observable
public final class ReviewSessionViewModel {
    public private(set) var queue: [ReviewCard] = []
    public private(set) var position = 0
    public private(set) var lastOutcome: ReviewOutcome?
    public private(set) var summary = ReviewSummary()
    public var error: RememberError?
    public var showError = false

    /// The card to answer, or `nil` when the session is over.
    public var current: ReviewCard? { position < queue.count ? queue[position] : nil }
    public var isFinished: Bool { current == nil }
    public var remaining: Int { queue.count - position }

    private let reviewService: any ReviewServiceProtocol
    private let files: FileService
    private let matcher: AnswerMatcher
    private let now: @Sendable () -> Date

    public init(
        reviewService: any ReviewServiceProtocol, files: FileService, matcher: AnswerMatcher = AnswerMatcher(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.reviewService = reviewService
        self.files = files
        self.matcher = matcher
        self.now = now
    }

    /// Loads the people due now, longest overdue first, at most `limit` of them.
    public func start(limit: Int? = nil) async {
        do {
            queue = try await reviewService.dueQueue(at: now(), limit: limit).map(card(for:))
            position = 0
            summary = ReviewSummary()
            lastOutcome = nil
        } catch {
            present(error)
        }
    }

    /// Checks a typed answer for the current card and records got-it or missed.
    @discardableResult
    public func submit(answer: String) async -> ReviewOutcome? {
        guard let card = current else { return nil }
        let verdict = matcher.verdict(answer: answer, name: card.person.name)
        let rating: ReviewRating =
            switch verdict {
            case .exact, .closeEnough: .good
            case .wrong: .again
            }
        return await record(rating, verdict: verdict, answer: answer, for: card)
    }

    /// Records a self-graded answer (the "got it" / "missed" buttons, or again/hard/good/easy).
    @discardableResult
    public func rate(_ rating: ReviewRating) async -> ReviewOutcome? {
        guard let card = current else { return nil }
        let verdict: AnswerVerdict =
            switch rating {
            case .again: .wrong
            case .hard, .good, .easy: .exact
            }
        return await record(rating, verdict: verdict, answer: nil, for: card)
    }

    private func record(_ rating: ReviewRating, verdict: AnswerVerdict, answer: String?, for card: ReviewCard) async -> ReviewOutcome? {
        do {
            let person = try await reviewService.record(rating, for: card.person, at: now())
            let outcome = ReviewOutcome(card: card, answer: answer, verdict: verdict, rating: rating, person: person)
            lastOutcome = outcome
            position += 1
            summary.reviewed += 1
            switch rating {
            case .again:
                summary.missed += 1
                summary.missedNames.append(person.name)
            case .hard, .good, .easy:
                summary.gotIt += 1
            }
            summary.nextDue = [summary.nextDue, person.review.dueDate].compactMap { $0 }.min()
            return outcome
        } catch {
            present(error)
            return nil
        }
    }

    private func card(for person: Person) -> ReviewCard {
        ReviewCard(
            person: person, sketchURL: person.sketchFile.map(files.url(for:)), photoURL: person.photoFile.map(files.url(for:)),
            context: person.context, hints: person.keywords.descriptors
        )
    }

    private func present(_ error: RememberError) {
        self.error = error
        showError = true
    }
}
