import Testing

@testable import Observability

/// `LoggingSetup.bootstrap` itself is not called in tests: it changes process-wide state shared
/// with every other test target. Its once-only guard is tested directly.
@Suite("BootstrapGate")
struct BootstrapGateTests {
    @Test("only the first claim succeeds")
    func firstClaimOnly() {
        let gate = BootstrapGate()
        #expect(gate.claim())
        #expect(!gate.claim())
        #expect(!gate.claim())
    }

    @Test("concurrent claims let exactly one caller through")
    func concurrentClaims() async {
        let gate = BootstrapGate()
        let winners = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask { gate.claim() }
            }
            var count = 0
            for await won in group where won {
                count += 1
            }
            return count
        }
        #expect(winners == 1)
    }
}
