public import Foundation

/// A spaced-repetition rule: given how a review went, when should the person come up again?
public protocol Scheduler: Sendable {
    /// The state after a review with `rating` at `reviewedAt`.
    ///
    /// Pure: the result depends only on the arguments, never on the clock.
    func schedule(_ state: ReviewState, rating: ReviewRating, reviewedAt: Date) -> ReviewState
}
