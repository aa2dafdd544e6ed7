import Benchmark
import Crypto
import FlipcashCloud
import FlipcashCore
import Foundation

/// The ledger's apply rate (issue 16: "the ledger's apply rate in memory"), 10,000 user accounts
/// funded from the issuance account, payments between accounts drawn uniformly:
/// - in memory, one `Ledger.apply` per transfer (the rules alone; reference: TigerBeetle's
///   published "1M transfers/s per core", a batching server in Zig);
/// - in the SQLite store (a file, WAL), one transaction per transfer, as a server without
///   batching applies them (reference: the same operation's lower bound, one SQLite commit).
/// One iteration is 1,000 transfers, so throughput reads as thousands of transfers per second.
///
/// Registered by `let benchmarks` in FlipcashBenchmarks.swift, which calls `ledgerBenchmarks()`.
func ledgerBenchmarks() {
    Benchmark(
        "ledger: apply 1,000 transfers in memory (10,000 accounts)",
        configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(10), maxIterations: 1_000)
    ) { benchmark in
        var ledger = try LedgerFixture.funded()
        let plan = LedgerFixture.payments(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for transfer in plan {
            blackHole(ledger.apply(transfer))
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "ledger: apply 1,000 transfers in the SQLite store, one transaction each",
        configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(10), maxIterations: 20)
    ) { benchmark in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteLedgerStore.open(at: folder.appendingPathComponent("ledger.sqlite"))
        try await LedgerFixture.fund(store)
        let plan = LedgerFixture.payments(count: benchmark.scaledIterations.count)
        let now = Date()
        benchmark.startMeasurement()
        for transfer in plan {
            blackHole(try await store.apply([transfer], at: now))
        }
        benchmark.stopMeasurement()
    }

    // The floor under every signed request the gRPC services take: one Ed25519 verification of
    // the owner's signature over a 200-byte intent (flipcash-load.sh's reference).
    Benchmark(
        "ed25519: verify 1,000 request signatures",
        configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(5), maxIterations: 100)
    ) { benchmark in
        let key = Curve25519.Signing.PrivateKey()
        let message = Data((0..<200).map { UInt8(truncatingIfNeeded: $0) })
        let signature = try key.signature(for: message)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(key.publicKey.isValidSignature(signature, for: message))
        }
        benchmark.stopMeasurement()
    }
}

/// 10,000 users holding 1,000 USDF each, and payments of 1–100 quarks between them.
enum LedgerFixture {
    static let issuance = LedgerAccountID("issuance:usdf")
    static let users = (0..<10_000).map { LedgerAccountID("user-\($0)") }

    static func funded() throws -> Ledger {
        var ledger = Ledger()
        try ledger.open(issuance, mint: .usdf, kind: .issuance)
        for user in users {
            try ledger.open(user, mint: .usdf, kind: .user)
            _ = ledger.apply(deposit(user))
        }
        return ledger
    }

    static func fund(_ store: SQLiteLedgerStore) async throws {
        try await store.open(issuance, mint: .usdf, kind: .issuance)
        for user in users {
            try await store.open(user, mint: .usdf, kind: .user)
            _ = try await store.apply([deposit(user)], at: Date())
        }
    }

    static func deposit(_ user: LedgerAccountID) -> LedgerTransfer {
        LedgerTransfer(id: TransferID("deposit-\(user)"), debit: issuance, credit: user, mint: .usdf, amount: 1_000_000_000, code: .deposit)
    }

    /// `count` payments with fresh ids, drawn before the measurement starts.
    static func payments(count: Int) -> [LedgerTransfer] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { number in
            let from = users[Int.random(in: 0..<users.count, using: &generator)]
            var to = users[Int.random(in: 0..<users.count, using: &generator)]
            if to == from { to = users[((Int(from.rawValue.dropFirst(5)) ?? 0) + 1) % users.count] }
            return LedgerTransfer(
                id: TransferID("payment-\(UUID().uuidString)-\(number)"), debit: from, credit: to, mint: .usdf,
                amount: UInt64.random(in: 1...100, using: &generator), code: .payment)
        }
    }
}
