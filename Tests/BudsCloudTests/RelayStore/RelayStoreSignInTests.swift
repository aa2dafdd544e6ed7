import BudsCloud
import Crypto
import Foundation
import PostgresTestSupport
import ServerKit
import TestSupport
import Testing

/// The relay store contract, part 1: sign-in rows and rate buckets (``BudsRelayStore``'s rules),
/// on every backend.
@Suite("Relay store contract: sign-in and rate limits")
struct RelayStoreSignInTests {
    static let number = Relay.phone("number one")
    static let otherNumber = Relay.phone("number two")

    @Test("PostgreSQL tests skipped without TEST_POSTGRES_URL", .enabled(if: !PostgresTestDatabase.isConfigured))
    func postgresSkipped() {
        // One line in the log says how to run the PostgreSQL half of this suite.
        print(PostgresTestDatabase.skipLine)
    }

    @Test("a sign-in body sees nothing for unknown names; what it adds is stored; its result is returned", arguments: RelayStoreBackend.available)
    func addsRows(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let seen = try await store.updateSignIn(session: "s1", number: Self.number) { rows in
                let seen = rows
                rows.sessions.append(Relay.session("s1", number: Self.number))
                rows.numbers[Self.number] = PhoneSignIn.NumberRecord(sends: [Relay.epoch], consecutiveFailures: 0)
                return seen
            }
            #expect(seen == SignInRows())
            let loaded = try await store.updateSignIn(session: "s1", number: nil) { $0 }
            #expect(loaded.sessions == [Relay.session("s1", number: Self.number)])
            #expect(loaded.numbers == [Self.number: PhoneSignIn.NumberRecord(sends: [Relay.epoch], consecutiveFailures: 0)])
        }
    }

    @Test("the named session comes with its number's record, and the named number's record too", arguments: RelayStoreBackend.available)
    func loadsBothNumbers(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let first = PhoneSignIn.NumberRecord(sends: [Relay.at(1), Relay.at(2)], consecutiveFailures: 3)
            let second = PhoneSignIn.NumberRecord(sends: [Relay.at(5)], consecutiveFailures: 0)
            try await store.updateSignIn(session: nil, number: nil) { rows in
                rows.sessions = [Relay.session("s1", number: Self.number), Relay.session("s2", number: Self.otherNumber)]
                rows.numbers = [Self.number: first, Self.otherNumber: second]
            }
            let both = try await store.updateSignIn(session: "s1", number: Self.otherNumber) { $0 }
            #expect(both.sessions == [Relay.session("s1", number: Self.number)])
            #expect(both.numbers == [Self.number: first, Self.otherNumber: second])
            // Only what is named: no other session, no other number.
            let one = try await store.updateSignIn(session: nil, number: Self.otherNumber) { $0 }
            #expect(one == SignInRows(numbers: [Self.otherNumber: second]))
            let unknown = try await store.updateSignIn(session: "nope", number: nil) { $0 }
            #expect(unknown == SignInRows())
        }
    }

    @Test("sessions the body removes are deleted; changed ones and number records are written back", arguments: RelayStoreBackend.available)
    func writesBack(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            try await store.updateSignIn(session: nil, number: nil) { rows in
                rows.sessions = [Relay.session("s1", number: Self.number)]
                rows.numbers = [Self.number: PhoneSignIn.NumberRecord(sends: [Relay.epoch])]
            }
            try await store.updateSignIn(session: "s1", number: nil) { rows in
                rows.sessions[0].checks = 2
                rows.sessions[0].lastActionAt = Relay.at(30)
                rows.numbers[Self.number]?.consecutiveFailures = 2
            }
            var changed = Relay.session("s1", number: Self.number)
            changed.checks = 2
            changed.lastActionAt = Relay.at(30)
            #expect(try await store.updateSignIn(session: "s1", number: nil) { $0.sessions } == [changed])
            try await store.updateSignIn(session: "s1", number: nil) { rows in rows.sessions.removeAll() }
            let after = try await store.updateSignIn(session: "s1", number: Self.number) { $0 }
            #expect(after.sessions.isEmpty)
            // The number's record stays when its session goes.
            #expect(after.numbers == [Self.number: PhoneSignIn.NumberRecord(sends: [Relay.epoch], consecutiveFailures: 2)])
            #expect(try await subject.rowCount("sign_in_sessions") == 0)
        }
    }

    @Test("a body that keeps no record for a new number leaves no row behind", arguments: RelayStoreBackend.available)
    func noEmptyNumberRows(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let refused = try await subject.store.updateSignIn(session: nil, number: Self.number) { $0.numbers.isEmpty }
            #expect(refused)
            #expect(try await subject.rowCount("sign_in_numbers") == 0)
            #expect(try await subject.store.updateSignIn(session: nil, number: Self.number) { $0 } == SignInRows())
        }
    }

    @Test("PhoneSignIn's rules run over the store: start, a wrong code, the right code, and the session ends", arguments: RelayStoreBackend.available)
    func realRules(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let key = SymmetricKey(size: .bits256)
            let number = try PhoneNumber("+1 415 555 0100")
            let digest = PhoneSignIn(key: key).digest(of: number)
            let started = try await store.updateSignIn(session: nil, number: digest) { rows in
                var rules = PhoneSignIn(key: key, sessions: rows.sessions, numbers: rows.numbers)
                var random = SplitMix64(seed: 7)
                let started = try? rules.start(number, at: Relay.epoch, using: &random)
                rows.sessions = Array(rules.sessions.values)
                rows.numbers = rules.numbers
                return started
            }
            let (session, code) = try #require(started)
            let check: @Sendable (String, Double) async throws -> Result<PhoneDigest, PhoneSignInError> = { code, seconds in
                try await store.updateSignIn(session: session, number: nil) { rows in
                    var rules = PhoneSignIn(key: key, sessions: rows.sessions, numbers: rows.numbers)
                    let result = Result { () throws(PhoneSignInError) in try rules.check(session, code: code, at: Relay.at(seconds)) }
                    rows.sessions = Array(rules.sessions.values)
                    rows.numbers = rules.numbers
                    return result
                }
            }
            let wrong = code == "000000" ? "000001" : "000000"
            #expect(try await check(wrong, 10) == .failure(.wrongCode(remaining: 4)))
            #expect(try await store.updateSignIn(session: nil, number: digest) { $0.numbers[digest]?.consecutiveFailures } == 1)
            #expect(try await check(code, 20) == .success(digest))
            #expect(try await check(code, 21) == .failure(.sessionExpired))
            #expect(try await store.updateSignIn(session: nil, number: digest) { $0.numbers[digest] }?.sends == [Relay.epoch])
        }
    }

    @Test("rate tokens: a burst, then refused until one refills; each key has its own bucket", arguments: RelayStoreBackend.available)
    func rateTokens(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            let store = subject.store
            let limit = RateLimit(burst: 3, perMinute: 6)
            for _ in 0..<3 { #expect(try await store.takeRateToken(key: "ip:1", limit: limit, at: Relay.epoch) == .allowed) }
            #expect(try await store.takeRateToken(key: "ip:1", limit: limit, at: Relay.epoch) == .limited(retryAfterSeconds: 10))
            #expect(try await store.takeRateToken(key: "ip:2", limit: limit, at: Relay.epoch) == .allowed)
            #expect(try await store.takeRateToken(key: "ip:1", limit: limit, at: Relay.at(10)) == .allowed)
            #expect(try await store.takeRateToken(key: "ip:1", limit: limit, at: Relay.at(10)) == .limited(retryAfterSeconds: 10))
        }
    }

    @Test("the store answers a health check and names its backend", arguments: RelayStoreBackend.available)
    func health(backend: RelayStoreBackend) async throws {
        try await backend.withStore { subject async throws in
            try await subject.store.checkHealth()
            #expect(subject.store.backendName == backend.rawValue)
        }
    }
}
