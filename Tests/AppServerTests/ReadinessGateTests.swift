import Testing

@testable import AppServer

@Suite("ReadinessGate: housekeeping waits for the migrations")
struct ReadinessGateTests {
    /// Whether a task has got past the gate, read from the test.
    actor Passed {
        var count = 0
        func pass() { count += 1 }
    }

    @Test("waiters stay until the gate opens, then all pass; a wait after opening returns at once")
    func opens() async throws {
        let gate = ReadinessGate()
        let passed = Passed()
        let waiters = (0..<3).map { _ in
            Task {
                await gate.wait()
                await passed.pass()
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(await passed.count == 0)
        gate.open()
        for waiter in waiters { await waiter.value }
        #expect(await passed.count == 3)
        await gate.wait()
    }

    @Test("a waiter whose task is cancelled (a server stopped before it was ready) returns without the gate opening")
    func cancelled() async throws {
        let gate = ReadinessGate()
        let waiter = Task {
            await gate.wait()
            return Task.isCancelled
        }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        #expect(await waiter.value)
        // Cancelled before it waits: returns at once too.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await gate.wait()
            return Task.isCancelled
        }
        #expect(await early.value)
    }
}
