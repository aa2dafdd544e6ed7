import BudsAPI
import Foundation
import HTTPTypes
import Identity
import Logging
import OpenAPIRuntime
import ServerKit

extension BudsRelayHandler {
    /// `POST /devices`: the calling credential becomes a device of a person who already has an
    /// account, by a newer device list their identity key signed (the link carried that key).
    func registerLinkedDevice(_ input: Operations.RegisterLinkedDevice.Input) async throws -> Operations.RegisterLinkedDevice.Output {
        do {
            let credential = try RelayAuthentication.requireCredential()
            let registration: Components.Schemas.DeviceRegistration
            switch input.body {
            case .json(let body): registration = body
            }
            let (list, record) = try RelayValidation.deviceList(Data(registration.deviceList.data))
            guard list.devices.contains(where: { $0.deviceId == registration.deviceId }) else { throw ServerRejection.deviceNotInList }
            let outcome = try await store.registerDevice(
                credential: credential, deviceId: registration.deviceId, list: record, phone: nil, at: configuration.now())
            try Self.check(outcome)
            logger.info("buds device registered", metadata: ["by": "link", "devices": "\(record.deviceIds.count)"])
            return .created(.init(body: .json(.init(did: list.did, deviceId: registration.deviceId))))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .notFound: return .notFound(rejection.notFound)
            case .conflict: return .conflict(rejection.conflict)
            default: throw rejection
            }
        }
    }

    /// `PUT /devices/me/push-token`: where this device's wake-ups go. The token is the push
    /// service's, 1 to 256 visible ASCII characters (APNs' hex, FCM's base64url and colons).
    func setPushToken(_ input: Operations.SetPushToken.Input) async throws -> Operations.SetPushToken.Output {
        do {
            let device = try await registeredDevice()
            let token: String
            switch input.body {
            case .json(let registration): token = registration.token
            }
            guard (1...256).contains(token.utf8.count), token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw ServerRejection.badRequest(
                    "invalid_push_token", "token must be the push service's token: 1 to 256 visible ASCII characters.", field: "token")
            }
            try await store.setPushToken(token, for: device)
            return .noContent(.init())
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            default: throw rejection
            }
        }
    }

    /// `GET /accounts/{did}/devices`: anyone's newest signed list, for any registered device (a
    /// list is public keys its person signed; a reader checks it against the DID).
    func getDeviceList(_ input: Operations.GetDeviceList.Input) async throws -> Operations.GetDeviceList.Output {
        do {
            _ = try await registeredDevice()
            let did = try RelayValidation.did(input.path.did)
            guard let record = try await store.deviceList(did: did) else { throw ServerRejection.deviceListNotFound }
            return .ok(.init(body: .json(.init(deviceList: Base64EncodedData(record.bytes)))))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            case .notFound: return .notFound(rejection.notFound)
            default: throw rejection
            }
        }
    }

    /// `PUT /accounts/{did}/devices`: the caller's person replaces their list by a newer one,
    /// which must keep the calling device; devices it leaves out lose their credential and queue.
    func putDeviceList(_ input: Operations.PutDeviceList.Input) async throws -> Operations.PutDeviceList.Output {
        do {
            let device = try await registeredDevice()
            let did = try RelayValidation.did(input.path.did)
            let signed: Components.Schemas.SignedDeviceList
            switch input.body {
            case .json(let body): signed = body
            }
            let (list, record) = try RelayValidation.deviceList(Data(signed.deviceList.data))
            guard list.did == did else {
                throw ServerRejection.badRequest("did_mismatch", "The device list is another DID's than the path names.", field: "did")
            }
            guard list.did == device.did else { throw Self.notYourDeviceList }
            switch try await store.replaceDeviceList(record, by: device) {
            case .replaced:
                logger.info("buds device list replaced", metadata: ["devices": "\(record.deviceIds.count)"])
                return .noContent(.init())
            case .staleList(let storedVersion):
                throw ServerRejection.staleDeviceList(storedVersion: storedVersion)
            case .forbidden:
                throw Self.notYourDeviceList
            }
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            case .conflict: return .conflict(rejection.conflict)
            default: throw rejection
            }
        }
    }

    private static let notYourDeviceList = ServerRejection(
        status: .forbidden, code: "not_your_device_list",
        message: "A device replaces only its own person's device list, and the new list must keep it (remove a device from another one).",
        field: "deviceList")
}
