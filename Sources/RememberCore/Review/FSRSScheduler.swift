public import Foundation

/// FSRS-6, the Free Spaced Repetition Scheduler, computed as py-fsrs 6.3.2 computes it, day-based.
///
/// It models the memory of each name with a stability `S` (days until the predicted probability of
/// recall falls to 90 %) and a difficulty `D` (1...10), and schedules the next review for when that
/// probability falls to `desiredRetention`. Compared with SM-2 it needs fewer reviews for the same
/// recall, and it copes with reviews taken early or late.
///
/// Differences from py-fsrs's defaults, chosen for a names app that schedules whole days: no
/// learning or relearning steps (every review sets a whole-day interval, as py-fsrs does with
/// `learning_steps=()` and `relearning_steps=()`) and no fuzzing (results are deterministic).
/// A review less than a day after the previous one uses FSRS's same-day formula.
///
/// The state's interval, repetitions (reset by a miss) and lapses (misses of a person reviewed
/// before) are kept current for display; the SM-2 ease is left untouched. A state whose memory
/// (stability, difficulty, last review) is missing or not finite is treated as never reviewed.
public struct FSRSScheduler: Scheduler {
    /// The model weights.
    public let parameters: FSRSParameters
    /// The recall probability at which a review is scheduled, between 0 and 1.
    public let desiredRetention: Double
    /// The longest interval given, in days; at least 1.
    public let maximumIntervalDays: Int

    private var w: [Double] { parameters.weights }
    /// The forgetting curve's exponent, −w20.
    private let decay: Double
    /// Chosen so that R(S, S) = 0.9: 0.9^(1/decay) − 1.
    private let factor: Double

    private static let minimumStability = 0.001
    private static let difficultyRange = 1.0...10.0

    /// A scheduler aiming at `desiredRetention` recall; an interval is never longer than
    /// `maximumIntervalDays` (raised to 1 if smaller).
    public init(parameters: FSRSParameters = .default, desiredRetention: Double = 0.9, maximumIntervalDays: Int = 36_500) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.maximumIntervalDays = max(1, maximumIntervalDays)
        decay = -parameters.weights[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    /// The predicted probability of recalling the name `elapsedDays` whole days after a review that
    /// left it with `stability`: R(t, S) = (1 + factor · t / S)^decay. Negative days count as 0,
    /// stabilities below 0.001 as 0.001.
    public func retrievability(elapsedDays: Int, stability: Double) -> Double {
        let days = Double(max(0, elapsedDays))
        return pow(1 + factor * days / max(stability, Self.minimumStability), decay)
    }

    /// The interval in whole days after which recall is predicted to fall to ``desiredRetention``,
    /// rounded half to even (as Python's `round`) and clamped to 1...``maximumIntervalDays``.
    public func intervalDays(stability: Double) -> Int {
        let days = unroundedInterval(stability: stability).rounded(.toNearestOrEven)
        guard !days.isNaN else { return 1 }
        return Int(min(max(days, 1), Double(maximumIntervalDays)))
    }

    public func schedule(_ state: ReviewState, rating: ReviewRating, reviewedAt: Date) -> ReviewState {
        var next = state
        let grade = Self.grade(rating)

        if let memory = Memory(state) {
            let elapsedDays = Self.wholeDays(from: memory.lastReviewed, to: reviewedAt)
            let newStability: Double
            if elapsedDays < 1 {
                newStability = shortTermStability(memory.stability, grade: grade)
            } else {
                let recall = retrievability(elapsedDays: elapsedDays, stability: memory.stability)
                switch rating {
                case .again:
                    newStability = forgetStability(memory.stability, difficulty: memory.difficulty, retrievability: recall)
                case .hard, .good, .easy:
                    newStability = recallStability(
                        memory.stability, difficulty: memory.difficulty, retrievability: recall, grade: grade
                    )
                }
            }
            // Stability is updated with the difficulty from before this review, then difficulty.
            next.stability = max(newStability, Self.minimumStability)
            next.difficulty = nextDifficulty(memory.difficulty, grade: grade)
            if rating == .again {
                next.lapses = Self.incremented(state.lapses)
            }
        } else {
            next.stability = max(w[grade - 1], Self.minimumStability)
            next.difficulty = Self.clampedDifficulty(initialDifficulty(grade: grade))
        }

        switch rating {
        case .again: next.repetitions = 0
        case .hard, .good, .easy: next.repetitions = Self.incremented(state.repetitions)
        }
        next.intervalDays = intervalDays(stability: next.stability ?? Self.minimumStability)
        next.lastReviewed = reviewedAt
        next.dueDate = reviewedAt.addingDays(next.intervalDays)
        return next
    }

    // MARK: - FSRS-6 formulas (G: again 1, hard 2, good 3, easy 4)

    /// I(r, S) = S / factor · (r^(1/decay) − 1), before rounding.
    func unroundedInterval(stability: Double) -> Double {
        stability / factor * (pow(desiredRetention, 1 / decay) - 1)
    }

    /// D0(G) = w4 − e^(w5·(G−1)) + 1, unclamped: mean reversion pulls toward the unclamped D0(4).
    func initialDifficulty(grade: Int) -> Double {
        w[4] - exp(w[5] * Double(grade - 1)) + 1
    }

    private func nextDifficulty(_ difficulty: Double, grade: Int) -> Double {
        let delta = -w[6] * Double(grade - 3)
        let damped = difficulty + (10 - difficulty) * delta / 9
        let reverted = w[7] * initialDifficulty(grade: 4) + (1 - w[7]) * damped
        return Self.clampedDifficulty(reverted)
    }

    private func recallStability(_ stability: Double, difficulty: Double, retrievability: Double, grade: Int) -> Double {
        let hardPenalty = grade == 2 ? w[15] : 1
        let easyBonus = grade == 4 ? w[16] : 1
        let growth =
            exp(w[8]) * (11 - difficulty) * pow(stability, -w[9])
            * (exp((1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus
        return stability * (1 + growth)
    }

    private func forgetStability(_ stability: Double, difficulty: Double, retrievability: Double) -> Double {
        let longTerm =
            w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
            * exp((1 - retrievability) * w[14])
        // A miss never leaves the memory more stable than a same-day miss would.
        let shortTerm = stability / exp(w[17] * w[18])
        return min(longTerm, shortTerm)
    }

    private func shortTermStability(_ stability: Double, grade: Int) -> Double {
        var increase = exp(w[17] * (Double(grade) - 3 + w[18])) * pow(stability, -w[19])
        if grade >= 2 {
            // Recalling a name again the same day never makes the memory weaker.
            increase = max(increase, 1)
        }
        return stability * increase
    }

    // MARK: - Helpers

    /// The memory state of a state that has had at least one FSRS review, sanitised.
    private struct Memory {
        let stability: Double
        let difficulty: Double
        let lastReviewed: Date

        init?(_ state: ReviewState) {
            guard let stability = state.stability, stability.isFinite,
                let difficulty = state.difficulty, difficulty.isFinite,
                let lastReviewed = state.lastReviewed
            else { return nil }
            self.stability = max(stability, FSRSScheduler.minimumStability)
            self.difficulty = FSRSScheduler.clampedDifficulty(difficulty)
            self.lastReviewed = lastReviewed
        }
    }

    private static func grade(_ rating: ReviewRating) -> Int {
        switch rating {
        case .again: 1
        case .hard: 2
        case .good: 3
        case .easy: 4
        }
    }

    private static func clampedDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, difficultyRange.lowerBound), difficultyRange.upperBound)
    }

    /// Whole days from `start` to `end`, rounded down like Python's `timedelta.days`.
    private static func wholeDays(from start: Date, to end: Date) -> Int {
        let days = (end.timeIntervalSince(start) / ReviewState.secondsPerDay).rounded(.down)
        guard days.isFinite else { return days > 0 ? Int.max : 0 }
        return Int(min(max(days, -1e15), 1e15))
    }

    private static func incremented(_ count: Int) -> Int {
        count == Int.max ? count : max(count, 0) + 1
    }
}
