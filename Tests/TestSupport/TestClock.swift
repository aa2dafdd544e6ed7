public import Foundation

/// A clock that tests move by hand, so anything that reads the time (expiry, back-off, rate
/// windows, "today") is reproducible. Production code takes a clock as `@Sendable () -> Date`;
/// hand it ``function`` (or `{ clock.now }`).
///
/// `@unchecked Sendable` is safe here: the only mutable state, `current`, is private and every
/// read and write of it happens inside `lock.withLock`, so no two threads touch it at once.
/// (`Mutex` from the Synchronization module would need macOS 15 / iOS 18; the package supports
/// macOS 14 / iOS 17.)
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// A clock standing at `start` (by default a fixed instant, so runs never depend on the wall
    /// clock).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_763_600_000)) {
        current = start
    }

    /// The clock's current time.
    public var now: Date {
        lock.withLock { current }
    }

    /// Moves the clock forward (or, with a negative value, back) by `seconds`.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }

    /// The clock in the shape production code injects.
    public var function: @Sendable () -> Date { { self.now } }
}
