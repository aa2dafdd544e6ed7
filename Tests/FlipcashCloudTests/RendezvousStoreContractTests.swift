import FlipcashCloudPostgres
import Foundation
import InMemoryLogging
import Logging
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import TestSupport
import Testing

@testable import FlipcashCloud

/// What every rendezvous store must do (the rules in ``RendezvousStore``'s documentation), on
/// every backend, also under concurrent callers; and, on PostgreSQL, that a stored message wakes
/// a stream held by another app-server.
@Suite("Rendezvous store contract")
struct RendezvousStoreContractTests {
    typealias Backend = LedgerStoreContractTests.Backend

    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let bill = RendezvousID("bill")
    static let alice = OwnerID("alice")
    static let bob = OwnerID("bob")

    /// A fresh store of `backend` for `body`, removed afterwards.
    static func withStore<T: Sendable>(_ backend: Backend, _ body: (any RendezvousStore) async throws -> T) async throws -> T {
        try await PaymentStoreContractTests.withStore(backend) { store in
            let store: any Sendable = store
            return try await body(try #require(store as? any RendezvousStore))
        }
    }

    /// Message `number` (its id 16 bytes that end with the number) of `rendezvous`, sent at
    /// `start` + `seconds`.
    static func message(
        _ number: Int, _ rendezvous: RendezvousID = bill, _ kind: RendezvousMessage.Kind = .give, at seconds: Double = 0
    ) -> RendezvousMessage {
        let id = Data(repeating: 0xA5, count: 14) + [UInt8(truncatingIfNeeded: number >> 8), UInt8(truncatingIfNeeded: number)]
        return RendezvousMessage(
            id: id, rendezvous: rendezvous, kind: kind, body: Data("body \(number)".utf8), sentAt: start.addingTimeInterval(seconds))
    }

    /// Message `number` of ``bill``, of `kind`.
    static func message(_ number: Int, _ kind: RendezvousMessage.Kind, at seconds: Double = 0) -> RendezvousMessage {
        message(number, bill, kind, at: seconds)
    }

    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test("a give is stored without a stream, and read back as it was sent", arguments: Backend.available)
    func giveWithoutStream(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let give = Self.message(1)
            #expect(try await store.storeMessage(give, at: Self.start) == .stored(id: give.id))
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == [give])
        }
    }

    @Test("a grab is refused, and nothing stored, without a stream and after the stream is released", arguments: Backend.available)
    func grabWithoutStream(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            // No record of the rendezvous at all.
            #expect(try await store.storeMessage(Self.message(1, .grab(requestor: Self.alice)), at: Self.start) == .noActiveStream)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10).isEmpty)
            // A give but no stream.
            let give = Self.message(2)
            #expect(try await store.storeMessage(give, at: Self.start) == .stored(id: give.id))
            #expect(try await store.storeMessage(Self.message(3, .grab(requestor: Self.alice)), at: Self.start) == .noActiveStream)
            // A stream, released.
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.start))
            try await store.releaseStream(Self.bill, holder: "server-a")
            #expect(try await store.storeMessage(Self.message(4, .grab(requestor: Self.alice)), at: Self.at(1)) == .noActiveStream)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == [give])
        }
    }

    @Test("a grab is stored while a stream is alive", arguments: Backend.available)
    func grabWithStream(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let give = Self.message(1)
            #expect(try await store.storeMessage(give, at: Self.start) == .stored(id: give.id))
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.start))
            let grab = Self.message(2, .grab(requestor: Self.alice), at: 1)
            #expect(try await store.storeMessage(grab, at: Self.at(1)) == .stored(id: grab.id))
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == [give, grab])
        }
    }

    @Test("a stream record expires streamLifetime after its last refresh", arguments: Backend.available)
    func streamExpiry(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let lifetime = RendezvousRules.streamLifetime
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.start))
            let early = Self.message(1, .grab(requestor: Self.alice), at: lifetime - 0.5)
            #expect(try await store.storeMessage(early, at: Self.at(lifetime - 0.5)) == .stored(id: early.id))

            let other = RendezvousID("other")
            #expect(try await store.holdStream(other, holder: "server-a", at: Self.start))
            #expect(try await store.storeMessage(Self.message(2, other, .grab(requestor: Self.alice)), at: Self.at(lifetime)) == .noActiveStream)
            // A refresh keeps it alive for another lifetime from the refresh.
            let third = RendezvousID("third")
            #expect(try await store.holdStream(third, holder: "server-a", at: Self.start))
            #expect(try await store.holdStream(third, holder: "server-a", at: Self.at(2)))
            let late = Self.message(3, third, .grab(requestor: Self.alice), at: lifetime + 1)
            #expect(try await store.storeMessage(late, at: Self.at(lifetime + 1)) == .stored(id: late.id))
            // … and no longer: a bill refreshed the same way but never grabbed is closed by then.
            let fourth = RendezvousID("fourth")
            #expect(try await store.holdStream(fourth, holder: "server-a", at: Self.start))
            #expect(try await store.holdStream(fourth, holder: "server-a", at: Self.at(2)))
            #expect(try await store.storeMessage(Self.message(4, fourth, .grab(requestor: Self.bob)), at: Self.at(lifetime + 2)) == .noActiveStream)
        }
    }

    @Test("a second holder is refused while the first one's record is alive, and takes it once it expired", arguments: Backend.available)
    func secondHolder(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let lifetime = RendezvousRules.streamLifetime
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.start))
            #expect(try await store.holdStream(Self.bill, holder: "server-b", at: Self.at(1)) == false)
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.at(1)))
            // Releasing someone else's record does nothing.
            try await store.releaseStream(Self.bill, holder: "server-b")
            #expect(try await store.holdStream(Self.bill, holder: "server-b", at: Self.at(lifetime + 0.5)) == false)
            #expect(try await store.holdStream(Self.bill, holder: "server-b", at: Self.at(lifetime + 1)))
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.at(lifetime + 1.5)) == false)
            // Released: free at once.
            try await store.releaseStream(Self.bill, holder: "server-b")
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.at(lifetime + 1.5)))
        }
    }

    @Test("the same owner grabbing again gets its first grab's id and stores nothing; another owner is refused", arguments: Backend.available)
    func sameOwnerGrabsAgain(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.start))
            let first = Self.message(1, .grab(requestor: Self.alice))
            #expect(try await store.storeMessage(first, at: Self.start) == .stored(id: first.id))
            #expect(try await store.storeMessage(Self.message(2, .grab(requestor: Self.alice), at: 1), at: Self.at(1)) == .stored(id: first.id))
            #expect(try await store.storeMessage(Self.message(3, .grab(requestor: Self.bob), at: 1), at: Self.at(1)) == .alreadyGrabbed)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == [first])
            // Acked, the grab still wins.
            try await store.acknowledgeMessages([first.id], for: Self.bill)
            #expect(try await store.storeMessage(Self.message(4, .grab(requestor: Self.bob), at: 2), at: Self.at(2)) == .alreadyGrabbed)
            #expect(try await store.storeMessage(Self.message(5, .grab(requestor: Self.alice), at: 2), at: Self.at(2)) == .stored(id: first.id))
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10).isEmpty)
            // The giver closed the stream on receiving the grab: the grabber's retry is still told
            // its grab was stored, anyone else that someone grabbed it (not that it was
            // dismissed: a loser arriving just after the payment was told so under load).
            try await store.releaseStream(Self.bill, holder: "server-a")
            #expect(try await store.storeMessage(Self.message(6, .grab(requestor: Self.alice), at: 3), at: Self.at(3)) == .stored(id: first.id))
            #expect(try await store.storeMessage(Self.message(7, .grab(requestor: Self.bob), at: 3), at: Self.at(3)) == .alreadyGrabbed)
        }
    }

    @Test("8 owners grab one bill at once: one grab is stored, seven are told it was grabbed", arguments: Backend.available)
    func concurrentGrabs(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.start))
            let outcomes = try await withThrowingTaskGroup(of: (RendezvousMessage, RendezvousSendOutcome).self) { group in
                for number in 0..<8 {
                    let grab = Self.message(number, .grab(requestor: OwnerID("grabber-\(number)")), at: 1)
                    group.addTask { (grab, try await store.storeMessage(grab, at: Self.at(1))) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.1 == .stored(id: $0.0.id) }
            #expect(winners.count == 1)
            #expect(outcomes.filter { $0.1 == .alreadyGrabbed }.count == 7)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == winners.map(\.0))
        }
    }

    @Test("8 servers take one stream at once: exactly one holds it", arguments: Backend.available)
    func concurrentHolders(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let results = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                for number in 0..<8 {
                    let holder = "server-\(number)"
                    group.addTask { (holder, try await store.holdStream(Self.bill, holder: holder, at: Self.start)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let holders = results.filter(\.1).map(\.0)
            #expect(holders.count == 1)
            let holder = try #require(holders.first)
            #expect(try await store.holdStream(Self.bill, holder: holder, at: Self.at(1)))
            for (other, _) in results where other != holder {
                #expect(try await store.holdStream(Self.bill, holder: other, at: Self.at(1)) == false)
            }
        }
    }

    @Test("pending messages are the rendezvous's, in the order they were stored, at most limit", arguments: Backend.available)
    func pendingOrderAndLimit(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            // Stored in this order; their times go back and tie, their ids are in no order.
            let messages = [Self.message(7, at: 3), Self.message(2, at: 1), Self.message(9, at: 1), Self.message(1, at: 2)]
            for message in messages {
                #expect(try await store.storeMessage(message, at: Self.at(5)) == .stored(id: message.id))
            }
            let elsewhere = Self.message(4, RendezvousID("other"), at: 0)
            #expect(try await store.storeMessage(elsewhere, at: Self.at(5)) == .stored(id: elsewhere.id))
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == messages)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 2) == Array(messages.prefix(2)))
            #expect(try await store.pendingMessages(for: Self.bill, limit: 0).isEmpty)
            #expect(try await store.pendingMessages(for: RendezvousID("other"), limit: 10) == [elsewhere])
            #expect(try await store.pendingMessages(for: RendezvousID("none"), limit: 10).isEmpty)
            // An ack leaves the others in their order.
            try await store.acknowledgeMessages([messages[1].id], for: Self.bill)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == [messages[0], messages[2], messages[3]])
        }
    }

    @Test("an ack hides the rendezvous's messages; unknown ids and another rendezvous's are ignored", arguments: Backend.available)
    func acknowledgements(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let other = RendezvousID("other")
            let mine = [Self.message(1, at: 1), Self.message(2, at: 2)]
            let theirs = Self.message(3, other, at: 1)
            for message in mine + [theirs] {
                #expect(try await store.storeMessage(message, at: Self.at(3)) == .stored(id: message.id))
            }
            try await store.acknowledgeMessages([], for: Self.bill)
            try await store.acknowledgeMessages([mine[0].id, Data(repeating: 7, count: 16), theirs.id], for: Self.bill)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == [mine[1]])
            #expect(try await store.pendingMessages(for: other, limit: 10) == [theirs])
            // Again: nothing changes.
            try await store.acknowledgeMessages([mine[0].id], for: Self.bill)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 10) == [mine[1]])
        }
    }

    @Test("a rendezvous holding maximumPendingMessages unacked messages is full, for gives and grabs", arguments: Backend.available)
    func fullRendezvous(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let cap = RendezvousRules.maximumPendingMessages
            for number in 0..<cap {
                let give = Self.message(number, at: Double(number))
                #expect(try await store.storeMessage(give, at: Self.start) == .stored(id: give.id))
            }
            #expect(try await store.storeMessage(Self.message(cap), at: Self.start) == .full)
            #expect(try await store.holdStream(Self.bill, holder: "server-a", at: Self.start))
            #expect(try await store.storeMessage(Self.message(cap + 1, .grab(requestor: Self.alice)), at: Self.start) == .full)
            #expect(try await store.pendingMessages(for: Self.bill, limit: 100).count == cap)
            // One acked makes room for one.
            try await store.acknowledgeMessages([Self.message(0).id], for: Self.bill)
            let grab = Self.message(cap + 2, .grab(requestor: Self.alice), at: 100)
            #expect(try await store.storeMessage(grab, at: Self.start) == .stored(id: grab.id))
            #expect(try await store.storeMessage(Self.message(cap + 3), at: Self.start) == .full)
        }
    }

    @Test("purging deletes only rendezvous whose last message is old and whose stream expired, with their messages", arguments: Backend.available)
    func purge(backend: Backend) async throws {
        try await Self.withStore(backend) { store async throws in
            let lifetime = RendezvousRules.messageLifetime
            let old = RendezvousID("old")
            let released = RendezvousID("released")
            let held = RendezvousID("held")
            let recent = RendezvousID("recent")
            for (number, rendezvous) in [old, released, held].enumerated() {
                let give = Self.message(number, rendezvous)
                #expect(try await store.storeMessage(give, at: Self.start) == .stored(id: give.id))
            }
            #expect(try await store.holdStream(released, holder: "server-a", at: Self.start))
            #expect(try await store.holdStream(old, holder: "server-a", at: Self.start))
            #expect(try await store.holdStream(old, holder: "server-a", at: Self.at(lifetime - RendezvousRules.streamLifetime)))
            try await store.releaseStream(released, holder: "server-a")
            let recentGive = Self.message(3, recent, at: 1)
            #expect(try await store.storeMessage(recentGive, at: Self.at(1)) == .stored(id: recentGive.id))
            #expect(try await store.holdStream(held, holder: "server-a", at: Self.at(lifetime - 1)))

            #expect(try await store.purgeRendezvous(at: Self.at(lifetime - 1)) == 0)
            // `old`'s stream expired right at `lifetime`: gone, as is `released`.
            #expect(try await store.purgeRendezvous(at: Self.at(lifetime)) == 2)
            #expect(try await store.purgeRendezvous(at: Self.at(lifetime)) == 0)
            #expect(try await store.pendingMessages(for: old, limit: 10).isEmpty)
            #expect(try await store.pendingMessages(for: released, limit: 10).isEmpty)
            #expect(try await store.pendingMessages(for: held, limit: 10) == [Self.message(2, held)])
            #expect(try await store.pendingMessages(for: recent, limit: 10) == [recentGive])

            // A purged rendezvous starts afresh: its messages went with it, and so did its grab.
            #expect(try await store.holdStream(old, holder: "server-b", at: Self.at(lifetime)))
            let grab = Self.message(10, old, .grab(requestor: Self.bob), at: lifetime)
            #expect(try await store.storeMessage(grab, at: Self.at(lifetime)) == .stored(id: grab.id))
            #expect(try await store.pendingMessages(for: old, limit: 10) == [grab])
        }
    }

    @Test("the PostgreSQL channel is a valid identifier of at most 63 bytes, one per schema")
    func channelNames() throws {
        let client = PostgresClient(
            configuration: .init(host: "localhost", username: "nobody", password: nil, database: nil, tls: .disable),
            backgroundLogger: PostgresTestDatabase.quietLogger)
        func channel(_ schema: String) throws -> String {
            try PostgresLedgerStore.unmigrated(client: client, schema: schema, logger: PostgresTestDatabase.quietLogger).rendezvousChannel
        }
        #expect(try channel("flipcash") == "flipcash_rendezvous_flipcash")
        let long = String(repeating: "a", count: 62)
        let names = [try channel(long + "b"), try channel(long + "c"), try channel(long)]
        #expect(Set(names).count == 3)
        for name in names {
            #expect(name.utf8.count <= 63)
            #expect(name.hasPrefix("flipcash_rendezvous_"))
            #expect(name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") })
        }
    }

    @Test(
        "PostgreSQL: a message stored by one app-server wakes a stream on another within 2 s",
        .enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipLine)))
    func signalCrossesAppServers() async throws {
        let logger = PostgresTestDatabase.quietLogger
        let configuration = try PostgresTestDatabase.url().connectionConfiguration()
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let store = try await PostgresLedgerStore.open(client: client, schema: schema.rawValue, logger: logger)
            // Two app-servers: each its own listening connection.
            let giver = PostgresRendezvousSignal(configuration: configuration, store: store, logger: logger)
            let taker = PostgresRendezvousSignal(configuration: configuration, store: store, logger: logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await giver.run() }
                group.addTask { try await taker.run() }
                defer { group.cancelAll() }
                // Until the taker listens, a notification is lost: wait until a probe reaches it.
                try #require(try await Self.waitUntilListening(taker, client: client), "the taker never started listening")

                let remote = taker.announcements(for: Self.bill)
                let local = giver.announcements(for: Self.bill)
                let unrelated = taker.announcements(for: RendezvousID("unrelated"))
                let give = Self.message(1)
                #expect(try await store.storeMessage(give, at: Self.start) == .stored(id: give.id))
                await giver.announce(Self.bill)
                #expect(await Self.wakes(local, within: .seconds(2)))
                #expect(await Self.wakes(remote, within: .seconds(2)))
                #expect(await Self.wakes(unrelated, within: .milliseconds(200)) == false)
                // A refused grab notifies nobody.
                let quiet = taker.announcements(for: Self.bill)
                #expect(try await store.storeMessage(Self.message(2, .grab(requestor: Self.alice)), at: Self.start) == .noActiveStream)
                #expect(await Self.wakes(quiet, within: .milliseconds(300)) == false)
            }
        }
    }

    @Test(
        "PostgreSQL: a signal whose connection is cut listens again and delivers",
        .enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipLine)))
    func signalReconnects() async throws {
        let logger = PostgresTestDatabase.quietLogger
        let configuration = try PostgresTestDatabase.url().connectionConfiguration()
        let events = InMemoryLogHandler(logLevel: .trace)
        try await PostgresTestDatabase.withTestDatabase { client, schema async throws in
            let store = try await PostgresLedgerStore.open(client: client, schema: schema.rawValue, logger: logger)
            let signal = PostgresRendezvousSignal(
                configuration: configuration, store: store, logger: Logger(label: "signal") { _ in events })
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await signal.run() }
                defer { group.cancelAll() }
                try #require(try await Self.waitUntilListening(signal, client: client), "the signal never started listening")
                // The server ends the listening session (as a restart or a failover would).
                let cut = try await client.query(
                    """
                    SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                    WHERE pid <> pg_backend_pid() AND query LIKE \("%LISTEN%" + signal.channel + "%")
                    """, logger: logger
                ).collect()
                #expect(try cut.first?.decode(Int64.self) == 1)
                try #require(try await Self.waitUntilListening(signal, client: client), "the signal never listened again")
                let wakes = signal.announcements(for: Self.bill)
                let give = Self.message(1)
                #expect(try await store.storeMessage(give, at: Self.start) == .stored(id: give.id))
                #expect(await Self.wakes(wakes, within: .seconds(2)))
            }
        }
        // The outage is told once when it starts and once when it ends.
        #expect(Self.messages(events, at: .warning) == ["Rendezvous LISTEN connection lost; reconnecting"])
        #expect(Self.messages(events, at: .notice) == ["Rendezvous LISTEN connection restored"])
    }

    @Test("a signal whose database is down retries quietly: one warning, then debug lines, never a secret")
    func signalRetriesQuietly() async throws {
        // Nothing listens on port 1 of the loopback: every attempt is refused at once.
        let configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: 1, username: "app", password: "hunter2-password", database: "ci", tls: .disable)
        let events = InMemoryLogHandler(logLevel: .trace)
        let signal = PostgresRendezvousSignal(configuration: configuration, channel: "quiet", logger: Logger(label: "signal") { _ in events })
        let running = Task { try await signal.run() }
        // Attempts at 0, 0.1, 0.3 and 0.7 s (the delay doubles from 100 ms); a loaded machine may
        // take longer, so wait for the third failure, up to 60 s.
        let retried = { Self.messages(events, at: .debug).filter { $0 == "Rendezvous LISTEN reconnect failed" }.count }
        for _ in 0..<600 where retried() < 2 { try await Task.sleep(for: .milliseconds(100)) }
        running.cancel()
        try await running.value
        #expect(Self.messages(events, at: .warning) == ["Rendezvous LISTEN connection lost; reconnecting"])
        #expect(Self.messages(events, at: .debug).filter { $0 == "Rendezvous LISTEN reconnect failed" }.count >= 2)
        #expect(events.entries.allSatisfy { $0.level < .error })
        #expect(!events.entries.contains { "\($0.message) \($0.metadata)".contains("hunter2") })
    }

    /// The messages `handler` captured at exactly `level`, in order.
    static func messages(_ handler: InMemoryLogHandler, at level: Logger.Level) -> [String] {
        handler.entries.filter { $0.level == level }.map { "\($0.message)" }
    }

    /// Whether `signal` hears a notification on its channel within 10 s: probes (notifications of
    /// a rendezvous nobody uses) until one reaches it.
    static func waitUntilListening(_ signal: PostgresRendezvousSignal, client: PostgresClient) async throws -> Bool {
        for attempt in 0..<50 {
            let probe = RendezvousID("probe-\(UUID().uuidString)-\(attempt)")
            let probed = signal.announcements(for: probe)
            try await client.query("SELECT pg_notify(\(signal.channel), \(probe.rawValue))", logger: PostgresTestDatabase.quietLogger)
            if await wakes(probed, within: .milliseconds(200)) { return true }
        }
        return false
    }

    /// Whether `stream` yields within `duration` (the stream is ended either way).
    static func wakes(_ stream: AsyncStream<Void>, within duration: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next() != nil
            }
            group.addTask {
                try? await Task.sleep(for: duration)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
