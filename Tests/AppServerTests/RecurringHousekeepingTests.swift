import InMemoryLogging
import Logging
import Synchronization
import TestSupport
import Testing

@testable import AppServer

@Suite("RecurringHousekeeping.kilroy: the store's maintenance beside the server, not in a request")
struct RecurringHousekeepingTests {
    struct Failure: Error {}

    @Test("nothing runs before the gate opens; then a round every interval, and a failing round is logged and followed by the next")
    func runsAfterTheGate() async throws {
        let rounds = Mutex(0)
        let events = InMemoryLogHandler(logLevel: .trace)
        let gate = ReadinessGate()
        let housekeeping = RecurringHousekeeping.kilroy(
            maintenance: {
                let round = rounds.withLock { count in
                    count += 1
                    return count
                }
                if round == 1 { throw Failure() }
            }, ready: gate, interval: .milliseconds(20), logger: Logger(label: "kilroy") { _ in events })
        let running = Task { try await housekeeping.run() }
        defer { running.cancel() }
        try await Task.sleep(for: .milliseconds(100))
        #expect(rounds.withLock { $0 } == 0)
        gate.open()
        for _ in 0..<200 where rounds.withLock({ $0 }) < 3 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(rounds.withLock { $0 } >= 3)
        let errors = events.entries.filter { $0.level == .error }
        #expect(errors.map { "\($0.message)" } == ["kilroy store maintenance failed"])
        #expect(errors.first?.metadata["error_type"].map { "\($0)" }?.hasSuffix("Failure") == true)
        running.cancel()
        _ = try? await running.value
    }
}
