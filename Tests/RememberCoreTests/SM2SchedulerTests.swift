import Foundation
import RememberCore
import TestSupport
import Testing

@Suite("SM2Scheduler")
struct SM2SchedulerTests {
    private let scheduler = SM2Scheduler()
    private let now = Date.reviewTestEpoch

    @Test("seed test_updateReviewState_withGotIt_increasesInterval: interval 1, ease 2.5, got it → interval 2, ease 2.6")
    func updateReviewStateWithGotItIncreasesInterval() {
        // Arrange
        let state = ReviewState.new(createdAt: now)

        // Act
        let next = scheduler.schedule(state, rating: .good, reviewedAt: now)

        // Assert
        #expect(next.intervalDays == 2)  // 1 × 2.5 rounded down
        #expect(next.easeFactor == 2.6)
    }

    @Test("a run of got-its, a miss and a got-it → the hand-computed table")
    func handComputedTable() {
        // Good: I' = max(I + 1, ⌊I × E⌋), E' = min(E + 0.1, 3.0). Again: I' = 1, E' = E − 0.2.
        let steps: [(rating: ReviewRating, interval: Int, ease: Double, repetitions: Int, lapses: Int)] = [
            (.good, 2, 2.6, 1, 0),  // max(2, ⌊1 × 2.5⌋ = 2)
            (.good, 5, 2.7, 2, 0),  // max(3, ⌊2 × 2.6⌋ = 5)
            (.good, 13, 2.8, 3, 0),  // max(6, ⌊5 × 2.7 = 13.5⌋)
            (.good, 36, 2.9, 4, 0),  // max(14, ⌊13 × 2.8 = 36.4⌋)
            (.good, 104, 3.0, 5, 0),  // max(37, ⌊36 × 2.9 = 104.4⌋); 2.5 + 5 × 0.1 is exactly 3.0
            (.good, 312, 3.0, 6, 0),  // ⌊104 × 3.0⌋; ease capped at 3.0
            (.again, 1, 2.8, 0, 1),  // reset; 3.0 − 0.2; a lapse, since it had been learned
            (.good, 2, 2.9, 1, 1),  // max(2, ⌊1 × 2.8⌋ = 2)
            (.hard, 3, 2.75, 2, 1),  // max(3, ⌊2 × 1.2⌋ = 2); 2.9 − 0.15
            (.easy, 10, 2.9, 3, 1),  // max(4, ⌊3 × 2.75 × 1.3 = 10.725⌋); 2.75 + 0.15
        ]
        var state = ReviewState.new(createdAt: now)
        var reviewedAt = now
        for (index, step) in steps.enumerated() {
            state = scheduler.schedule(state, rating: step.rating, reviewedAt: reviewedAt)
            #expect(state.intervalDays == step.interval, "step \(index + 1)")
            #expect(state.easeFactor == step.ease, "step \(index + 1)")
            #expect(state.repetitions == step.repetitions, "step \(index + 1)")
            #expect(state.lapses == step.lapses, "step \(index + 1)")
            reviewedAt = state.dueDate
        }
    }

    @Test("a review → due exactly interval × 86,400 s later, last reviewed at the review")
    func dueDateIsWholeDaysAfterReview() {
        let reviewedAt = now.addingTimeInterval(3_723)  // not on a day boundary
        let next = scheduler.schedule(.sm2(intervalDays: 5, easeFactor: 2.5), rating: .good, reviewedAt: reviewedAt)

        #expect(next.intervalDays == 12)
        #expect(next.dueDate == reviewedAt.addingTimeInterval(12 * 86_400))
        #expect(next.lastReviewed == reviewedAt)
    }

    @Test(
        "hard and easy → the documented intervals and ease changes",
        arguments: [
            // (interval, ease, rating, expected interval, expected ease)
            (1, 2.5, ReviewRating.hard, 2, 2.35),  // max(2, ⌊1.2⌋ = 1)
            (10, 2.5, ReviewRating.hard, 12, 2.35),  // max(11, ⌊12.0⌋)
            (1, 2.5, ReviewRating.easy, 3, 2.65),  // max(2, ⌊1 × 2.5 × 1.3 = 3.25⌋)
            (10, 2.5, ReviewRating.easy, 32, 2.65),  // ⌊10 × 2.5 × 1.3 = 32.5⌋
            (10, 1.3, ReviewRating.easy, 16, 1.45),  // ⌊10 × 1.3 × 1.3 = 16.9⌋
        ])
    func hardAndEasy(interval: Int, ease: Double, rating: ReviewRating, expectedInterval: Int, expectedEase: Double) {
        let next = scheduler.schedule(.sm2(intervalDays: interval, easeFactor: ease), rating: rating, reviewedAt: now)

        #expect(next.intervalDays == expectedInterval)
        #expect(next.easeFactor == expectedEase)
    }

    @Test(
        "ease at the bounds → never above 3.0 nor below 1.3",
        arguments: [
            (3.0, ReviewRating.good, 3.0),
            (3.0, ReviewRating.easy, 3.0),
            (2.95, ReviewRating.good, 3.0),
            (1.3, ReviewRating.again, 1.3),
            (1.4, ReviewRating.again, 1.3),
            (1.3, ReviewRating.hard, 1.3),
            (1.5, ReviewRating.again, 1.3),
            (1.51, ReviewRating.again, 1.31),
        ])
    func easeClamps(ease: Double, rating: ReviewRating, expectedEase: Double) {
        let next = scheduler.schedule(.sm2(intervalDays: 4, easeFactor: ease), rating: rating, reviewedAt: now)

        #expect(next.easeFactor == expectedEase)
    }

    @Test("a stored ease outside 1.3...3.0 or not a number → treated as clamped or as the default 2.5")
    func outOfRangeStoredEase() {
        let tooHigh = scheduler.schedule(.sm2(intervalDays: 10, easeFactor: 7), rating: .good, reviewedAt: now)
        let tooLow = scheduler.schedule(.sm2(intervalDays: 10, easeFactor: 0.2), rating: .good, reviewedAt: now)
        let unreadable = scheduler.schedule(.sm2(intervalDays: 10, easeFactor: .nan), rating: .good, reviewedAt: now)

        #expect((tooHigh.intervalDays, tooHigh.easeFactor) == (30, 3.0))
        #expect((tooLow.intervalDays, tooLow.easeFactor) == (13, 1.4))
        #expect((unreadable.intervalDays, unreadable.easeFactor) == (25, 2.6))
    }

    @Test("a miss after learning → interval 1, ease − 0.2, repetitions 0, one more lapse")
    func missAfterLearning() {
        let next = scheduler.schedule(.sm2(intervalDays: 40, easeFactor: 2.7, repetitions: 5, lapses: 2), rating: .again, reviewedAt: now)

        #expect(next.intervalDays == 1)
        #expect(next.easeFactor == 2.5)
        #expect(next.repetitions == 0)
        #expect(next.lapses == 3)
        #expect(next.dueDate == now.addingTimeInterval(86_400))
    }

    @Test("a miss on a person never recalled → no lapse counted")
    func missBeforeLearning() {
        let first = scheduler.schedule(.new(createdAt: now), rating: .again, reviewedAt: now)
        let second = scheduler.schedule(first, rating: .again, reviewedAt: first.dueDate)

        #expect(first.lapses == 0)
        #expect(second.lapses == 0)
        #expect(second.easeFactor == 2.1)
        #expect(second.intervalDays == 1)
    }

    @Test("interval 1 at the lowest ease, got it → still grows to 2 (⌊1 × 1.3⌋ = 1 is floored at I + 1)")
    func lowEaseStillGrows() {
        let next = scheduler.schedule(.sm2(intervalDays: 1, easeFactor: 1.3), rating: .good, reviewedAt: now)

        #expect(next.intervalDays == 2)
    }

    @Test("interval 100 at ease 2.01 → 201, not the 200 of binary floating point (100 × 2.01 = 200.99999999999997)")
    func easeArithmeticIsExact() {
        let next = scheduler.schedule(.sm2(intervalDays: 100, easeFactor: 2.01), rating: .good, reviewedAt: now)

        #expect(next.intervalDays == 201)
        #expect(next.easeFactor == 2.11)
    }

    @Test("grades 5, 5, 5 → 2, 5, 13 days: the seed's rule, not SuperMemo SM-2 (vector 6.1 S1: 1, 6, 17 / 1, 6, 16)")
    func isNotOriginalSuperMemo() {
        var state = ReviewState.new(createdAt: now)
        var intervals: [Int] = []
        for _ in 0..<3 {
            state = scheduler.schedule(state, rating: .good, reviewedAt: state.dueDate)
            intervals.append(state.intervalDays)
        }

        #expect(intervals == [2, 5, 13])
        #expect(intervals != [1, 6, 17])  // 6.1 Variant A
        #expect(intervals != [1, 6, 16])  // 6.1 Variant B
    }

    @Test("an SM-2 review → FSRS memory state left as it was")
    func leavesFSRSFieldsAlone() {
        var state = ReviewState.sm2(intervalDays: 3, easeFactor: 2.5)
        state.stability = 12.5
        state.difficulty = 4.25

        let next = scheduler.schedule(state, rating: .again, reviewedAt: now)

        #expect(next.stability == 12.5)
        #expect(next.difficulty == 4.25)
    }

    @Test("a huge stored interval → capped at 100 years, no overflow")
    func hugeIntervalIsCapped() {
        let next = scheduler.schedule(.sm2(intervalDays: .max, easeFactor: 3.0), rating: .easy, reviewedAt: now)

        #expect(next.intervalDays == SM2Scheduler.maximumIntervalDays)
    }

    @Test("5,000 random and corrupt states × every rating → interval in 1...36500, ease a multiple of 0.01 in 1.3...3.0")
    func propertyInvariants() {
        var random = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<5_000 {
            let state = ReviewState.random(using: &random)
            let rating = ReviewRating.allCases.randomElement(using: &random) ?? .good
            let next = scheduler.schedule(state, rating: rating, reviewedAt: now)

            #expect((1...SM2Scheduler.maximumIntervalDays).contains(next.intervalDays))
            #expect((1.3...3.0).contains(next.easeFactor))
            #expect(next.easeFactor == Double(Int((next.easeFactor * 100).rounded())) / 100)
            #expect(next.dueDate == now.addingTimeInterval(Double(next.intervalDays) * 86_400))
            #expect(next.repetitions >= 0)
        }
    }
}
