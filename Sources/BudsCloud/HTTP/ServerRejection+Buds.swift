import BudsAPI
import Foundation
import HTTPTypes
import ServerKit

/// The refusals only the Buds relay makes, as ServerKit's ``ServerRejection``, and their typed
/// forms for the generated handlers.
///
/// No message quotes what a request held: a refusal may be read by whoever sees the client's
/// logs, and requests carry phone numbers, codes, sealed bytes, link tokens and invitation ids.
extension ServerRejection {
    /// The contract's `Error` body, for the generated handlers' typed answers: `missing` and
    /// `extra` come from ``details`` (a `recipients_mismatch`).
    var apiError: Components.Schemas._Error {
        .init(code: code, message: message, field: field, missing: details["missing"], extra: details["extra"])
    }

    var badRequest: Components.Responses.BadRequest { .init(body: .json(apiError)) }
    var unauthorized: Components.Responses.Unauthorized {
        .init(headers: .init(wwwAuthenticate: challenge ?? Self.budsChallenge), body: .json(apiError))
    }
    var forbidden: Components.Responses.Forbidden { .init(body: .json(apiError)) }
    var notFound: Components.Responses.NotFound { .init(body: .json(apiError)) }
    var conflict: Components.Responses.Conflict { .init(body: .json(apiError)) }
    var payloadTooLarge: Components.Responses.PayloadTooLarge { .init(body: .json(apiError)) }
    var tooManyRequests: Components.Responses.TooManyRequests {
        .init(headers: .init(retryAfter: retryAfter), body: .json(apiError))
    }

    /// The challenge every 401 of the relay carries.
    static let budsChallenge = bearerChallenge(realm: RelayAuthentication.realm)

    // MARK: Credentials and devices

    static let unregisteredDevice = ServerRejection(
        status: .forbidden, code: "unregistered_device",
        message:
            "This credential is not a device of anyone's: verify a phone number or link the device first (a device removed from its list is no longer one).",
        field: "Authorization")

    // MARK: Sign-in

    static let invalidPhone = ServerRejection.badRequest(
        "invalid_phone", "Type the number with its country code, like +1 415 555 0100.", field: "phone")

    static let countryNotAllowed = ServerRejection.badRequest(
        "country_not_allowed", "Codes cannot be sent to numbers of that country yet.", field: "phone")

    static let sessionNotFound = ServerRejection(
        status: .notFound, code: "session_not_found", message: "This sign-in has expired or does not exist: start again.",
        field: "session")

    static let sessionExhausted = ServerRejection(
        status: .tooManyRequests, code: "session_exhausted",
        message: "Too many codes or tries for this sign-in: start a new one.", field: "session")

    static let codeExpired = ServerRejection.badRequest(
        "code_expired", "This code has expired: ask for a new one.", field: "code")

    static func wrongCode(remaining: Int) -> ServerRejection {
        .badRequest(
            "wrong_code", "That code is not right; \(remaining) more \(remaining == 1 ? "try" : "tries") in this sign-in.", field: "code")
    }

    static func signInRetryLater(seconds: Int) -> ServerRejection {
        ServerRejection(
            status: .tooManyRequests, code: "retry_later", message: "Too many attempts: try again in \(seconds) s.", retryAfter: seconds)
    }

    static let smsUnavailable = ServerRejection(
        status: .serviceUnavailable, code: "sms_unavailable",
        message: "The code could not be texted just now; ask for another in a minute.", retryAfter: 60)

    // MARK: Device lists

    static func invalidDeviceList(field: String = "deviceList") -> ServerRejection {
        .badRequest(
            "invalid_device_list",
            "The device list is not one its person signed: DAG-CBOR of 1 to 5 certified devices, signed by the identity key its DID names.",
            field: field)
    }

    static func staleDeviceList(storedVersion: UInt64) -> ServerRejection {
        ServerRejection(
            status: .conflict, code: "stale_device_list",
            message: "The relay holds version \(storedVersion) of this device list; sign a newer one (or resend the same bytes).",
            field: "deviceList")
    }

    static let deviceNotInList = ServerRejection.badRequest(
        "device_not_in_list", "deviceId must be this device's id in the device list sent.", field: "deviceId")

    static let credentialInUse = ServerRejection(
        status: .conflict, code: "credential_in_use",
        message: "This credential is already another device's; create a new credential for this device.", field: "Authorization")

    static let deviceIdTaken = ServerRejection(
        status: .conflict, code: "device_id_taken",
        message: "Another person's device already has this id; give this device a new random id.", field: "deviceId")

    static let unknownAccount = ServerRejection(
        status: .notFound, code: "unknown_account",
        message: "No one with this DID has verified a phone with the relay; sign in on their first device first.", field: "deviceList")

    static let deviceListNotFound = ServerRejection(
        status: .notFound, code: "device_list_not_found", message: "The relay holds no device list for this DID.", field: "did")

    // MARK: Circles

    static let circleNotFound = ServerRejection(
        status: .notFound, code: "circle_not_found", message: "No circle with this id has you as a member.", field: "circleId")

    static let staleRoster = ServerRejection(
        status: .conflict, code: "stale_roster",
        message: "The circle's member list changed: fetch the circle again, then retry with its current version.", field: "roster")

    static func invalidRoster(field: String = "roster") -> ServerRejection {
        .badRequest(
            "invalid_roster",
            "The member list is not one the circle's owner signed: DAG-CBOR of 1 to 12 members, the owner first, signed by the owner's identity key.",
            field: field)
    }

    static let notOwner = ServerRejection(
        status: .forbidden, code: "not_owner",
        message: "Only the circle's owner changes its member list or invites; a new circle starts at version 1.")

    // MARK: Shapes

    /// A path or body id that is not `characters` lowercase hex characters.
    static func invalidHexID(field: String, characters: Int) -> ServerRejection {
        .badRequest("invalid_id", "\(field) must be \(characters) lowercase hex characters (0-9, a-f).", field: field)
    }
}
