import Foundation
import HTTPTypes
import KilroyAPI
import Logging
import ServerKit

extension KilroyAPIHandler {
    /// `POST /devices/claim`: the caller proves an old device id (the only secret such a device
    /// ever had) and its rows move to the caller's credential, once.
    ///
    /// The old ids were shown to every viewer, so a claim is only as strong as the old id's
    /// secrecy: whoever claims an id first gets its kilroys. The app claims on its first contact
    /// after upgrading, and claims are rate limited per credential so guessing short ids is slow.
    func claimLegacyDevice(_ input: Operations.ClaimLegacyDevice.Input) async throws
        -> Operations.ClaimLegacyDevice.Output
    {
        do {
            let device = try DeviceAuthentication.requireDevice()
            let legacyID: String
            switch input.body {
            case .json(let claim): legacyID = try RequestValidation.legacyDeviceID(claim.legacyDeviceId, field: "legacyDeviceId")
            }
            try await admit(device, to: .claim)
            switch try await store.claimLegacyDevice(
                legacy: DeviceDigest(legacyDeviceID: legacyID), by: device, at: configuration.now())
            {
            case .claimed(let count):
                logger.info("kilroy legacy device claimed", metadata: ["kilroys": "\(count)"])
                return .ok(.init(body: .json(.init(kilroyCount: Int32(clamping: count)))))
            case .notFound:
                throw ServerRejection(
                    status: .notFound, code: "legacy_device_not_found",
                    message: "Nothing was ever stored under this old device id; there is nothing to claim.",
                    field: "legacyDeviceId")
            case .claimedByAnother:
                throw ServerRejection(
                    status: .conflict, code: "legacy_device_claimed",
                    message: "Another device already claimed this old device id; its kilroys stay with that device.",
                    field: "legacyDeviceId")
            }
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .unauthorized: return .unauthorized(Self.unauthorized(rejection))
            case .notFound: return .notFound(.init(body: .json(rejection.apiError)))
            case .conflict: return .conflict(.init(body: .json(rejection.apiError)))
            case .tooManyRequests:
                return .tooManyRequests(.init(headers: .init(retryAfter: rejection.retryAfter), body: .json(rejection.apiError)))
            default:
                throw rejection
            }
        }
    }
}
