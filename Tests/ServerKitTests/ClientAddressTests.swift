import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import Logging
import ServerKit
import Testing

/// The client's address for per-client limits: parsed strictly, grouped by /64 for IPv6, taken
/// from the connection unless proxies are trusted, and set for every request by the limited
/// HTTP/1 channel.
@Suite("Client addresses")
struct ClientAddressTests {
    @Test("IPv4 and IPv6 text is read strictly; an IPv4-mapped address is the IPv4 one")
    func parsing() throws {
        #expect(ClientAddress("192.0.2.7")?.bytes == [192, 0, 2, 7])
        #expect(ClientAddress("::ffff:192.0.2.7")?.bytes == [192, 0, 2, 7])
        #expect(ClientAddress("2001:db8::1")?.bytes == [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 11) + [1])
        #expect(ClientAddress("fe80::1%eth0")?.bytes.count == 16)
        #expect(ClientAddress("::")?.bytes == Array(repeating: 0, count: 16))
        #expect(ClientAddress("1:2:3:4:5:6:7:8")?.description == "1:2:3:4:5:6:7:8")
        for bad in [
            "", "1.2.3", "1.2.3.256", "1.2.3.4.5", "01234.1.1.1", "::1::2", "1:2:3:4:5:6:7:8:9", "12345::", "g::1", "+1::", "1.2.3.-4", "localhost",
        ] {
            #expect(ClientAddress(bad) == nil, "\(bad)")
        }
    }

    @Test("rate limits count IPv4 addresses whole and IPv6 addresses by their /64")
    func limitKeys() throws {
        let a = try #require(ClientAddress("2001:db8:1:2::7"))
        let b = try #require(ClientAddress("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        let c = try #require(ClientAddress("2001:db8:1:3::7"))
        #expect(a.limitKey == b.limitKey)
        #expect(a.limitKey != c.limitKey)
        #expect(ClientAddress("192.0.2.7")?.limitKey != ClientAddress("192.0.2.8")?.limitKey)
    }

    @Test("X-Forwarded-For counts only behind trusted proxies, from the right")
    func resolution() {
        let peer = ClientAddress("10.0.0.1")
        #expect(ClientAddress.resolve(connection: peer, forwardedFor: ["203.0.113.5"], trustedProxies: 0) == peer)
        #expect(ClientAddress.resolve(connection: peer, forwardedFor: ["1.1.1.1, 203.0.113.5"], trustedProxies: 1) == ClientAddress("203.0.113.5"))
        #expect(
            ClientAddress.resolve(connection: peer, forwardedFor: ["1.1.1.1", "203.0.113.5, 10.0.0.9"], trustedProxies: 2)
                == ClientAddress("203.0.113.5"))
        #expect(ClientAddress.resolve(connection: peer, forwardedFor: ["203.0.113.5"], trustedProxies: 3) == ClientAddress("203.0.113.5"))
        #expect(ClientAddress.resolve(connection: peer, forwardedFor: [], trustedProxies: 1) == peer)
        #expect(ClientAddress.resolve(connection: peer, forwardedFor: ["junk"], trustedProxies: 1) == nil)
    }

    @Test("the limited server runs every request with its connection's address")
    func connectionAddress() async throws {
        let router = Router()
        router.add(middleware: ClientAddressMiddleware())
        router.get("who") { _, _ in ClientAddress.current?.description ?? "nobody" }
        let app = Application(
            router: router, server: .limited(HTTPServerLimits()), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.live) { client in
            var headers: HTTPFields = [:]
            headers[HTTPField.Name("X-Forwarded-For")!] = "203.0.113.5"
            let response = try await client.execute(uri: "/who", method: .get, headers: headers)
            #expect(String(decoding: response.body.readableBytesView, as: UTF8.self) == "127.0.0.1")
        }
    }
}
