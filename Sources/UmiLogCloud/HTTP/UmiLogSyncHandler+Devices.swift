import Crypto
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import ServerKit
import UmiLogAPI

extension UmiLogSyncHandler {
    /// `POST /accounts/{accountId}/devices`: a new device, proven by the account key's signature
    /// over its id and public key. The same device and key again answers 200; another key under
    /// a known id, or a device past the account's cap, 409.
    func registerDevice(_ input: Operations.RegisterDevice.Input) async throws -> Operations.RegisterDevice.Output {
        try await answering {
            try await admit(Self.clientAddressKey, to: .deviceRegistrationByAddress)
            let accountID = try SyncValidation.uuid(input.path.accountId, field: "accountId")
            let registration: Components.Schemas.DeviceRegistration
            switch input.body {
            case .json(let body): registration = body
            }
            guard let account = try await store.account(id: accountID) else { throw ServerRejection.unknownAccount }
            guard let accountKey = try? Curve25519.Signing.PublicKey(rawRepresentation: account.accountKey) else {
                throw ServerRejection.internalError
            }
            let device = try deviceRecord(
                registration, accountID: accountID, accountKey: accountKey, field: "", signatureStatus: .forbidden,
                at: configuration.now())
            switch try await store.registerDevice(device, maximumDevices: limits.maximumDevices) {
            case .registered:
                logger.info("umilog device registered")
                return .created(.init(body: .json(Self.device(device))))
            case .alreadyRegistered:
                let stored = try await store.device(accountID: accountID, deviceID: device.deviceID) ?? device
                return .ok(.init(body: .json(Self.device(stored))))
            case .conflict:
                throw ServerRejection.deviceConflict
            case .tooManyDevices:
                throw ServerRejection.tooManyDevices(maximum: limits.maximumDevices)
            case .noSuchAccount:
                throw ServerRejection.unknownAccount
            }
        }
    }

    /// `GET /accounts/{accountId}/devices`: the account's devices, oldest first.
    func listDevices(_ input: Operations.ListDevices.Input) async throws -> Operations.ListDevices.Output {
        try await answering {
            let caller = try await signedDevice()
            let devices = try await store.devices(accountID: caller.accountID)
            return .ok(.init(body: .json(.init(devices: devices.map(Self.device)))))
        }
    }

    /// `DELETE /accounts/{accountId}/devices/{deviceId}`: a device removes itself or another of
    /// the account's (a lost phone); its signature no longer opens the account. Removing a
    /// device that is not there changes nothing.
    func removeDevice(_ input: Operations.RemoveDevice.Input) async throws -> Operations.RemoveDevice.Output {
        try await answering {
            let caller = try await signedDevice()
            let deviceID = try SyncValidation.uuid(input.path.deviceId, field: "deviceId")
            try await store.removeDevice(accountID: caller.accountID, deviceID: deviceID)
            logger.info("umilog device removed", metadata: ["self": "\(deviceID == caller.deviceID)"])
            return .noContent(.init())
        }
    }

    /// A stored device as the contract writes it.
    static func device(_ record: SyncDeviceRecord) -> Components.Schemas.Device {
        .init(
            deviceId: SyncValidation.text(record.deviceID), publicKey: Base64EncodedData(record.publicKey),
            registeredAt: record.registeredAt)
    }
}
