import Crypto
import Foundation
import OpenAPIRuntime
import ServerKit
import UmiLogAPI

/// The checks the sync server's request fields go through before anything is stored; each
/// failure is a ``ServerRejection`` naming the field. The generated code checks types and
/// required keys only (not `pattern`, `minLength`, `maximum` or `maxItems`), so the contract's
/// other rules are here.
enum SyncValidation {
    /// An id written as a lowercase UUID (`^[0-9a-f]{8}-…-[0-9a-f]{12}$`), the one spelling the
    /// signatures cover.
    static func uuid(_ text: String, field: String) throws(ServerRejection) -> UUID {
        guard isLowercaseUUID(text), let uuid = UUID(uuidString: text) else { throw .invalidUUID(field: field) }
        return uuid
    }

    /// Whether `text` is a UUID in lowercase hex with its four hyphens.
    static func isLowercaseUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isLowercaseHex(byte) {
                return false
            }
        }
        return true
    }

    /// A lowercase UUID as the wire writes it.
    static func text(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    /// A short lowercase name (a slot id, a record kind): `^[a-z][a-z0-9-]{0,31}$`.
    static func name(_ text: String, field: String) throws(ServerRejection) -> String {
        let bytes = Array(text.utf8)
        let valid =
            (1...32).contains(bytes.count) && (0x61...0x7A).contains(bytes[0])
            && bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
        guard valid else {
            throw .badRequest(
                "invalid_name", "\(field) must be 1 to 32 characters: a lowercase letter, then lowercase letters, digits or '-'.",
                field: field)
        }
        return text
    }

    /// A blob's keyed name: 64 lowercase hex characters.
    static func blobName(_ text: String) throws(ServerRejection) -> String {
        guard text.utf8.count == 64, text.utf8.allSatisfy(isLowercaseHex) else {
            throw .badRequest("invalid_blob_name", "blobName must be 64 lowercase hex characters (0-9, a-f).", field: "blobName")
        }
        return text
    }

    /// An Ed25519 public key: exactly 32 bytes.
    static func publicKey(_ data: Data, field: String) throws(ServerRejection) -> Curve25519.Signing.PublicKey {
        guard data.count == 32, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: data) else {
            throw .badRequest("invalid_public_key", "\(field) must be an Ed25519 public key: 32 bytes in base64.", field: field)
        }
        return key
    }

    /// Bytes whose base64 (canonical, with padding) is `characters` long, as the contract's
    /// `minLength` and `maxLength` count a `format: byte` field.
    static func bytes(_ data: Data, characters: ClosedRange<Int>, field: String) throws(ServerRejection) -> Data {
        let length = (data.count + 2) / 3 * 4
        guard characters.contains(length) else {
            throw .badRequest(
                "invalid_length",
                "\(field) must be \(characters.lowerBound) to \(characters.upperBound) characters of base64 (with padding).",
                field: field)
        }
        return data
    }

    /// An integer field within the contract's bounds.
    static func integer(_ value: Int, in range: ClosedRange<Int>, field: String) throws(ServerRejection) -> Int {
        guard range.contains(value) else {
            throw .badRequest("out_of_range", "\(field) must be from \(range.lowerBound) to \(range.upperBound).", field: field)
        }
        return value
    }

    // MARK: Key slots

    /// A key slot checked against the contract (`field` prefixes the names of its fields, e.g.
    /// `keySlots[1].`), and its canonical JSON — sorted keys, slashes unescaped, as the server
    /// writes every answer — which the store keeps and `listKeySlots` hands back unchanged.
    static func keySlot(_ slot: Components.Schemas.KeySlot, field prefix: String = "") throws(ServerRejection) -> Data {
        _ = try name(slot.slotId, field: prefix + "slotId")
        _ = try integer(slot.version, in: 1...1000, field: prefix + "version")
        _ = try integer(slot.kdf.logN, in: 10...22, field: prefix + "kdf.logN")
        _ = try integer(slot.kdf.r, in: 1...32, field: prefix + "kdf.r")
        _ = try integer(slot.kdf.p, in: 1...16, field: prefix + "kdf.p")
        _ = try bytes(Data(slot.kdf.salt.data), characters: 20...88, field: prefix + "kdf.salt")
        _ = try bytes(Data(slot.wrappedKey.data), characters: 4...256, field: prefix + "wrappedKey")
        guard let canonical = try? canonicalEncoder.encode(slot) else { throw .internalError }
        return canonical
    }

    /// A stored slot's JSON read back; `nil` only if the store changed what it was given.
    static func storedKeySlot(_ body: Data) -> Components.Schemas.KeySlot? {
        try? JSONDecoder().decode(Components.Schemas.KeySlot.self, from: body)
    }

    /// The encoder of a slot's canonical JSON: the same options as the server's answers.
    static var canonicalEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    // MARK: Helpers

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }
}
