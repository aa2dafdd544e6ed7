public import Foundation

/// Decides when a repeated event — a refused request — is worth a log line: the first of each
/// kind, then at most one line per ``interval`` carrying how many happened since the last line.
/// A client hammering a limit otherwise writes one line per refusal (20,919 lines in 10 s were
/// seen), which drowns the log and costs the server more than the refusal itself.
///
/// `@unchecked Sendable` is safe: `kinds` is only read or written inside `lock.withLock`.
public final class SampledLog: @unchecked Sendable {
    /// The shortest time between two lines of one kind.
    public let interval: TimeInterval
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    /// Per kind: when its last line was written and how many events came since.
    private var kinds: [String: (lastLine: Date, pending: Int)] = [:]

    public init(interval: TimeInterval = 10, now: @escaping @Sendable () -> Date) {
        self.interval = interval
        self.now = now
    }

    /// Counts one event of `kind`; returns how many events the line to write now stands for
    /// (this one included), or nil when no line is due yet.
    public func record(_ kind: String) -> Int? {
        let time = now()
        return lock.withLock {
            guard let state = kinds[kind] else {
                kinds[kind] = (time, 0)
                return 1
            }
            // A clock that went backwards starts a new interval rather than waiting for it.
            if time.timeIntervalSince(state.lastLine) >= interval || time < state.lastLine {
                kinds[kind] = (time, 0)
                return state.pending + 1
            }
            kinds[kind] = (state.lastLine, state.pending + 1)
            return nil
        }
    }
}
