public import Crypto
import DAGCBOR
public import Foundation

/// An ed25519 extended private key from SLIP-0010: a 32-byte private key (the Ed25519 seed) and
/// a 32-byte chain code, derived from a BIP-39 seed along a path of hardened steps.
///
/// SLIP-0010 adapts BIP-32 to ed25519: the master key is HMAC-SHA512 keyed with "ed25519 seed",
/// and a child is HMAC-SHA512(chain code, 0x00 ‖ key ‖ index) with no point addition, which is
/// why only hardened children exist. It is a secret; `description` never shows the key.
public struct SLIP10Key: Hashable, Sendable {
    /// The 32-byte private key: the seed of an Ed25519 signing key.
    public let privateKey: Data
    /// The 32-byte chain code that, with the key, derives children.
    public let chainCode: Data

    /// The master key of `seed` (BIP-39 seeds are 64 bytes; SLIP-0010's own vectors use 16).
    public static func master(seed: some DataProtocol) -> SLIP10Key {
        split(HMAC<SHA512>.authenticationCode(for: [UInt8](seed), using: SymmetricKey(data: Array("ed25519 seed".utf8))))
    }

    /// The master key of `seed` followed along `path`: the usual way to get an account key.
    ///
    /// - Throws: `SLIP10Error.nonHardenedIndex` if a step of `path` is not hardened.
    public static func derive(seed: some DataProtocol, path: DerivationPath) throws(SLIP10Error) -> SLIP10Key {
        try master(seed: seed).derived(along: path)
    }

    /// The hardened child at `index` (which must already include `DerivationPath.hardenedOffset`).
    ///
    /// - Throws: `SLIP10Error.nonHardenedIndex` for an index below 2³¹: ed25519 has no public
    ///   derivation, so SLIP-0010 defines no such child.
    public func child(_ index: UInt32) throws(SLIP10Error) -> SLIP10Key {
        guard index >= DerivationPath.hardenedOffset else { throw .nonHardenedIndex(index) }
        var data: [UInt8] = [0]
        data.reserveCapacity(37)
        data.append(contentsOf: privateKey)
        data.append(contentsOf: [
            UInt8(truncatingIfNeeded: index >> 24), UInt8(truncatingIfNeeded: index >> 16),
            UInt8(truncatingIfNeeded: index >> 8), UInt8(truncatingIfNeeded: index),
        ])
        return Self.split(HMAC<SHA512>.authenticationCode(for: data, using: SymmetricKey(data: chainCode)))
    }

    /// This key followed along every step of `path`.
    ///
    /// - Throws: `SLIP10Error.nonHardenedIndex` at the first non-hardened step.
    public func derived(along path: DerivationPath) throws(SLIP10Error) -> SLIP10Key {
        var key = self
        for index in path.indices { key = try key.child(index) }
        return key
    }

    /// The Ed25519 signing key whose 32-byte seed is `privateKey`.
    public var signingKey: Curve25519.Signing.PrivateKey {
        do {
            return try Curve25519.Signing.PrivateKey(rawRepresentation: privateKey)
        } catch {
            // `privateKey` is always 32 bytes (the left half of an HMAC-SHA512), the only thing
            // swift-crypto checks, and every 32-byte string is a valid Ed25519 seed.
            preconditionFailure("a 32-byte Ed25519 seed was refused: \(error)")
        }
    }

    /// The 32-byte Ed25519 public key. (SLIP-0010's vectors print it with a leading 0x00 byte.)
    public var publicKey: Data { signingKey.publicKey.rawRepresentation }

    /// The left half of an HMAC-SHA512 output is the key, the right half the chain code.
    private static func split(_ code: HashedAuthenticationCode<SHA512>) -> SLIP10Key {
        let bytes = [UInt8](code)
        return SLIP10Key(privateKey: Data(bytes[0..<32]), chainCode: Data(bytes[32..<64]))
    }
}

extension SLIP10Key: CustomStringConvertible, CustomDebugStringConvertible {
    /// Only the public key, in base58: the private half and chain code are secrets.
    public var description: String { "SLIP10Key(public: \(Base58.encode(publicKey)))" }
    public var debugDescription: String { description }
}
