public import Crypto
import DAGCBOR
public import Foundation

/// The Ed25519 key that owns a cash link's account: whoever opens the link can sign with it.
public struct CashLinkKeyPair: Sendable {
    /// The signing key (the SLIP-0010 key at `m/44'/501'/0'/0'`).
    public let privateKey: Curve25519.Signing.PrivateKey

    /// The 32-byte public key.
    public var publicKey: Data { privateKey.publicKey.rawRepresentation }

    /// The public key in Base58, as Solana shows account addresses.
    public var address: String { Base58.encode(publicKey) }
}

extension CashLinkKeyPair: CustomStringConvertible, CustomDebugStringConvertible {
    /// The address only; the private key is a secret.
    public var description: String { "CashLinkKeyPair(\(address))" }
    public var debugDescription: String { description }
}
