/// Which scheduler a store uses; the CLI flag `--scheduler sm2|fsrs`.
public enum SchedulerKind: String, Codable, CaseIterable, Sendable {
    /// The seed's SM-2 rule (``SM2Scheduler``).
    case sm2
    /// FSRS-6 with default parameters (``FSRSScheduler``).
    case fsrs

    /// A scheduler of this kind with its default settings.
    public func makeScheduler() -> any Scheduler {
        switch self {
        case .sm2: SM2Scheduler()
        case .fsrs: FSRSScheduler()
        }
    }
}
