import Crypto
import DAGCBOR
import FlipcashAPI
import Foundation
import SwiftProtobuf
import Testing

@testable import FlipcashCloud

/// Signatures by real Ed25519 keys: what passes, and each way a request can fail to prove its
/// signer, with the field named.
@Suite("Request authentication")
struct RequestAuthenticatorTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let authenticator = RequestAuthenticator(now: { now })

    static func signed(by key: Curve25519.Signing.PrivateKey = .init(), at date: Date = now) throws -> Flipcash_V1_GetLimitsRequest {
        var request = Flipcash_V1_GetLimitsRequest()
        request.timestamp = Google_Protobuf_Timestamp(date: date)
        request.auth.owner.value = key.publicKey.rawRepresentation
        request.auth.signature.value = try key.signature(for: request.signingInput())
        return request
    }

    @Test("a request signed by its owner's key names that owner, in base58")
    func valid() throws {
        let key = Curve25519.Signing.PrivateKey()
        #expect(try Self.authenticator.owner(of: Self.signed(by: key)) == OwnerID(Base58.encode(key.publicKey.rawRepresentation)))
    }

    @Test("timestamps 2 minutes off either way pass; a second more does not")
    func clockSkew() throws {
        for offset in [-120.0, 120] {
            _ = try Self.authenticator.owner(of: Self.signed(at: Self.now.addingTimeInterval(offset)))
        }
        for offset in [-121.0, 121, 86_400] {
            #expect(throws: AuthenticationError.timestampOutOfRange) {
                try Self.authenticator.owner(of: Self.signed(at: Self.now.addingTimeInterval(offset)))
            }
        }
    }

    @Test("a changed field, another key, short keys and signatures, no auth, no timestamp: each refused, naming its field")
    func refusals() throws {
        var tampered = try Self.signed()
        tampered.timestamp.nanos += 1
        #expect(throws: AuthenticationError.badSignature) { try Self.authenticator.owner(of: tampered) }
        var otherKey = try Self.signed()
        otherKey.auth.owner.value = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
        #expect(throws: AuthenticationError.badSignature) { try Self.authenticator.owner(of: otherKey) }
        var shortKey = try Self.signed()
        shortKey.auth.owner.value = shortKey.auth.owner.value.dropLast()
        #expect(throws: AuthenticationError.malformedKey) { try Self.authenticator.owner(of: shortKey) }
        var shortSignature = try Self.signed()
        shortSignature.auth.signature.value = shortSignature.auth.signature.value.dropLast()
        #expect(throws: AuthenticationError.malformedSignature) { try Self.authenticator.owner(of: shortSignature) }
        var unsigned = try Self.signed()
        unsigned.clearAuth()
        #expect(throws: AuthenticationError.missingAuth) { try Self.authenticator.owner(of: unsigned) }
        var undated = try Self.signed()
        undated.clearTimestamp()
        #expect(throws: AuthenticationError.missingTimestamp) { try Self.authenticator.owner(of: undated) }
        #expect(AuthenticationError.badSignature.field == "auth.signature")
        #expect(AuthenticationError.timestampOutOfRange.field == "timestamp")
    }
}
