import Crypto
import Foundation

/// Loads and persists a device ``Identity`` in a ``KeyStore``: the raw 32-byte Ed25519 private key
/// under ``signingKeyName`` and the raw 32-byte X25519 private key under ``agreementKeyName``
/// (the names the original app used in the Keychain).
///
/// A damaged store is reported, never repaired: a key of the wrong length, or one key without the
/// other, throws ``KeyStoreError/corruptKey(name:reason:)`` and nothing is overwritten, because
/// generating a new identity over an old one would silently lose the device's DID.
public enum IdentityStore {
    /// Key-store name of the Ed25519 signing key.
    public static let signingKeyName = "ed25519_private"
    /// Key-store name of the X25519 agreement key.
    public static let agreementKeyName = "x25519_private"

    /// The stored identity, or `nil` when neither key is stored.
    public static func load(from keyStore: any KeyStore) throws -> Identity? {
        let signing = try keyStore.load(signingKeyName)
        let agreement = try keyStore.load(agreementKeyName)
        switch (signing, agreement) {
        case (nil, nil):
            return nil
        case (.some, nil):
            throw KeyStoreError.corruptKey(
                name: agreementKeyName,
                reason: "it is missing while \(signingKeyName) is present"
            )
        case (nil, .some):
            throw KeyStoreError.corruptKey(
                name: signingKeyName,
                reason: "it is missing while \(agreementKeyName) is present"
            )
        case (.some(let signingBytes), .some(let agreementBytes)):
            return Identity(
                signingKey: try signingKey(from: signingBytes),
                agreementKey: try agreementKey(from: agreementBytes)
            )
        }
    }

    /// The stored identity; when the store holds none, a new one is generated and saved first.
    /// `created` tells which happened (e.g. to show "new identity" once).
    public static func loadOrCreate(from keyStore: any KeyStore) throws -> (identity: Identity, created: Bool) {
        if let existing = try load(from: keyStore) {
            return (existing, false)
        }
        let identity = Identity.generate()
        try save(identity, to: keyStore)
        return (identity, true)
    }

    /// Stores both private keys of `identity`, replacing any stored identity.
    public static func save(_ identity: Identity, to keyStore: any KeyStore) throws {
        try keyStore.save(identity.agreementKey.rawRepresentation, as: agreementKeyName)
        try keyStore.save(identity.signingKey.rawRepresentation, as: signingKeyName)
    }

    // MARK: - Private

    private static func signingKey(from bytes: Data) throws -> Curve25519.Signing.PrivateKey {
        guard bytes.count == 32 else {
            throw KeyStoreError.corruptKey(name: signingKeyName, reason: "expected 32 bytes, found \(bytes.count)")
        }
        do {
            return try Curve25519.Signing.PrivateKey(rawRepresentation: bytes)
        } catch {
            throw KeyStoreError.corruptKey(name: signingKeyName, reason: "not a valid Ed25519 key (\(error))")
        }
    }

    private static func agreementKey(from bytes: Data) throws -> Curve25519.KeyAgreement.PrivateKey {
        guard bytes.count == 32 else {
            throw KeyStoreError.corruptKey(name: agreementKeyName, reason: "expected 32 bytes, found \(bytes.count)")
        }
        do {
            return try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: bytes)
        } catch {
            throw KeyStoreError.corruptKey(name: agreementKeyName, reason: "not a valid X25519 key (\(error))")
        }
    }
}

extension Identity {
    /// Same as ``IdentityStore/load(from:)``.
    public static func load(from keyStore: any KeyStore) throws -> Identity? {
        try IdentityStore.load(from: keyStore)
    }

    /// Same as ``IdentityStore/loadOrCreate(from:)``.
    public static func loadOrCreate(from keyStore: any KeyStore) throws -> (identity: Identity, created: Bool) {
        try IdentityStore.loadOrCreate(from: keyStore)
    }
}
