import BudsAPI
import CloudWire
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import HummingbirdTesting
import Identity
import ServerKit
import TestSupport
import Testing

@testable import BudsCloud

/// Link channels: a new device opens one, an existing device fills it once, the new device takes
/// it once; ten minutes later it is gone.
@Suite("Relay: link channels")
struct RelayLinkTests {
    @Test("open, take while pending, fill once, take once, then nothing")
    func singleUse() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            let opened = try await client.send(.post, "/links")
            #expect(opened.status == .created)
            let link = try opened.decoded(Components.Schemas.Link.self)
            #expect(link.token.count == 32 && link.token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(link.expiresAt == harness.clock.now.addingTimeInterval(600))

            let pending = try await client.send(.get, "/links/\(link.token)")
            #expect(pending.status == .ok)
            #expect(try pending.decoded(LinkStateBody.self).filled == false)

            let sealed = Data((0..<200).map { UInt8($0) })
            let fill = try await client.json(
                .put, "/links/\(link.token)", ["sealed": sealed.base64EncodedString()], credential: alice.devices[0].credential)
            #expect(fill.status == .noContent)
            let refill = try await client.json(
                .put, "/links/\(link.token)", ["sealed": sealed.base64EncodedString()], credential: alice.devices[0].credential)
            #expect(refill.status == .conflict)
            #expect(refill.error?.field == "token")

            let taken = try await client.send(.get, "/links/\(link.token)")
            let state = try taken.decoded(LinkStateBody.self)
            #expect(state.filled)
            #expect(state.sealed == sealed)
            let again = try await client.send(.get, "/links/\(link.token)")
            #expect(again.status == .notFound)
            #expect(again.error?.code == "link_not_found")
            // The relay keeps only the token's digest.
            #expect(!harness.logText.contains(link.token))
        }
    }

    @Test("a channel closes after 10 minutes; only registered devices fill; shapes are checked")
    func expiryAndRefusals() async throws {
        let harness = try RelayHarness()
        let alice = try Person("alice", phone: Phones.alice)
        try await harness.run { client in
            try #require(try await client.signIn(alice).status == .ok)
            let token = try await client.send(.post, "/links").decoded(Components.Schemas.Link.self).token
            let stranger = try await client.json(.put, "/links/\(token)", ["sealed": "AAAA"], credential: DeviceToken.generate())
            #expect(stranger.status == .forbidden)
            let anonymous = try await client.json(.put, "/links/\(token)", ["sealed": "AAAA"])
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.error?.field == "Authorization")
            #expect(anonymous.headers[.wwwAuthenticate] == #"Bearer realm="buds""#)
            let tooLarge = try await client.json(
                .put, "/links/\(token)", ["sealed": Data(count: 6_145).base64EncodedString()], credential: alice.devices[0].credential)
            #expect(tooLarge.status == .badRequest)
            #expect(tooLarge.error?.field == "sealed")
            let empty = try await client.json(.put, "/links/\(token)", ["sealed": ""], credential: alice.devices[0].credential)
            #expect(empty.error?.field == "sealed")
            for bad in ["ABC", String(repeating: "a", count: 31), String(repeating: "A", count: 32)] {
                let response = try await client.send(.get, "/links/\(bad)")
                #expect(response.status == .badRequest)
                #expect(response.error?.field == "token")
            }
            let unknown = try await client.send(.get, "/links/\(String(repeating: "0", count: 32))")
            #expect(unknown.status == .notFound)

            harness.clock.advance(by: 601)
            #expect(try await client.send(.get, "/links/\(token)").status == .notFound)
            let late = try await client.json(.put, "/links/\(token)", ["sealed": "AAAA"], credential: alice.devices[0].credential)
            #expect(late.status == .notFound)
        }
    }

    @Test("opens are limited per client address")
    func perAddress() async throws {
        let harness = try RelayHarness {
            $0.linkOpensPerAddress = RateLimit(burst: 2, perMinute: 1)
            $0.trustedProxies = 1
        }
        try await harness.run { client in
            var first: HTTPFields = [:]
            first[HTTPField.Name("X-Forwarded-For")!] = "2001:db8:1:2::7"
            var sameBlock: HTTPFields = [:]
            sameBlock[HTTPField.Name("X-Forwarded-For")!] = "2001:db8:1:2:ffff::1"
            var other: HTTPFields = [:]
            other[HTTPField.Name("X-Forwarded-For")!] = "2001:db8:1:3::7"
            #expect(try await client.send(.post, "/links", headers: first).status == .created)
            #expect(try await client.send(.post, "/links", headers: sameBlock).status == .created)
            let refused = try await client.send(.post, "/links", headers: first)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "60")
            #expect(try await client.send(.post, "/links", headers: other).status == .created)
        }
    }
}
