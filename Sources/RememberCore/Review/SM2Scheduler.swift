public import Foundation

/// The seed's SM-2 rule: a simplified SM-2 driven by the app's "got it" / "missed" buttons.
///
/// This is deliberately *not* the original SuperMemo SM-2 (no fixed 1- and 6-day first steps, no
/// quality grades 0–5): from a new person (interval 1, ease 2.5) "got it" gives interval 2 and
/// ease 2.6, as the seed's own test requires. Per rating, with `I` the interval and `E` the ease
/// before the review:
///
/// | rating | new interval | new ease | repetitions | lapses |
/// |---|---|---|---|---|
/// | again | 1 | E − 0.20 | 0 | +1 if repetitions > 0 |
/// | hard | max(I + 1, ⌊I × 1.2⌋) | E − 0.15 | +1 | — |
/// | good | max(I + 1, ⌊I × E⌋) | E + 0.10 | +1 | — |
/// | easy | max(I + 1, ⌊I × E × 1.3⌋) | E + 0.15 | +1 | — |
///
/// Ease stays within 1.3...3.0: the cap keeps a lucky streak from pushing intervals out too fast,
/// the floor keeps a hard name from coming back every day forever. The `I + 1` floor keeps an
/// interval of 1 growing even at a low ease. Intervals are capped at ``maximumIntervalDays``.
/// The person is due `interval` whole days after the review. FSRS fields are left untouched.
public struct SM2Scheduler: Scheduler {
    /// The longest interval this scheduler gives (100 years, as FSRS's default maximum).
    public static let maximumIntervalDays = 36_500

    // Ease is computed in integer hundredths: in binary floating point 100 × 2.01 is
    // 200.99999999999997, which would floor to 200 instead of 201, and 2.5 + 5 × 0.1 exceeds 3.0.
    private static let minimumEase = 130
    private static let maximumEase = 300
    private static let defaultEase = 250

    public init() {}

    public func schedule(_ state: ReviewState, rating: ReviewRating, reviewedAt: Date) -> ReviewState {
        let interval = Self.sanitizedInterval(state.intervalDays)
        let ease = Self.easeHundredths(state.easeFactor)

        let newInterval: Int
        let easeChange: Int
        var next = state
        switch rating {
        case .again:
            newInterval = 1
            easeChange = -20
            if state.repetitions > 0 {
                next.lapses = Self.incremented(state.lapses)
            }
            next.repetitions = 0
        case .hard:
            newInterval = max(interval + 1, interval * 120 / 100)
            easeChange = -15
            next.repetitions = Self.incremented(state.repetitions)
        case .good:
            newInterval = max(interval + 1, interval * ease / 100)
            easeChange = 10
            next.repetitions = Self.incremented(state.repetitions)
        case .easy:
            newInterval = max(interval + 1, interval * ease * 130 / 10_000)
            easeChange = 15
            next.repetitions = Self.incremented(state.repetitions)
        }

        next.intervalDays = min(newInterval, Self.maximumIntervalDays)
        next.easeFactor = Double(Self.clampedEase(ease + easeChange)) / 100
        next.lastReviewed = reviewedAt
        next.dueDate = reviewedAt.addingDays(next.intervalDays)
        return next
    }

    /// The ease in hundredths, clamped to the allowed range; an unreadable ease counts as the default.
    private static func easeHundredths(_ ease: Double) -> Int {
        guard ease.isFinite else { return defaultEase }
        let clampedEase = min(max(ease, Double(minimumEase) / 100), Double(maximumEase) / 100)
        return Int((clampedEase * 100).rounded())
    }

    private static func clampedEase(_ hundredths: Int) -> Int {
        min(max(hundredths, minimumEase), maximumEase)
    }

    /// A stored interval brought into 1...maximum, so that corrupt data cannot overflow the arithmetic.
    private static func sanitizedInterval(_ days: Int) -> Int {
        min(max(days, 1), maximumIntervalDays)
    }

    private static func incremented(_ count: Int) -> Int {
        count == Int.max ? count : max(count, 0) + 1
    }
}
