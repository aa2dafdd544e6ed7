import DAGCBOR
import Foundation
import HTTPTypes
import Identity
import ServerKit

/// The checks the relay's request fields go through before anything is stored; each failure is
/// a ``ServerRejection`` naming the field. The generated code checks types and required keys
/// only (not `pattern`, `maxLength` or `maxItems`), so the contract's other limits are here.
enum RelayValidation {
    /// A 16-byte id written as 32 lowercase hex characters (sessions, circles, invitations, link
    /// tokens): its bytes.
    static func hexID(_ text: String, field: String) throws(ServerRejection) -> Data {
        try hex(text, characters: 32, field: field)
    }

    /// A blob id: the SHA-256 of the blob, 64 lowercase hex characters; its 32 bytes and the
    /// name the blob store keeps the blob under.
    static func blobID(_ text: String) throws(ServerRejection) -> (digest: Data, cid: String) {
        let digest = try hex(text, characters: 64, field: "blobId")
        guard let cid = RelayBlobName.cid(sha256: digest) else { throw .invalidHexID(field: "blobId", characters: 64) }
        return (digest, cid)
    }

    /// A session id as the sign-in rules name it: 32 lowercase hex characters, unchanged.
    static func sessionID(_ text: String) throws(ServerRejection) -> String {
        _ = try hexID(text, field: "session")
        return text
    }

    private static func hex(_ text: String, characters: Int, field: String) throws(ServerRejection) -> Data {
        let lowercaseHex = text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        guard text.utf8.count == characters, lowercaseHex, let bytes = Hex.decode(text) else {
            throw .invalidHexID(field: field, characters: characters)
        }
        return Data(bytes)
    }

    /// A DID in a path: at most 128 characters (the contract's `maxLength`, in code points).
    static func did(_ text: String) throws(ServerRejection) -> String {
        guard !text.isEmpty, text.unicodeScalars.count <= 128 else {
            throw .badRequest("invalid_did", "did must be a person's did:buds: identifier, at most 128 characters.", field: "did")
        }
        return text
    }

    /// The bytes a `format: byte` field of at most `characters` base64 characters can hold: the
    /// contract bounds the text, the relay sees the bytes, and canonical base64 of n bytes is
    /// 4⌈n/3⌉ characters.
    static func bytes(_ data: Data, maximumCharacters characters: Int, field: String) throws(ServerRejection) -> Data {
        guard data.count <= characters / 4 * 3 else {
            throw .badRequest(
                "field_too_long", "\(field) is longer than the contract's \(characters) base64 characters.", field: field)
        }
        return data
    }

    // MARK: Signed objects

    /// A person's device list from a device: DAG-CBOR that decodes, verifies (the identity key's
    /// signature, the DID it names, every certificate) and is at most 16,384 base64 characters.
    /// The record holds the list re-encoded in canonical DAG-CBOR: what the person signed and
    /// nothing else (a key the signature does not cover never reaches other devices).
    static func deviceList(_ data: Data, field: String = "deviceList") throws(ServerRejection) -> (list: DeviceList, record: DeviceListRecord) {
        let bytes = try bytes(data, maximumCharacters: 16_384, field: field)
        guard let list = try? DAGCBORDecoder().decode(DeviceList.self, from: bytes), (try? list.verify()) != nil,
            let canonical = try? DAGCBOREncoder().encode(list)
        else { throw .invalidDeviceList(field: field) }
        let record = DeviceListRecord(did: list.did, version: list.version, deviceIds: list.devices.map(\.deviceId), bytes: canonical)
        return (list, record)
    }

    /// A circle's roster from a device: DAG-CBOR that decodes and verifies (the owner's
    /// signature, every member's DID, the shape), at most 16,384 base64 characters, re-encoded
    /// canonically as ``deviceList(_:field:)`` does.
    static func roster(_ data: Data) throws(ServerRejection) -> (roster: CircleRoster, record: RosterRecord) {
        let bytes = try bytes(data, maximumCharacters: 16_384, field: "roster")
        guard let roster = try? DAGCBORDecoder().decode(CircleRoster.self, from: bytes), (try? roster.verify()) != nil,
            let canonical = try? DAGCBOREncoder().encode(roster)
        else { throw .invalidRoster() }
        let record = RosterRecord(
            circleId: roster.circleId, version: roster.version, ownerDID: roster.owner.did, memberDIDs: roster.members.map(\.did),
            bytes: canonical)
        return (roster, record)
    }

    /// A roster the store holds, decoded again to check a successor against it. The relay wrote
    /// it after verifying it, so a failure here is the store's damage: a 500, not the client's.
    static func storedRoster(_ record: RosterRecord) throws -> CircleRoster {
        try DAGCBORDecoder().decode(CircleRoster.self, from: record.bytes)
    }

    /// A stored device list, decoded again for the certificates of its devices.
    static func storedDeviceList(_ record: DeviceListRecord) throws -> DeviceList {
        try DAGCBORDecoder().decode(DeviceList.self, from: record.bytes)
    }

    /// An invitee's join request: DAG-CBOR that decodes and verifies, at most 4,096 base64
    /// characters; with its canonical bytes.
    static func joinRequest(_ data: Data) throws(ServerRejection) -> (request: CircleJoinRequest, bytes: Data) {
        let bytes = try bytes(data, maximumCharacters: 4_096, field: "request")
        guard let request = try? CircleJoinRequest(serialized: bytes), (try? request.verify()) != nil,
            let canonical = try? request.serialized()
        else {
            throw .badRequest(
                "invalid_join_request",
                "The request to join is not one its invitee signed: DAG-CBOR with the invitation's id, the invitee's key and name, signed by that key.",
                field: "request")
        }
        return (request, canonical)
    }

    // MARK: Inbox

    /// 1…500, default 100.
    static func limit(_ value: Int?) throws(ServerRejection) -> Int {
        let limit = value ?? 100
        guard (1...500).contains(limit) else { throw invalidLimit }
        return limit
    }

    static let invalidLimit = ServerRejection.badRequest("invalid_limit", "The limit must be a whole number from 1 to 500.", field: "limit")

    /// Queue entry ids as the inbox wrote them: at most 500 decimal strings of 64-bit numbers
    /// (no sign, no spaces).
    static func entryIDs(_ texts: [String]) throws(ServerRejection) -> [Int64] {
        let invalid = ServerRejection.badRequest(
            "invalid_ids", "ids must be at most 500 entry ids exactly as the inbox gave them (decimal digits).", field: "ids")
        guard texts.count <= 500 else { throw invalid }
        var ids: [Int64] = []
        for text in texts {
            guard (1...19).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let id = Int64(text)
            else { throw invalid }
            ids.append(id)
        }
        return ids
    }
}
