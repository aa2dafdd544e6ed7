import Foundation
import TestSupport
import Testing

@testable import RememberCore

@Suite("FSRSScheduler")
struct FSRSSchedulerTests {
    private let scheduler = FSRSScheduler()
    private let tolerance = 1e-6

    private func isClose(_ actual: Double?, _ expected: Double, within tolerance: Double = 1e-6) -> Bool {
        guard let actual else { return false }
        return abs(actual - expected) <= tolerance
    }

    // MARK: - Spot values (vector file 6.2, "Spot values (defaults)")

    @Test(
        "first review of a new person → S0(G) = w[G−1] and D0(G), clamped to 1...10",
        arguments: [
            (ReviewRating.again, 0.212, 6.4133),
            (ReviewRating.hard, 1.2931, 5.112170705601056),
            (ReviewRating.good, 2.3065, 2.118103970459016),
            (ReviewRating.easy, 8.2956, 1.0),  // raw D0(4) = −4.77…, clamped
        ])
    func firstReview(rating: ReviewRating, stability: Double, difficulty: Double) throws {
        let next = scheduler.schedule(.new(createdAt: .reviewTestEpoch), rating: rating, reviewedAt: .reviewTestEpoch)

        #expect(isClose(next.stability, stability, within: 1e-12))
        #expect(isClose(next.difficulty, difficulty, within: 1e-12))
    }

    @Test("raw D0(4) before clamping → −4.771630703161737 (the target of mean reversion)")
    func unclampedInitialDifficultyOfEasy() {
        #expect(abs(scheduler.initialDifficulty(grade: 4) - -4.771630703161737) <= 1e-12)
    }

    @Test(
        "R(t, 10) → the py-fsrs forgetting curve, R(S, S) = 0.9",
        arguments: [
            (0, 1.0),
            (1, 0.9856824087775146),
            (5, 0.9403442888929227),
            (10, 0.9),
            (20, 0.8458846451494336),
            (100, 0.6928266345726217),
        ])
    func retrievabilitySpotValues(elapsedDays: Int, expected: Double) {
        #expect(abs(scheduler.retrievability(elapsedDays: elapsedDays, stability: 10) - expected) <= 1e-12)
    }

    @Test(
        "I(r, S) → unrounded value, then rounded to whole days",
        arguments: [
            (0.8, 1.0, 3.315959786230981, 3),
            (0.9, 10.0, 10.0, 10),
            (0.95, 10.0, 4.02558691989992, 4),
            (0.8, 100.0, 331.5959786230981, 332),
            (0.95, 100.0, 40.2558691989992, 40),
        ])
    func intervalSpotValues(retention: Double, stability: Double, unrounded: Double, rounded: Int) {
        let scheduler = FSRSScheduler(desiredRetention: retention)

        #expect(abs(scheduler.unroundedInterval(stability: stability) - unrounded) <= 1e-9)
        #expect(scheduler.intervalDays(stability: stability) == rounded)
    }

    @Test("I(r, S) at the ends → at least 1 day, at most the maximum interval")
    func intervalClamps() {
        #expect(scheduler.intervalDays(stability: 0.001) == 1)
        #expect(scheduler.intervalDays(stability: 1e9) == 36_500)
        #expect(FSRSScheduler(maximumIntervalDays: 30).intervalDays(stability: 50) == 30)
        #expect(FSRSScheduler(maximumIntervalDays: 0).maximumIntervalDays == 1)
    }

    // MARK: - Vector F3: pure day-based FSRS

    @Test("vector F3 (py-fsrs 6.3.2, no steps, no fuzz) → every row's R, S, D and interval")
    func vectorF3() {
        let rows: [(elapsedDays: Int, rating: ReviewRating, retrievability: Double, stability: Double, difficulty: Double, interval: Int)] = [
            (0, .good, 0.000000, 2.306500, 2.118104, 2),  // new: py-fsrs reports R = 0, there is no curve yet
            (2, .good, 0.909493, 10.964332, 2.111214, 11),
            (11, .hard, 0.899777, 32.203306, 4.748285, 32),
            (32, .good, 0.900435, 92.753415, 4.738765, 93),
            (93, .again, 0.899817, 3.657062, 8.255896, 4),
            (4, .good, 0.893725, 8.298429, 8.242869, 8),
            (8, .easy, 0.902496, 24.105292, 7.640946, 24),
            (24, .good, 0.900300, 49.697561, 7.628533, 50),
        ]
        var state = ReviewState.new(createdAt: .reviewTestEpoch)
        var reviewedAt = Date.reviewTestEpoch
        for (index, row) in rows.enumerated() {
            let label = "row \(index + 1)"
            if let stability = state.stability {
                #expect(reviewedAt == state.dueDate, "\(label): reviewed exactly when due")
                let recall = scheduler.retrievability(elapsedDays: row.elapsedDays, stability: stability)
                #expect(abs(recall - row.retrievability) <= tolerance, "\(label)")
            }
            state = scheduler.schedule(state, rating: row.rating, reviewedAt: reviewedAt)

            #expect(isClose(state.stability, row.stability, within: tolerance), "\(label)")
            #expect(isClose(state.difficulty, row.difficulty, within: tolerance), "\(label)")
            #expect(state.intervalDays == row.interval, "\(label)")
            #expect(state.dueDate == reviewedAt.addingTimeInterval(Double(row.interval) * 86_400), "\(label)")
            reviewedAt = state.dueDate
        }
        #expect(state.repetitions == 3)
        #expect(state.lapses == 1)
    }

    // MARK: - Vector F2: upstream test_memo_state

    @Test("vector F2 (test_memo_state: Again, Good ×5 at day offsets 0, 0, 1, 3, 8, 21) → intermediate and final S, D")
    func vectorF2() {
        let steps: [(offsetDays: Double, rating: ReviewRating, stability: Double, difficulty: Double)] = [
            (0, .again, 0.212, 6.4133),
            (0, .good, 0.24668918777567272, 6.402115069296838),  // same day: short-term formula
            (1, .good, 2.021477251638192, 6.3909413235243795),
            (3, .good, 7.863698841006282, 6.379778751497693),
            (8, .good, 21.917713153152434, 6.368627342043034),
            (21, .good, 53.626902917141365, 6.357487083997829),
        ]
        var state = ReviewState.new(createdAt: .reviewTestEpoch)
        var reviewedAt = Date.reviewTestEpoch
        for (index, step) in steps.enumerated() {
            reviewedAt = reviewedAt.addingTimeInterval(step.offsetDays * 86_400)
            state = scheduler.schedule(state, rating: step.rating, reviewedAt: reviewedAt)

            #expect(isClose(state.stability, step.stability), "review \(index + 1)")
            #expect(isClose(state.difficulty, step.difficulty), "review \(index + 1)")
        }
    }

    // MARK: - More py-fsrs 6.3.2 runs (no steps, no fuzz), generated for this suite

    @Test("same-day Good, Hard, Again (py-fsrs 6.3.2) → Hard's multiplier floored at 1, Again shrinks S")
    func sameDayReviews() {
        let steps: [(rating: ReviewRating, stability: Double, difficulty: Double, interval: Int)] = [
            (.good, 2.3065, 2.118103970459016, 2),
            (.hard, 2.3065, 4.752858488532557, 2),
            (.again, 0.7750839828558984, 8.260528635039767, 1),
        ]
        var state = ReviewState.new(createdAt: .reviewTestEpoch)
        for (index, step) in steps.enumerated() {
            state = scheduler.schedule(state, rating: step.rating, reviewedAt: .reviewTest(days: 0, hours: Double(index)))

            #expect(isClose(state.stability, step.stability, within: 1e-12), "review \(index + 1)")
            #expect(isClose(state.difficulty, step.difficulty, within: 1e-12), "review \(index + 1)")
            #expect(state.intervalDays == step.interval, "review \(index + 1)")
        }
    }

    @Test("elapsed time floored to whole days (py-fsrs timedelta.days): 23 h 59 → same day, 47 h 59 → 1 day")
    func elapsedDaysAreFloored() {
        let first = scheduler.schedule(.new(createdAt: .reviewTestEpoch), rating: .good, reviewedAt: .reviewTestEpoch)

        let almostOneDay = scheduler.schedule(first, rating: .good, reviewedAt: .reviewTest(days: 0, hours: 23 + 59.0 / 60))
        let almostTwoDays = scheduler.schedule(first, rating: .good, reviewedAt: .reviewTest(days: 0, hours: 47 + 59.0 / 60))

        #expect(isClose(almostOneDay.stability, 2.3065, within: 1e-12))
        #expect(isClose(almostTwoDays.stability, 7.31530074407728, within: 1e-9))
        #expect(isClose(almostTwoDays.difficulty, 2.111214235785395, within: 1e-12))
        #expect(almostTwoDays.intervalDays == 7)
    }

    @Test("Again on a new person, Again a day later (py-fsrs 6.3.2) → forget formula, one lapse")
    func missedTwice() {
        let first = scheduler.schedule(.new(createdAt: .reviewTestEpoch), rating: .again, reviewedAt: .reviewTestEpoch)
        let second = scheduler.schedule(first, rating: .again, reviewedAt: .reviewTest(days: 1))

        #expect(first.lapses == 0)
        #expect(isClose(second.stability, 0.10088578982099844, within: 1e-12))
        #expect(isClose(second.difficulty, 8.806304468856837, within: 1e-12))
        #expect(second.intervalDays == 1)
        #expect(second.lapses == 1)
        #expect(second.repetitions == 0)
    }

    @Test("maximum interval 30, Easy ×3 (py-fsrs 6.3.2) → S keeps growing, interval capped at 30")
    func maximumIntervalCapsButStabilityGrows() {
        let capped = FSRSScheduler(maximumIntervalDays: 30)
        let steps: [(offsetDays: Double, stability: Double, interval: Int)] = [
            (0, 8.2956, 8),
            (8, 65.62422616189994, 30),
            (40, 292.68025507208415, 30),
        ]
        var state = ReviewState.new(createdAt: .reviewTestEpoch)
        var reviewedAt = Date.reviewTestEpoch
        for (index, step) in steps.enumerated() {
            reviewedAt = reviewedAt.addingTimeInterval(step.offsetDays * 86_400)
            state = capped.schedule(state, rating: .easy, reviewedAt: reviewedAt)

            #expect(isClose(state.stability, step.stability, within: 1e-9), "review \(index + 1)")
            #expect(state.difficulty == 1.0, "review \(index + 1)")
            #expect(state.intervalDays == step.interval, "review \(index + 1)")
        }
    }

    @Test("an overdue review, 30 days instead of 2 (py-fsrs 6.3.2) → larger stability gain")
    func overdueReview() {
        let first = scheduler.schedule(.new(createdAt: .reviewTestEpoch), rating: .good, reviewedAt: .reviewTestEpoch)
        let late = scheduler.schedule(first, rating: .good, reviewedAt: .reviewTest(days: 30))

        #expect(isClose(late.stability, 37.42063838925624, within: 1e-9))
        #expect(late.intervalDays == 37)
    }

    // MARK: - State bookkeeping

    @Test("an FSRS review → SM-2 ease untouched; repetitions count passes, reset by a miss")
    func bookkeeping() {
        var state = ReviewState.new(createdAt: .reviewTestEpoch)
        state.easeFactor = 1.75
        state = scheduler.schedule(state, rating: .good, reviewedAt: .reviewTestEpoch)
        state = scheduler.schedule(state, rating: .hard, reviewedAt: state.dueDate)
        #expect(state.repetitions == 2)

        state = scheduler.schedule(state, rating: .again, reviewedAt: state.dueDate)
        #expect(state.repetitions == 0)
        #expect(state.lapses == 1)
        #expect(state.easeFactor == 1.75)
        #expect(state.lastReviewed == state.dueDate.addingTimeInterval(-Double(state.intervalDays) * 86_400))
    }

    @Test("a state reviewed only by SM-2 so far → its first FSRS review starts the memory from S0, D0")
    func switchingFromSM2() {
        let sm2State = SM2Scheduler().schedule(.new(createdAt: .reviewTestEpoch), rating: .good, reviewedAt: .reviewTestEpoch)

        let next = scheduler.schedule(sm2State, rating: .good, reviewedAt: sm2State.dueDate)

        #expect(next.stability == 2.3065)
        #expect(isClose(next.difficulty, 2.118103970459016, within: 1e-12))
        #expect(next.repetitions == 2)
    }

    @Test("a stored memory that is not finite → treated as a first review")
    func corruptMemoryIsRestarted() {
        var state = ReviewState.sm2(intervalDays: 10, easeFactor: 2.5)
        state.stability = .nan
        state.difficulty = 5

        let next = scheduler.schedule(state, rating: .easy, reviewedAt: .reviewTest(days: 10))

        #expect(next.stability == 8.2956)
        #expect(next.difficulty == 1.0)
    }

    @Test("5,000 random and corrupt states × every rating → finite S ≥ 0.001, D in 1...10, interval in 1...36500")
    func propertyInvariants() {
        var random = SplitMix64(seed: 0xF5_25_0006)
        let reviewedAt = Date.reviewTest(days: 3)
        for _ in 0..<5_000 {
            let state = ReviewState.random(using: &random)
            let rating = ReviewRating.allCases.randomElement(using: &random) ?? .good
            let next = scheduler.schedule(state, rating: rating, reviewedAt: reviewedAt)

            let stability = next.stability ?? -1
            let difficulty = next.difficulty ?? -1
            #expect(stability.isFinite && stability >= 0.001)
            #expect((1.0...10.0).contains(difficulty))
            #expect((1...36_500).contains(next.intervalDays))
            #expect(next.dueDate == reviewedAt.addingTimeInterval(Double(next.intervalDays) * 86_400))
            #expect(next.easeFactor.isNaN ? state.easeFactor.isNaN : next.easeFactor == state.easeFactor)
        }
    }

    // MARK: - Parameters

    @Test("default weights → the 21 FSRS-6 defaults of py-fsrs 6.3.2")
    func defaultWeights() {
        let weights = FSRSParameters.default.weights
        #expect(weights.count == 21)
        #expect(weights.first == 0.212)
        #expect(weights.last == 0.1542)
    }

    @Test("custom weights → accepted when 21 and in range, refused with an actionable error otherwise")
    func customWeights() throws {
        let same = try FSRSParameters(weights: FSRSParameters.default.weights)
        #expect(same == .default)

        #expect(throws: FSRSParametersError.wrongCount(expected: 21, actual: 19)) {
            try FSRSParameters(weights: Array(FSRSParameters.default.weights.prefix(19)))
        }
        var weights = FSRSParameters.default.weights
        weights[20] = 0.9
        let error = #expect(throws: FSRSParametersError.self) { try FSRSParameters(weights: weights) }
        #expect(error == .outOfRange(index: 20, value: 0.9, allowed: 0.1...0.8))
        #expect(error?.errorDescription?.contains("w20") == true)
    }
}
