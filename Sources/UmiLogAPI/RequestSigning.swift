import Crypto
import DAGCBOR
import Foundation

/// The bytes a device signs for each request to the UmiLog sync server, and the bytes an
/// account key signs to add a device. Shared by the client and the server, so the two cannot
/// drift; the document's description states the same rules for other implementations.
public enum RequestSigning {
    /// The header naming the calling device (a lowercase UUID).
    public static let deviceHeader = "UmiLog-Device"
    /// The header with the Unix time, in whole seconds, when the request was signed.
    public static let timestampHeader = "UmiLog-Timestamp"
    /// The header with the base64 Ed25519 signature over ``requestMessage(method:path:timestamp:deviceID:body:)``.
    public static let signatureHeader = "UmiLog-Signature"
    /// How far a request's timestamp may be from the server's clock, either way.
    public static let allowedClockSkew: TimeInterval = 5 * 60

    /// The canonical request: `umilog-request-v1`, the method, the path relative to the server
    /// URL with its query as sent, the timestamp, the device id and the body's SHA-256 in hex,
    /// joined by single newlines. An empty body hashes as zero bytes.
    public static func requestMessage(
        method: String, path: String, timestamp: Int64, deviceID: String, body: some DataProtocol
    ) -> Data {
        let digest = Hex.encode(Data(SHA256.hash(data: body)))
        let lines = ["umilog-request-v1", method.uppercased(), path, String(timestamp), deviceID, digest]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// What the account key signs to register a device: `umilog-device-v1`, the account id, the
    /// device id and the device's public key in standard base64, joined by single newlines.
    public static func deviceRegistrationMessage(accountID: String, deviceID: String, publicKey: Data) -> Data {
        let lines = ["umilog-device-v1", accountID, deviceID, publicKey.base64EncodedString()]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// The signature headers' values for one request.
    public struct Headers: Sendable, Equatable {
        public var deviceID: String
        public var timestamp: Int64
        public var signature: Data

        public init(deviceID: String, timestamp: Int64, signature: Data) {
            self.deviceID = deviceID
            self.timestamp = timestamp
            self.signature = signature
        }
    }

    /// Signs a request with a device's key.
    public static func sign(
        method: String, path: String, body: some DataProtocol, deviceID: String, at date: Date,
        with key: Curve25519.Signing.PrivateKey
    ) throws -> Headers {
        let timestamp = Int64(date.timeIntervalSince1970.rounded(.down))
        let message = requestMessage(method: method, path: path, timestamp: timestamp, deviceID: deviceID, body: body)
        return Headers(deviceID: deviceID, timestamp: timestamp, signature: try key.signature(for: message))
    }

    /// Whether `headers` sign this request with `publicKey` at a time within the allowed skew of `now`.
    public static func verify(
        _ headers: Headers, method: String, path: String, body: some DataProtocol,
        publicKey: Curve25519.Signing.PublicKey, now: Date
    ) -> Bool {
        let age = now.timeIntervalSince1970 - TimeInterval(headers.timestamp)
        guard abs(age) <= allowedClockSkew else { return false }
        let message = requestMessage(
            method: method, path: path, timestamp: headers.timestamp, deviceID: headers.deviceID, body: body)
        return publicKey.isValidSignature(headers.signature, for: message)
    }
}
