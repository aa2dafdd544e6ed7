import Crypto
import DAGCBOR
public import Foundation
public import Identity

/// An instructor's signing key as a file: the 32-byte Ed25519 private key, written as 64 hex
/// digits (what `umilog keygen` writes), as base64, as the 32 raw bytes, or as the PEM file
/// `openssl genpkey -algorithm ed25519` writes (PKCS #8).
public enum InstructorKey {
    public enum LoadError: LocalizedError, Equatable {
        /// The file breaks the key-file rule (missing, not a regular file, readable by others…);
        /// the reason is Identity's, the same words `buds` uses for its own keys.
        case keyFile(KeyStoreError)
        case notAKey(path: String)

        public var errorDescription: String? {
            switch self {
            case .keyFile(let reason): reason.errorDescription
            case .notAKey(let path):
                "\(path) is not an Ed25519 private key (expected 64 hex digits, base64 of 32 bytes, 32 raw bytes, or a PKCS #8 PEM file)."
            }
        }
    }

    /// A new random key, as the file text (hex and a newline) and the identity it gives.
    public static func generate() -> (fileText: String, identity: Identity) {
        let key = Curve25519.Signing.PrivateKey()
        let hex = Hex.encode(key.rawRepresentation)
        return (hex + "\n", identity(key))
    }

    /// The identity whose signing key the file holds. The file must follow the one rule for
    /// private key files (`PrivateKeyFile`): a key that others can read or change is refused
    /// before it is used.
    public static func load(from url: URL) throws(LoadError) -> Identity {
        let bytes: Data
        do {
            bytes = try PrivateKeyFile.read(at: url.path)
        } catch {
            throw .keyFile(error)
        }
        guard let raw = rawKey(bytes), let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            throw .notAKey(path: url.path)
        }
        return identity(key)
    }

    /// The DER prefix of a PKCS #8 Ed25519 private key (RFC 8410): the 32-byte seed follows it.
    private static let pkcs8Prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]

    static func rawKey(_ bytes: Data) -> Data? {
        if bytes.count == 32 { return bytes }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("-----BEGIN PRIVATE KEY-----"), text.hasSuffix("-----END PRIVATE KEY-----") {
            let body = text.dropFirst("-----BEGIN PRIVATE KEY-----".count).dropLast("-----END PRIVATE KEY-----".count)
            guard let der = Data(base64Encoded: body.filter { !$0.isWhitespace }), der.count == pkcs8Prefix.count + 32,
                der.starts(with: pkcs8Prefix)
            else { return nil }
            return der.suffix(32)
        }
        if text.utf8.count == 64, let raw = Hex.decode(text) { return Data(raw) }
        if let decoded = Data(base64Encoded: text), decoded.count == 32 { return decoded }
        return nil
    }

    /// Identities carry an agreement key for sealing; signing never uses it, so a fresh one is
    /// enough here.
    private static func identity(_ key: Curve25519.Signing.PrivateKey) -> Identity {
        Identity(signingKey: key, agreementKey: Curve25519.KeyAgreement.PrivateKey())
    }
}
