public import Crypto
import DAGCBOR
public import Foundation

/// A device's identity: an Ed25519 key that signs receipts and names the device (its DID),
/// and an X25519 key that others use to seal envelopes for it.
///
/// The two keys are independent (as in the original app): the agreement key is not derived from
/// the signing key. Persist an identity with ``IdentityStore``; never log or print the private keys.
public struct Identity: Sendable {
    /// Signs receipts; its public half determines ``did`` and ``didKey``.
    public let signingKey: Curve25519.Signing.PrivateKey
    /// Opens envelopes sealed for this device (and wraps content keys when this device seals).
    public let agreementKey: Curve25519.KeyAgreement.PrivateKey

    /// Wraps existing keys, e.g. ones loaded from a ``KeyStore``.
    public init(signingKey: Curve25519.Signing.PrivateKey, agreementKey: Curve25519.KeyAgreement.PrivateKey) {
        self.signingKey = signingKey
        self.agreementKey = agreementKey
    }

    /// A fresh identity with two new random keys.
    public static func generate() -> Identity {
        Identity(signingKey: Curve25519.Signing.PrivateKey(), agreementKey: Curve25519.KeyAgreement.PrivateKey())
    }

    /// The 32-byte raw Ed25519 public key: what verifiers need to check this device's signatures.
    public var signingPublicKey: Data {
        signingKey.publicKey.rawRepresentation
    }

    /// The 32-byte raw X25519 public key: what senders need to seal envelopes for this device.
    public var agreementPublicKey: Data {
        agreementKey.publicKey.rawRepresentation
    }

    /// The app's own device identifier, `did:buds:` + base58btc of the first 20 bytes of the
    /// Ed25519 public key (the original app's `getDID`). Short, but not enough to verify a
    /// signature by itself: carry ``signingPublicKey`` alongside it.
    public var did: String {
        Self.budsDID(fromValidatedKey: signingPublicKey)
    }

    /// The W3C `did:key` form of the signing key (`did:key:z6Mk…`), which carries the whole public
    /// key, for interoperability with other DID tooling.
    public var didKey: String {
        Self.keyDID(fromValidatedKey: signingPublicKey)
    }

    /// Signs `message` with the Ed25519 key and returns the 64-byte signature.
    public func sign(_ message: some DataProtocol) throws -> Data {
        do {
            return try signingKey.signature(for: message)
        } catch {
            throw IdentityError.signingFailed(String(describing: error))
        }
    }

    /// The `did:buds:` identifier of any device, given its 32-byte Ed25519 public key.
    ///
    /// - Throws: ``IdentityError/invalidPublicKeyLength(_:)`` if the key is not 32 bytes.
    public static func did(forSigningPublicKey publicKey: some DataProtocol) throws -> String {
        let key = try validatedSigningKey(publicKey)
        return budsDID(fromValidatedKey: key)
    }

    /// The `did:key:z…` identifier of any device, given its 32-byte Ed25519 public key.
    ///
    /// - Throws: ``IdentityError/invalidPublicKeyLength(_:)`` if the key is not 32 bytes.
    public static func didKey(forSigningPublicKey publicKey: some DataProtocol) throws -> String {
        let key = try validatedSigningKey(publicKey)
        return keyDID(fromValidatedKey: key)
    }

    /// Whether `signature` is a valid Ed25519 signature of `message` by `signingPublicKey`.
    ///
    /// Returns `false` (never throws or traps) for a key that is not 32 bytes, a signature that is
    /// not 64 bytes, or any other malformed input, so it is safe on bytes from the network.
    public static func verify(
        signature: some DataProtocol,
        of message: some DataProtocol,
        signingPublicKey: some DataProtocol
    ) -> Bool {
        guard signingPublicKey.count == 32, signature.count == 64 else { return false }
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: Data(signingPublicKey)) else {
            return false
        }
        return key.isValidSignature(Data(signature), for: Data(message))
    }

    // MARK: - Private

    private static let budsPrefix = "did:buds:"
    private static let keyPrefix = "did:key:z"
    /// Multicodec `ed25519-pub` (0xed) as an unsigned varint.
    private static let ed25519Multicodec: [UInt8] = [0xED, 0x01]

    private static func validatedSigningKey(_ publicKey: some DataProtocol) throws -> Data {
        guard publicKey.count == 32 else {
            throw IdentityError.invalidPublicKeyLength(publicKey.count)
        }
        return Data(publicKey)
    }

    private static func budsDID(fromValidatedKey key: Data) -> String {
        budsPrefix + Base58.encode(key.prefix(20))
    }

    private static func keyDID(fromValidatedKey key: Data) -> String {
        keyPrefix + Base58.encode(ed25519Multicodec + Array(key))
    }
}

/// Printing, logging or dumping an identity shows only its DID, never the private keys.
extension Identity: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "Identity(\(did))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["did": did], displayStyle: .struct) }
}
