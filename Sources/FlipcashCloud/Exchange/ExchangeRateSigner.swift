public import Crypto
public import FlipcashAPI
import Foundation

/// Signs the exchange rates the server hands out, with the server's own Ed25519 rate key, so a
/// client can later prove which rate it priced a payment with (``ExchangeDataValidator``).
/// The signature covers the `ExchangeRate` message serialized deterministically.
public struct ExchangeRateSigner: Sendable {
    let key: Curve25519.Signing.PrivateKey

    public init(key: Curve25519.Signing.PrivateKey) {
        self.key = key
    }

    /// The key clients and the validator check signatures with.
    public var publicKey: Curve25519.Signing.PublicKey { key.publicKey }

    /// `rate` with the server's signature.
    ///
    /// - Throws: SwiftProtobuf's encoding error (never for a well-formed proto3 message) or
    ///   Crypto's signing error.
    public func sign(_ rate: Flipcash_V1_ExchangeRate) throws -> Flipcash_V1_SignedExchangeRate {
        var signed = Flipcash_V1_SignedExchangeRate()
        signed.rate = rate
        signed.signature.value = try key.signature(for: rate.signingInput())
        return signed
    }

    /// `state` with the server's signature (the same key signs rates and reserve states).
    ///
    /// - Throws: as ``sign(_:)-(Flipcash_V1_ExchangeRate)``.
    public func sign(_ state: Flipcash_V1_ReserveState) throws -> Flipcash_V1_SignedReserveState {
        var signed = Flipcash_V1_SignedReserveState()
        signed.state = state
        signed.signature.value = try key.signature(for: state.signingInput())
        return signed
    }
}
