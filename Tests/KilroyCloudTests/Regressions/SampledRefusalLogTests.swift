import Foundation
import HTTPTypes
import HummingbirdTesting
import InMemoryLogging
import KilroyAPI
import Logging
import ServerKit
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 15: every rate-limited request wrote a log line (20,919 lines in 10 s under load). The
/// refusals are now counted into one line per kind and interval.
@Suite("Refusals are counted in the log, not written one by one")
struct SampledRefusalLogTests {
    @Test("a burst of refused uploads writes one line; the next interval's line carries the count")
    func burstIsOneLine() async throws {
        let events = InMemoryLogHandler(logLevel: .trace)
        let harness = try KilroyCloudHarness(
            configuration: .init(uploadRateLimit: RateLimit(burst: 1, perMinute: 1)), logger: Logger(label: "test") { _ in events })
        try await harness.run { client in
            #expect(try await client.upload(SampleImages.jpeg(0)).status == .created)
            for index in 1...40 {
                let response = try await client.upload(SampleImages.jpeg(UInt8(index)))
                #expect(response.status == .tooManyRequests)
            }
            harness.clock.advance(by: 10)
            // 10 s at one token a minute refill a sixth of a token, so this upload is refused too.
            #expect(try await client.upload(SampleImages.jpeg(41)).status == .tooManyRequests)
        }
        let lines = events.entries.filter { "\($0.message)" == "kilroy requests rate limited" }
        #expect(lines.count == 2)
        #expect(lines.map { $0.metadata["count"].map { "\($0)" } } == ["1", "40"])
    }

    @Test("the sampler: first event at once, then one line per interval with the count")
    func sampler() {
        let clock = TestClock()
        let log = SampledLog(interval: 10, now: clock.function)
        #expect(log.record("uploads") == 1)
        #expect((1...99).compactMap { _ in log.record("uploads") }.isEmpty)
        #expect(log.record("drops") == 1)
        clock.advance(by: 10)
        #expect(log.record("uploads") == 100)
        #expect(log.record("uploads") == nil)
    }
}
