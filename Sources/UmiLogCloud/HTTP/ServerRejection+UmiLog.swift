import Foundation
import HTTPTypes
import ServerKit
import UmiLogAPI

/// The refusals only the UmiLog sync server makes, as ServerKit's ``ServerRejection``: each a
/// stable `code`, a message a person can act on and the field at fault.
///
/// No message quotes what a request held: requests carry sealed changes, wrapped keys, public
/// keys and signatures, and a refusal may be read by whoever sees the client's logs.
extension ServerRejection {
    // MARK: Shapes

    /// An id that is not a lowercase UUID.
    static func invalidUUID(field: String) -> ServerRejection {
        .badRequest("invalid_id", "\(field) must be a lowercase UUID, like 0f8fad5b-d9cb-469f-a165-70867728950e.", field: field)
    }

    static let invalidLimit = ServerRejection.badRequest(
        "invalid_limit", "limit must be a whole number from 1 to 1000 (500 when absent).", field: "limit")

    static let invalidAfter = ServerRejection.badRequest(
        "invalid_after", "after must be a whole number of 0 or more: the last sequence number the device holds.", field: "after")

    // MARK: Signed requests

    /// A 401 for a missing signature header.
    static func missingSignatureHeader(_ header: String, expected: String) -> ServerRejection {
        ServerRejection(
            status: .unauthorized, code: "missing_signature",
            message:
                "Send the \(header) header as \(expected): every request but account creation, key-slot reads and device registration is signed.",
            field: header)
    }

    /// A 401 for a signature header sent twice or not in its form (never quoted back).
    static func malformedSignatureHeader(_ header: String, expected: String) -> ServerRejection {
        ServerRejection(
            status: .unauthorized, code: "malformed_signature",
            message: "Send the \(header) header once, as \(expected).", field: header)
    }

    static let staleRequest = ServerRejection(
        status: .unauthorized, code: "stale_request",
        message: "The request was signed more than 5 minutes from the server's time: check the device's clock, then sign it again.",
        field: RequestSigning.timestampHeader)

    static let badSignature = ServerRejection(
        status: .unauthorized, code: "bad_signature",
        message:
            "The signature does not verify: sign the method, the path with its query as sent, the timestamp, the device id and the SHA-256 of the exact body with this device's key.",
        field: RequestSigning.signatureHeader)

    static let unknownDevice = ServerRejection(
        status: .forbidden, code: "unknown_device",
        message: "This device is not registered under the account in the path (or was removed): register it with the account key first.",
        field: RequestSigning.deviceHeader)

    // MARK: Accounts, devices and key slots

    static let unknownAccount = ServerRejection(
        status: .notFound, code: "unknown_account", message: "No account has this id: check it, or create the account first.",
        field: "accountId")

    static let accountConflict = ServerRejection(
        status: .conflict, code: "account_conflict",
        message: "An account with this id exists with another account key or first device: choose a new random account id.",
        field: "accountId")

    /// The account key's signature over a device registration does not verify.
    static func badAccountSignature(status: HTTPResponse.Status, field: String) -> ServerRejection {
        ServerRejection(
            status: status, code: "bad_account_signature",
            message: "The account key's signature over umilog-device-v1, the account id, the device id and the device's public key does not verify.",
            field: field)
    }

    static let deviceConflict = ServerRejection(
        status: .conflict, code: "device_conflict",
        message: "This device id is registered with another public key: give the new device a new random id.", field: "deviceId")

    static func tooManyDevices(maximum: Int) -> ServerRejection {
        ServerRejection(
            status: .conflict, code: "too_many_devices",
            message: "The account already has \(maximum) devices: remove one it no longer uses, then register this one.",
            field: "deviceId")
    }

    static func tooManyKeySlots(maximum: Int, field: String) -> ServerRejection {
        .badRequest(
            "too_many_key_slots", "An account has at most \(maximum) key slots: replace an existing slot instead.", field: field)
    }

    static func duplicateSlot(field: String) -> ServerRejection {
        .badRequest("duplicate_slot", "Each key slot needs its own slotId; this one is already in the list.", field: field)
    }

    static let slotIDMismatch = ServerRejection.badRequest(
        "slot_id_mismatch", "The body's slotId must be the slotId in the path.", field: "slotId")

    // MARK: Changes

    static func changeConflict(index: Int) -> ServerRejection {
        ServerRejection(
            status: .conflict, code: "change_conflict",
            message: "This change id is already in the log with other content: a new change needs a new random id.",
            field: "changes[\(index)].changeId")
    }

    static func duplicateChange(index: Int) -> ServerRejection {
        .badRequest(
            "duplicate_change", "This change id appears earlier in the same push; send each change once.",
            field: "changes[\(index)].changeId")
    }

    static let quotaExceeded = ServerRejection(
        status: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "quota_exceeded",
        message: "The account's storage quota is used up and nothing was written: remove old devices' profiles or ask for more room.")

    // MARK: Blobs

    static let blobNotFound = ServerRejection(
        status: .notFound, code: "blob_not_found", message: "The account has no blob of this name.", field: "blobName")

    static func blobTooLarge(maximumBytes: Int) -> ServerRejection {
        ServerRejection(
            status: .contentTooLarge, code: "blob_too_large",
            message: "A blob is at most \(maximumBytes / (1024 * 1024)) MiB; seal a smaller profile.", field: "body")
    }
}
