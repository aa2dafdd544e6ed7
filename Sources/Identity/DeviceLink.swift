public import Crypto
import DAGCBOR
public import Foundation

/// Linking a new device to a person (design: the Buds circles note, "Device linking"): the new
/// device opens a single-use channel on the relay and shows a code holding the channel's token
/// and a fresh X25519 key; the existing device seals the identity key to that key and puts it
/// in the channel. The relay carries the sealed bytes but never the code, so it cannot open
/// them, and cannot swap the key either: the code goes from screen to screen, not through it.
public struct DeviceLinkCode: Hashable, Sendable {
    /// The relay channel's token (16 bytes).
    public let token: Data
    /// The new device's one-time X25519 public key (32 bytes).
    public let key: Data

    public init(token: Data, key: Data) {
        self.token = token
        self.key = key
    }

    /// 96 lowercase hex characters: the token, then the key.
    public var text: String { Hex.encode(token) + Hex.encode(key) }

    /// The code in `text` (surrounding space and dashes allowed).
    ///
    /// - Throws: ``DeviceLinkError/invalidCode``.
    public init(text: String) throws(DeviceLinkError) {
        var clean = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        clean.removeAll { $0 == "-" }
        guard clean.count == 96, let bytes = Hex.decode(clean), (try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: bytes.suffix(32))) != nil
        else { throw .invalidCode }
        self.init(token: Data(bytes.prefix(16)), key: Data(bytes.suffix(32)))
    }
}

/// What travels in a link channel: the person's identity key and what the new device needs to
/// join them — their current device list, and the circles they belong to.
public struct DeviceLinkPayload: Hashable, Sendable, Codable {
    /// The person's Ed25519 private key (32 bytes).
    public let signingKey: Data
    /// The person's signed device list (DAG-CBOR), which the new device extends.
    public let deviceList: Data
    /// The person's circles: id and the name they gave it.
    public let circles: [Circle]

    public struct Circle: Hashable, Sendable, Codable {
        public let id: Data
        public let name: String

        public init(id: Data, name: String) {
            self.id = id
            self.name = name
        }
    }

    public init(signingKey: Data, deviceList: Data, circles: [Circle]) {
        self.signingKey = signingKey
        self.deviceList = deviceList
        self.circles = circles
    }
}

/// Seals and opens a ``DeviceLinkPayload`` for a ``DeviceLinkCode``: a fresh sender key, X25519
/// with the code's key, HKDF-SHA256 (salt: the token, info `buds.device-link.v1`), AES-256-GCM
/// with the token as associated data. The sealed form is the sender's public key then the box.
public enum DeviceLink {
    static let info = Data("buds.device-link.v1".utf8)
    /// The largest sealed payload accepted (a relay channel holds 8 KiB).
    public static let maximumSealedBytes = 8 * 1024

    /// `payload` sealed for the device that shows `code`.
    public static func seal(_ payload: DeviceLinkPayload, for code: DeviceLinkCode) throws -> Data {
        let sender = Curve25519.KeyAgreement.PrivateKey()
        let key = try Self.key(sender, Curve25519.KeyAgreement.PublicKey(rawRepresentation: code.key), token: code.token)
        guard let box = try AES.GCM.seal(try DAGCBOREncoder().encode(payload), using: key, authenticating: code.token).combined else {
            throw DeviceLinkError.unreadable
        }
        let sealed = sender.publicKey.rawRepresentation + box
        guard sealed.count <= maximumSealedBytes else { throw DeviceLinkError.tooLarge }
        return sealed
    }

    /// Opens `sealed` with the new device's one-time key for the channel `token`.
    ///
    /// - Throws: ``DeviceLinkError/unreadable``; never traps on any input.
    public static func open(_ sealed: Data, with key: Curve25519.KeyAgreement.PrivateKey, token: Data) throws(DeviceLinkError) -> DeviceLinkPayload {
        guard sealed.count > 32 + 28, sealed.count <= maximumSealedBytes,
            let senderKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: sealed.prefix(32)),
            let symmetric = try? Self.key(key, senderKey, token: token),
            let box = try? AES.GCM.SealedBox(combined: sealed.dropFirst(32)),
            let plaintext = try? AES.GCM.open(box, using: symmetric, authenticating: token),
            let payload = try? DAGCBORDecoder().decode(DeviceLinkPayload.self, from: plaintext),
            payload.signingKey.count == 32
        else { throw .unreadable }
        return payload
    }

    private static func key(
        _ privateKey: Curve25519.KeyAgreement.PrivateKey, _ publicKey: Curve25519.KeyAgreement.PublicKey, token: Data
    ) throws -> SymmetricKey {
        let secret = try privateKey.sharedSecretFromKeyAgreement(with: publicKey)
        guard !secret.withUnsafeBytes({ $0.allSatisfy { $0 == 0 } }) else { throw DeviceLinkError.unreadable }
        return secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: token, sharedInfo: info, outputByteCount: 32)
    }
}

/// Why linking a device failed.
public enum DeviceLinkError: LocalizedError, Hashable, Sendable {
    case invalidCode
    case unreadable
    case tooLarge

    public var errorDescription: String? {
        switch self {
        case .invalidCode: "That is not a device link code: it is the 96 letters and digits the new device shows."
        case .unreadable: "The link's content does not open with this device's key: it was not sealed for this code, or was changed."
        case .tooLarge: "The link's content is larger than a link channel holds."
        }
    }
}
