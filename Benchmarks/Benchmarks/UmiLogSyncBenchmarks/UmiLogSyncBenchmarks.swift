import Benchmark
import Foundation
import UmiLogCore

/// UmiLog's end-to-end encrypted sync (issue: "sync 2,000 dives"), through the real sync server
/// on loopback (SQLite store, blob folder, Hummingbird as `app-server` runs it) and the real
/// client over URLSession: a new device's first sync of a 2,000-dive log with profiles, and an
/// incremental sync of 10 edited dives, pushed by one device and pulled by another. Beside the
/// seconds, the bytes on the wire (sealed changes and sealed profiles), against the same log's
/// UDDF export (the reference the issue names).
let benchmarks: @Sendable () -> Void = {
    let bytesReceived = BenchmarkMetric.custom("bytes received", polarity: .prefersSmaller, useScalingFactor: false)
    let bytesSent = BenchmarkMetric.custom("bytes sent", polarity: .prefersSmaller, useScalingFactor: false)
    let uddfBytes = BenchmarkMetric.custom("UDDF bytes", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(300), maxIterations: 3)
    // Each benchmark runs in its own process: build (once, kept on disk) and copy the fixture
    // before it, delete the copy after it.
    Benchmark.setup = { _ = try await SyncFixture.running() }
    Benchmark.teardown = { try await SyncFixture.running().remove() }

    Benchmark(
        "UmiLog sync: first sync of a 2,000-dive log with profiles to an empty device",
        configuration: .init(metrics: [.wallClock, bytesReceived])
    ) { benchmark in
        let fixture = try await SyncFixture.running()
        let device = try await fixture.emptyDevice()
        try await device.syncing.joinAccount(server: fixture.server, accountID: fixture.accountID, secret: .passphrase(SyncFixture.passphrase))
        benchmark.startMeasurement()
        let report = try await device.syncing.sync(server: fixture.server)
        benchmark.stopMeasurement()
        precondition(report.profilesDownloaded == SyncFixture.diveCount, "downloaded \(report.profilesDownloaded) profiles")
        benchmark.measurement(bytesReceived, report.bytesReceived)
        print("first sync: \(describe(report))")
        try? FileManager.default.removeItem(at: device.services.directory)
    }

    Benchmark(
        "UmiLog sync: incremental sync of 10 edits, push from the editing device",
        configuration: .init(metrics: [.wallClock, bytesSent], warmupIterations: 1, maxIterations: 5)
    ) { benchmark in
        let fixture = try await SyncFixture.running()
        try await fixture.editTenDives()
        benchmark.startMeasurement()
        let report = try await fixture.source.syncing.sync(server: fixture.server)
        benchmark.stopMeasurement()
        precondition(report.pushed == 10, "pushed \(report.pushed) changes")
        benchmark.measurement(bytesSent, report.bytesSent)
        print("push of 10 edits: \(describe(report))")
    }

    Benchmark(
        "UmiLog sync: incremental sync of 10 edits, pull on a synced device",
        configuration: .init(metrics: [.wallClock, bytesReceived], warmupIterations: 1, maxIterations: 5)
    ) { benchmark in
        let fixture = try await SyncFixture.running()
        try await fixture.editTenDives()
        _ = try await fixture.source.syncing.sync(server: fixture.server)
        benchmark.startMeasurement()
        let report = try await fixture.receiver.syncing.sync(server: fixture.server)
        benchmark.stopMeasurement()
        precondition(report.applied == 10, "applied \(report.applied) changes")
        benchmark.measurement(bytesReceived, report.bytesReceived)
        print("pull of 10 edits: \(describe(report))")
    }

    Benchmark(
        "Reference: UDDF export of the same 2,000-dive log",
        configuration: .init(metrics: [.wallClock, uddfBytes], warmupIterations: 1, maxIterations: 5)
    ) { benchmark in
        let services = try await SyncFixture.running().source.services
        benchmark.startMeasurement()
        let logbook = try await services.exporter.logbook()
        let text = try LogbookFiles.write(logbook, format: .uddf, generatedAt: LocalDateTime(Date(), in: services.timeZone))
        benchmark.stopMeasurement()
        let bytes = text.utf8.count
        benchmark.measurement(uddfBytes, bytes)
        print("UDDF export: \(logbook.dives.count) dives, \(logbook.dives.reduce(0) { $0 + $1.samples.count }) samples, \(bytes) bytes")
    }
}

/// A sync report in one line, for the figures in README.md.
private func describe(_ report: SyncService.Report) -> String {
    "pushed \(report.pushed), pulled \(report.pulled), applied \(report.applied), profiles up \(report.profilesUploaded), "
        + "profiles down \(report.profilesDownloaded), bytes sent \(report.bytesSent), bytes received \(report.bytesReceived)"
}
