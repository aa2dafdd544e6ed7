import Crypto
import Foundation
import TestSupport
import Testing

@testable import Identity

@Suite("Identity signing and verification")
struct SigningTests {
    @Test("A generated identity signs and its signature verifies against its public key")
    func signVerifyRoundTrip() throws {
        let identity = Identity.generate()
        let message = Data("a session receipt".utf8)
        let signature = try identity.sign(message)
        #expect(signature.count == 64)
        #expect(identity.signingPublicKey.count == 32)
        #expect(identity.agreementPublicKey.count == 32)
        #expect(Identity.verify(signature: signature, of: message, signingPublicKey: identity.signingPublicKey))
        #expect(!Identity.verify(signature: signature, of: Data("another".utf8), signingPublicKey: identity.signingPublicKey))
        #expect(!Identity.verify(signature: signature, of: message, signingPublicKey: Identity.generate().signingPublicKey))
    }

    @Test("Flipping any single bit of the signature makes verification fail")
    func everyBitOfSignatureMatters() throws {
        let identity = Identity.generate()
        let message = Data("bits".utf8)
        let signature = try identity.sign(message)
        for bit in 0..<(signature.count * 8) {
            var altered = signature
            altered[bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(!Identity.verify(signature: altered, of: message, signingPublicKey: identity.signingPublicKey))
        }
    }

    @Test("Malformed keys and signatures return false instead of throwing or trapping")
    func malformedInputsReturnFalse() throws {
        let identity = Identity.generate()
        let message = Data("m".utf8)
        let signature = try identity.sign(message)
        let key = identity.signingPublicKey
        #expect(!Identity.verify(signature: Data(), of: message, signingPublicKey: key))
        #expect(!Identity.verify(signature: signature.prefix(63), of: message, signingPublicKey: key))
        #expect(!Identity.verify(signature: signature + [0], of: message, signingPublicKey: key))
        #expect(!Identity.verify(signature: signature, of: message, signingPublicKey: Data()))
        #expect(!Identity.verify(signature: signature, of: message, signingPublicKey: key.prefix(31)))
        #expect(!Identity.verify(signature: signature, of: message, signingPublicKey: key + [0]))
        #expect(!Identity.verify(signature: Data(repeating: 0xFF, count: 64), of: message, signingPublicKey: Data(repeating: 0xFF, count: 32)))
        #expect(!Identity.verify(signature: Data(count: 64), of: message, signingPublicKey: Data(count: 32)))
    }

    @Test("verify accepts non-contiguous and sliced byte collections")
    func verifyAcceptsSlices() throws {
        let identity = Identity.generate()
        let framed = Data([9, 9]) + Data("payload".utf8) + Data([9])
        let message = framed[2..<(framed.count - 1)]
        let signature = try identity.sign(message)
        let paddedSignature = Data([1]) + signature
        #expect(
            Identity.verify(
                signature: paddedSignature[1...],
                of: Array("payload".utf8),
                signingPublicKey: identity.signingPublicKey
            ))
    }
}

@Suite("Identity never prints its private keys")
struct IdentityRedactionTests {
    @Test("description, debugDescription and dump show the DID and no private-key bytes")
    func printingShowsOnlyTheDID() throws {
        let identity = Identity.generate()
        var dumped = ""
        dump(identity, to: &dumped)
        let signingHex = identity.signingKey.rawRepresentation.hex
        let agreementHex = identity.agreementKey.rawRepresentation.hex
        for text in [String(describing: identity), String(reflecting: identity), dumped, "\(identity)"] {
            #expect(text.contains(identity.did))
            #expect(!text.contains(signingHex))
            #expect(!text.contains(agreementHex))
            #expect(!text.contains("rawRepresentation"))
        }
    }
}
