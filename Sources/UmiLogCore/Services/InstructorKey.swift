import Crypto
import Foundation
import Identity

/// An instructor's signing key as a file: the 32-byte Ed25519 private key, written as 64 hex
/// digits (what `umilog keygen` writes), as base64, or as the 32 raw bytes.
public enum InstructorKey {
    public enum LoadError: LocalizedError, Equatable {
        case unreadable(path: String, reason: String)
        case notAKey(path: String)

        public var errorDescription: String? {
            switch self {
            case .unreadable(let path, let reason): "Couldn't read the key file \(path): \(reason)"
            case .notAKey(let path):
                "\(path) is not an Ed25519 private key (expected 64 hex digits, base64 of 32 bytes, or 32 raw bytes)."
            }
        }
    }

    /// A new random key, as the file text (hex and a newline) and the identity it gives.
    public static func generate() -> (fileText: String, identity: Identity) {
        let key = Curve25519.Signing.PrivateKey()
        let hex = key.rawRepresentation.map { String(format: "%02x", $0) }.joined()
        return (hex + "\n", identity(key))
    }

    /// The identity whose signing key the file holds.
    public static func load(from url: URL) throws(LoadError) -> Identity {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        guard let raw = rawKey(bytes), let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            throw .notAKey(path: url.path)
        }
        return identity(key)
    }

    static func rawKey(_ bytes: Data) -> Data? {
        if bytes.count == 32 { return bytes }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count == 64, text.allSatisfy(\.isHexDigit) {
            var raw = Data()
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(index, offsetBy: 2)
                guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
                raw.append(byte)
                index = next
            }
            return raw
        }
        if let decoded = Data(base64Encoded: text), decoded.count == 32 { return decoded }
        return nil
    }

    /// Identities carry an agreement key for sealing; signing never uses it, so a fresh one is
    /// enough here.
    private static func identity(_ key: Curve25519.Signing.PrivateKey) -> Identity {
        Identity(signingKey: key, agreementKey: Curve25519.KeyAgreement.PrivateKey())
    }
}
