// flipcash-load: seeds Flipcash accounts into an app-server's store, then drives payment intents
// at the server through gRPC on loopback and reports throughput and latency.
//
//   flipcash-load seed --data DIR | --postgres URL  --accounts N
//   flipcash-load run --port P --accounts N --mode uniform|hot|mints [--workers W] [--connections C]
//                     [--duration S] [--rate R]
//
// Accounts are derived from their index (the same keys in both commands), each registered, its
// USDF account opened and funded with $500 from the faucet. `run` sends $0.01 payments: in
// `uniform` mode between random pairs of the N accounts, in `hot` mode back and forth between
// accounts 0 and 1. `mints` sends GetMints instead, the reference: a unary call that needs no
// signature and no database, so its rate is what gRPC alone allows on the machine. Without
// --rate, W workers send as fast as answers come (closed loop: the maximum); with --rate, requests
// are scheduled at R per second and latency is measured from the scheduled time (no coordinated
// omission). Prints one JSON line.
//
//   flipcash-load deliver --port P [--to-port Q] --count N
//
// Message delivery to an open stream: for each of N bills, the giver's stream is opened on P and
// shown live (it delivers the stored give request), then a grab is sent through Q (P when not
// given: another app-server sharing the database when it differs) and timed until the stream
// delivers it. Needs `seed` first (the grabber is account 0).
//
//   flipcash-load bills --port P [--to-port Q] --count N [--accounts A]
//
// Give → grab → settled, one bill after another between seeded accounts: the giver (through P)
// offers a $0.01 bill and shows it once its stream is open; the grabber (through Q) then scans
// it, asks for it and waits for the payment. Timed from the scan until both sides have seen the
// payment settle.

import BenchmarkSupport
import Crypto
import FlipcashAPI
import FlipcashCloud
import FlipcashCloudPostgres
import FlipcashCore
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import Logging
import PostgresNIO
import PostgresStorage

enum Load {
    static func key(_ index: Int) -> Curve25519.Signing.PrivateKey {
        let seed = SHA256.hash(data: Data("flipcash-load-account-\(index)".utf8))
        // 32 bytes of a hash are a valid Ed25519 seed.
        return try! Curve25519.Signing.PrivateKey(rawRepresentation: Data(seed))
    }

    static func owner(_ index: Int) -> OwnerID {
        OwnerID(FlipcashClient<HTTP2ClientTransport.Posix>.ownerName(of: key(index)))
    }

    static func argument(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// The whole number after `name`, or a usage failure.
    static func number(_ name: String, in arguments: [String]) -> Int {
        guard let value = argument(name, in: arguments).flatMap({ Int($0) }) else { fail("\(name) N is required") }
        return value
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("flipcash-load: \(message)\n".utf8))
        exit(2)
    }

    /// A 32-byte intent id: four words of `generator`.
    static func randomID(using generator: inout some RandomNumberGenerator) -> Data {
        var id = Data(capacity: 32)
        for _ in 0..<4 { withUnsafeBytes(of: generator.next()) { id.append(contentsOf: $0) } }
        return id
    }

    // MARK: seed

    static func seed(_ arguments: [String]) async throws {
        let accounts = number("--accounts", in: arguments)
        let logger = Logger(label: "flipcash-load") { _ in SwiftLogNoOpLogHandler() }
        if let data = argument("--data", in: arguments) {
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            var store = try SQLiteLedgerStore.open(at: URL(fileURLWithPath: data).appendingPathComponent("flipcash.sqlite"))
            store.paymentSettings = PaymentSettings(faucetEnabled: true)
            try await seed(store, accounts: accounts)
        } else if let url = argument("--postgres", in: arguments) {
            let client = PostgresClient(configuration: try PostgresConnectionURL(url).configuration, backgroundLogger: logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                var store = try await PostgresLedgerStore.open(client: client, schema: "flipcash", logger: logger)
                store.paymentSettings = PaymentSettings(faucetEnabled: true)
                try await seed(store, accounts: accounts)
                group.cancelAll()
            }
        } else {
            fail("seed needs --data DIR or --postgres URL")
        }
    }

    static func seed(_ store: some PaymentStore, accounts: Int) async throws {
        let now = Date()
        let deposit = TokenAmount(quarks: 500_000_000, mint: .usdf)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for part in 0..<8 {
                group.addTask {
                    for index in stride(from: part, to: accounts, by: 8) {
                        let owner = owner(index)
                        _ = try await store.register(owner, at: now)
                        _ = try await store.submit(
                            PaymentIntent(id: IntentID("seed-open-\(index)"), owner: owner, action: .openAccount(.usdf)), at: now)
                        _ = try await store.submit(
                            PaymentIntent(id: IntentID("seed-fund-\(index)"), owner: owner, action: .faucet(deposit)), at: now)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    // MARK: run

    /// What one worker saw: each request's latency in seconds and its outcome (0 settled,
    /// 1 refused, 2 failed), kept by the worker and merged at the end, so recording costs the
    /// load generator no hop to a shared actor.
    struct Tally {
        var latencies: [Double] = []
        var settled = 0
        var refused = 0
        var errors = 0

        mutating func record(_ latency: Duration, _ outcome: Int) {
            latencies.append(Double(latency.components.seconds) + Double(latency.components.attoseconds) * 1e-18)
            switch outcome {
            case 0: settled += 1
            case 1: refused += 1
            default: errors += 1
            }
        }

        mutating func add(_ other: Tally) {
            latencies += other.latencies
            settled += other.settled
            refused += other.refused
            errors += other.errors
        }
    }

    static func run(_ arguments: [String]) async throws {
        let port = number("--port", in: arguments)
        let accounts = number("--accounts", in: arguments)
        let mode = argument("--mode", in: arguments) ?? "uniform"
        guard ["uniform", "hot", "mints"].contains(mode) else { fail("--mode is uniform, hot or mints") }
        let hot = mode == "hot"
        let workers = Int(argument("--workers", in: arguments) ?? "64") ?? 64
        let connections = Int(argument("--connections", in: arguments) ?? "4") ?? 4
        let duration = Double(argument("--duration", in: arguments) ?? "10") ?? 10
        let rate = argument("--rate", in: arguments).flatMap(Double.init)
        let keys = (0..<accounts).map(key)

        let transports = try (0..<connections).map { _ in
            try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        }
        let grpcs = transports.map { GRPCClient(transport: $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for grpc in grpcs { group.addTask { try await grpc.runConnections() } }
            let probe = FlipcashClient(client: grpcs[0], ownerKey: keys[0])
            let rates = try await probe.exchangeRates([.usd])
            let (exchange, _) = try rates.exchangeData(for: FiatAmount(value: Decimal(string: "0.01")!, currency: .usd))
            let start = ContinuousClock.now
            let end = start + .seconds(duration)
            let tally = try await withThrowingTaskGroup(of: Tally.self) { load in
                for worker in 0..<workers {
                    load.addTask {
                        // The accounts and intent ids come from a seeded generator, not the
                        // system's: that one is a system call per number, load-generator CPU
                        // taken from the server on a shared machine. 256 random bits per id
                        // make a repeat as unlikely as with the system's.
                        var generator = BenchmarkRandom(seed: UInt64.random(in: .min ... .max))
                        var tally = Tally()
                        let grpc = grpcs[worker % grpcs.count]
                        let interval = rate.map { Duration.seconds(Double(workers) / $0) }
                        var scheduled = start + (interval.map { $0 * Double(worker) / Double(workers) } ?? .zero)
                        var turn = worker
                        while true {
                            if let interval {
                                scheduled += interval
                                if scheduled > end { return tally }
                                try await Task.sleep(until: scheduled, tolerance: .zero, clock: .continuous)
                            } else {
                                scheduled = .now
                                if scheduled > end { return tally }
                            }
                            if mode == "mints" {
                                var outcome = 0
                                do {
                                    _ = try await Flipcash_V1_Currency.Client(wrapping: grpc).getMints(Flipcash_V1_GetMintsRequest())
                                } catch {
                                    outcome = 2
                                }
                                tally.record(scheduled.duration(to: .now), outcome)
                                continue
                            }
                            let sender: Int
                            let recipient: Int
                            if hot {
                                turn += 1
                                sender = turn % 2
                                recipient = 1 - sender
                            } else {
                                sender = Int.random(in: 0..<accounts, using: &generator)
                                recipient = (sender + Int.random(in: 1..<accounts, using: &generator)) % accounts
                            }
                            let client = FlipcashClient(client: grpc, ownerKey: keys[sender])
                            let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.sendPayment(
                                .with {
                                    $0.destinationOwner.value = keys[recipient].publicKey.rawRepresentation
                                    $0.exchangeData = exchange
                                })
                            var outcome = 0
                            do {
                                _ = try await client.submit(id: randomID(using: &generator), action: action)
                            } catch FlipcashClientError.refused {
                                outcome = 1
                            } catch {
                                outcome = 2
                            }
                            tally.record(scheduled.duration(to: .now), outcome)
                        }
                    }
                }
                var all = Tally()
                for try await part in load { all.add(part) }
                return all
            }
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let sorted = tally.latencies.sorted()
            func percentile(_ p: Double) -> Double {
                sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] * 1000
            }
            let (settled, refused, errors) = (tally.settled, tally.refused, tally.errors)
            let report: [String: Any] = [
                "mode": mode, "accounts": accounts, "workers": workers, "connections": connections,
                "targetRate": rate ?? 0, "seconds": (seconds * 100).rounded() / 100,
                "settled": settled, "refused": refused, "errors": errors,
                "settledPerSecond": (Double(settled) / seconds).rounded(),
                "p50Ms": (percentile(0.5) * 100).rounded() / 100, "p90Ms": (percentile(0.9) * 100).rounded() / 100,
                "p99Ms": (percentile(0.99) * 100).rounded() / 100, "maxMs": (percentile(1) * 100).rounded() / 100,
            ]
            let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
            print(String(decoding: json, as: UTF8.self))
            for grpc in grpcs { grpc.beginGracefulShutdown() }
            try await group.waitForAll()
        }
    }
}

extension Load {
    /// A messaging request signed by a bill's key.
    static func signed<Request: RendezvousRequest>(_ request: Request, by key: Curve25519.Signing.PrivateKey) throws -> Request {
        var request = request
        request.timestamp = .init(date: Date())
        request.clearAuth()
        let signature = try key.signature(for: request.signingInput())
        request.auth.rendezvousKey.value = key.publicKey.rawRepresentation
        request.auth.signature.value = signature
        return request
    }

    static func sendMessage(
        _ message: Flipcash_V1_Message, by key: Curve25519.Signing.PrivateKey, through client: GRPCClient<HTTP2ClientTransport.Posix>
    )
        async throws -> Flipcash_V1_SendMessageResponse
    {
        var request = Flipcash_V1_SendMessageRequest()
        request.message = message
        request.auth.rendezvousKey.value = key.publicKey.rawRepresentation
        request.auth.signature.value = try key.signature(for: message.sendSigningInput())
        return try await Flipcash_V1_Messaging.Client(wrapping: client).sendMessage(request)
    }

    static func deliver(_ arguments: [String]) async throws {
        let port = number("--port", in: arguments)
        let toPort = argument("--to-port", in: arguments).flatMap { Int($0) } ?? port
        let count = number("--count", in: arguments)
        let holder = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        let sender = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: toPort), transportSecurity: .plaintext)
        let holderClient = GRPCClient(transport: holder)
        let senderClient = GRPCClient(transport: sender)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await holderClient.runConnections() }
            group.addTask { try await senderClient.runConnections() }
            let rates = try await FlipcashClient(client: holderClient, ownerKey: key(0)).exchangeRates([.usd])
            let (exchange, _) = try rates.exchangeData(for: FiatAmount(value: Decimal(string: "0.01")!, currency: .usd))
            let give = Flipcash_V1_Message.with {
                $0.requestToGiveBill.mint.address = Mint.usdf.address
                $0.requestToGiveBill.exchangeData = exchange
            }
            let grab = Flipcash_V1_Message.with { $0.requestToGrabBill.requestorOwner.value = key(0).publicKey.rawRepresentation }
            var latencies: [Double] = []
            let messaging = Flipcash_V1_Messaging.Client(wrapping: holderClient)
            for _ in 0..<count {
                let bill = Curve25519.Signing.PrivateKey()
                guard try await sendMessage(give, by: bill, through: holderClient).result == .ok else { fail("the give was refused") }
                let latency = try await messaging.openMessageStream(try signed(Flipcash_V1_OpenMessageStreamRequest(), by: bill)) { response in
                    var sentAt: ContinuousClock.Instant?
                    for try await part in response.messages {
                        guard case .messages(let batch) = part.kind else { continue }
                        if batch.messages.contains(where: \.isRequestToGrabBill), let sentAt {
                            return sentAt.duration(to: .now)
                        }
                        if sentAt == nil, batch.messages.contains(where: \.isRequestToGiveBill) {
                            // The stream is live: time a grab from the other side.
                            sentAt = .now
                            let result = try await sendMessage(grab, by: bill, through: senderClient).result
                            guard result == .ok else { fail("the grab was answered \(result)") }
                        }
                    }
                    fail("the stream ended before the grab arrived")
                }
                latencies.append(Double(latency.components.seconds) + Double(latency.components.attoseconds) * 1e-18)
            }
            try printBillReport(latencies, instances: port == toPort ? "one instance" : "two instances")
            holderClient.beginGracefulShutdown()
            senderClient.beginGracefulShutdown()
            try await group.waitForAll()
        }
    }
}

extension Load {
    /// One JSON line: the bills' latency percentiles in milliseconds.
    static func printBillReport(_ latencies: [Double], instances: String) throws {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : (sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] * 100_000).rounded() / 100
        }
        let report: [String: Any] = [
            "case": instances, "bills": sorted.count,
            "p50Ms": percentile(0.5), "p90Ms": percentile(0.9), "p99Ms": percentile(0.99), "maxMs": percentile(1),
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    static func bills(_ arguments: [String]) async throws {
        let port = number("--port", in: arguments)
        let toPort = argument("--to-port", in: arguments).flatMap { Int($0) } ?? port
        let count = number("--count", in: arguments)
        let accounts = Int(argument("--accounts", in: arguments) ?? "10000") ?? 10_000
        guard accounts >= 4 else { fail("--accounts must be at least 4") }
        let giverTransport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        let grabberTransport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: toPort), transportSecurity: .plaintext)
        let giverClient = GRPCClient(transport: giverTransport)
        let grabberClient = GRPCClient(transport: grabberTransport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await giverClient.runConnections() }
            group.addTask { try await grabberClient.runConnections() }
            func wallet(_ index: Int, _ client: GRPCClient<HTTP2ClientTransport.Posix>) throws -> FlipcashWallet<HTTP2ClientTransport.Posix> {
                FlipcashWallet(client: FlipcashClient(client: client, ownerKey: key(index)), outbox: try .inMemory(), cache: try .inMemory())
            }
            let rates = try await FlipcashClient(client: giverClient, ownerKey: key(0)).exchangeRates([.usd])
            let amount = FiatAmount(value: Decimal(string: "0.01")!, currency: .usd)
            var latencies: [Double] = []
            for round in 0..<count {
                // Pairs of seeded accounts, never the same pair twice in a row.
                let giver = try wallet(2 + (2 * round) % (accounts - 3), giverClient)
                let grabber = try wallet(3 + (2 * round) % (accounts - 3), grabberClient)
                let offer = try await giver.prepareGive(amount, rates: rates)
                let (shown, show) = AsyncStream.makeStream(of: Void.self)
                async let given = giver.waitForGrab(offer, onReady: { _ in show.yield() })
                for await _ in shown { break }
                let scanned = ContinuousClock.now
                let grabbed = try await grabber.grab(offer.payload)
                let paid = try await given
                guard grabbed.receipt.id == paid.receipt.id else { fail("the two sides saw different payments") }
                let latency = scanned.duration(to: .now)
                latencies.append(Double(latency.components.seconds) + Double(latency.components.attoseconds) * 1e-18)
            }
            try printBillReport(latencies, instances: port == toPort ? "one instance" : "two instances")
            giverClient.beginGracefulShutdown()
            grabberClient.beginGracefulShutdown()
            try await group.waitForAll()
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "seed": try await Load.seed(arguments)
case "run": try await Load.run(arguments)
case "deliver": try await Load.deliver(arguments)
case "bills": try await Load.bills(arguments)
default: Load.fail("usage: flipcash-load seed|run … (see the comment at the top of main.swift)")
}
