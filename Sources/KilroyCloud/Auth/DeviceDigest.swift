public import CloudWire
import Crypto
import DAGCBOR
import Foundation
public import GRDB

/// What the Kilroy cloud knows of a device: the SHA-256 digest of its credential, never the
/// credential itself. Kilroys, uploads, reports and drop counts are keyed by it (as a 32-byte
/// BLOB), so a copy of the database holds nothing a client could send to act as a device.
///
/// Two kinds of preimage are hashed, each behind its own domain prefix so that no choice of one
/// can produce the digest of the other: a credential (``DeviceToken``, 32 bytes) and, for stores
/// from before credentials, a legacy device id (the text clients used to send as `X-Device-ID`).
/// Without the prefixes a client could pick its token's 32 bytes equal to someone's 32-character
/// legacy id and be taken for that device.
///
/// Equality is constant-time (a comparison never stops at the first differing byte); the
/// description shows nothing of the bytes, so a digest cannot reach a log by accident.
public struct DeviceDigest: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    private static let tokenDomain = Array("kilroy/device-token/v1\u{0}".utf8)
    private static let legacyDomain = Array("kilroy/legacy-device-id/v1\u{0}".utf8)

    /// The digest of a device credential.
    public init(token: DeviceToken) {
        bytes = Self.hash(Self.tokenDomain + token.bytes)
    }

    /// The digest of a legacy device id (the pre-credential `X-Device-ID` text).
    public init(legacyDeviceID: String) {
        bytes = Self.hash(Self.legacyDomain + Array(legacyDeviceID.utf8))
    }

    /// A digest read back from the database; `nil` unless it is 32 bytes.
    public init?(storedBytes: [UInt8]) {
        guard storedBytes.count == 32 else { return nil }
        bytes = storedBytes
    }

    private static func hash(_ input: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: input))
    }

    /// Constant-time comparison: every byte is looked at whatever the first difference.
    public static func == (left: DeviceDigest, right: DeviceDigest) -> Bool {
        guard left.bytes.count == right.bytes.count else { return false }
        var difference: UInt8 = 0
        for index in left.bytes.indices {
            difference |= left.bytes[index] ^ right.bytes[index]
        }
        return difference == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
    }

    public var description: String { "DeviceDigest(<redacted>)" }

    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// A key for in-memory tables (the rate limiters): the digest in hex. Never logged.
    var key: String {
        Hex.encode(bytes)
    }
}

extension DeviceDigest: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { Data(bytes).databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> DeviceDigest? {
        // Only a BLOB: text in an owner column is a raw id the migration missed, never a digest.
        guard case .blob(let data) = dbValue.storage else { return nil }
        return DeviceDigest(storedBytes: Array(data))
    }
}
