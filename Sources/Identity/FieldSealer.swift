public import Crypto
public import Foundation

/// Seals one field (a note, a location) with a local 256-bit key using ChaCha20-Poly1305, for
/// data at rest that never leaves the device. Output is the "combined" form:
/// 12-byte nonce ‖ ciphertext ‖ 16-byte tag. Optional associated data (e.g. the record id and
/// field name) binds a sealed value to its place so it cannot be swapped into another field.
public enum FieldSealer {
    /// Nonce (12) + tag (16).
    static let overhead = 28

    /// Seals `plaintext` with a fresh random nonce.
    ///
    /// - Throws: ``FieldSealerError/invalidKeySize(bits:)`` unless `key` is 256 bits.
    public static func seal(
        _ plaintext: some DataProtocol,
        using key: SymmetricKey,
        authenticating associatedData: Data = Data()
    ) throws -> Data {
        guard key.bitCount == 256 else { throw FieldSealerError.invalidKeySize(bits: key.bitCount) }
        do {
            return try ChaChaPoly.seal(plaintext, using: key, authenticating: associatedData).combined
        } catch {
            throw FieldSealerError.sealingFailed(String(describing: error))
        }
    }

    /// Opens a value produced by ``seal(_:using:authenticating:)`` (or any ChaCha20-Poly1305
    /// combined box), with the same associated data.
    ///
    /// - Throws: ``FieldSealerError/truncated`` when shorter than 28 bytes,
    ///   ``FieldSealerError/tampered`` when authentication fails (wrong key, wrong associated data
    ///   or altered bytes), ``FieldSealerError/invalidKeySize(bits:)`` unless `key` is 256 bits.
    public static func open(
        _ sealed: some DataProtocol,
        using key: SymmetricKey,
        authenticating associatedData: Data = Data()
    ) throws -> Data {
        guard key.bitCount == 256 else { throw FieldSealerError.invalidKeySize(bits: key.bitCount) }
        guard sealed.count >= overhead else { throw FieldSealerError.truncated }
        do {
            let box = try ChaChaPoly.SealedBox(combined: Data(sealed))
            return try ChaChaPoly.open(box, using: key, authenticating: associatedData)
        } catch {
            throw FieldSealerError.tampered
        }
    }
}
