public import Crypto
import DAGCBOR
import Foundation

/// The key pair both sides of a bill derive from its payload: the Ed25519 key whose 32-byte seed
/// is SHA-256 of the 20 payload bytes.
///
/// The giver signs its messages to the rendezvous stream with it, and the receiver, having scanned
/// the same payload, derives the same key to find that stream; its public key is also the id of the
/// resulting transfer. Anyone who sees the bill can derive the private key — that is the point: the
/// bill is the secret, and its random nonce makes every bill's key different.
public struct RendezvousKey: Sendable {
    /// The Ed25519 private key (RFC 8032: the seed's SHA-512, clamped, is the scalar).
    public let privateKey: Curve25519.Signing.PrivateKey

    /// The key of `payload`'s bill.
    public init(payload: CashCodePayload) {
        let seed = Data(SHA256.hash(data: payload.encoded()))
        do {
            privateKey = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        } catch {
            // rawRepresentation only rejects seeds that are not 32 bytes; a SHA-256 digest always is.
            preconditionFailure("a SHA-256 digest is a valid Ed25519 seed: \(error)")
        }
    }

    /// The 32-byte seed: SHA-256 of the payload.
    public var seed: [UInt8] { Array(privateKey.rawRepresentation) }

    public var publicKey: Curve25519.Signing.PublicKey { privateKey.publicKey }

    /// The 32 public-key bytes.
    public var publicKeyBytes: [UInt8] { Array(privateKey.publicKey.rawRepresentation) }

    /// The public key in base58 (Bitcoin alphabet), as Solana writes account addresses.
    public var publicKeyBase58: String { Base58.encode(privateKey.publicKey.rawRepresentation) }
}
