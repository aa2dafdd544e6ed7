import Foundation
import HTTPTypes
import KilroyAPI
import Logging
import ServerKit

extension KilroyAPIHandler {
    func createKilroy(_ input: Operations.CreateKilroy.Input) async throws -> Operations.CreateKilroy.Output {
        do {
            let device = try DeviceAuthentication.requireDevice()
            let record: KilroyRecord
            switch input.body {
            case .json(let drop): record = try validatedDrop(drop, owner: device)
            }
            try await admit(device, to: .drop)
            switch try await store.createKilroy(record) {
            case .created(let stored):
                logger.info("kilroy created", metadata: ["kilroy": "\(stored.id)"])
                return .created(.init(body: .json(Self.apiKilroy(stored, viewer: device))))
            case .replayed(let stored):
                return .ok(.init(body: .json(Self.apiKilroy(stored, viewer: device))))
            case .conflict:
                throw ServerRejection(
                    status: .conflict, code: "id_conflict",
                    message: "Another kilroy already has this id; choose a new UUID for a new drop.", field: "id")
            case .imageMissing:
                throw ServerRejection.badRequest(
                    "unknown_image", "No image has this id; upload the photo first, then create the kilroy.",
                    field: "imageId")
            }
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .unauthorized: return .unauthorized(Self.unauthorized(rejection))
            case .conflict: return .conflict(.init(body: .json(rejection.apiError)))
            case .tooManyRequests:
                return .tooManyRequests(.init(headers: .init(retryAfter: rejection.retryAfter), body: .json(rejection.apiError)))
            default:
                throw rejection
            }
        }
    }

    /// The record a valid drop becomes: canonical id and texts, the server's geohash and clock.
    private func validatedDrop(_ drop: Components.Schemas.NewKilroy, owner: DeviceDigest) throws(ServerRejection)
        -> KilroyRecord
    {
        let now = configuration.now()
        let coordinate = try RequestValidation.coordinate(
            latitude: drop.latitude, longitude: drop.longitude, latitudeField: "latitude", longitudeField: "longitude")
        return KilroyRecord(
            id: try RequestValidation.kilroyID(drop.id, field: "id"),
            owner: owner,
            coordinate: coordinate,
            imageID: try RequestValidation.imageID(drop.imageId, field: "imageId"),
            placeName: try RequestValidation.text(drop.placeName, RequestValidation.placeName, field: "placeName"),
            placeAddress: try RequestValidation.text(drop.placeAddress, RequestValidation.placeAddress, field: "placeAddress"),
            comment: try RequestValidation.text(drop.comment, RequestValidation.comment, field: "comment"),
            createdAt: try RequestValidation.createdAt(drop.createdAt, now: now),
            receivedAt: now
        )
    }

    func getKilroy(_ input: Operations.GetKilroy.Input) async throws -> Operations.GetKilroy.Output {
        do {
            let device = try DeviceAuthentication.requireDevice()
            let id = try RequestValidation.kilroyID(input.path.kilroyId, field: "kilroyId")
            // Exactly what `near` would show this device at the kilroy's own position; anything
            // else does not exist for it.
            guard let record = try await store.kilroy(id: id) else { throw ServerRejection.kilroyNotFound }
            let visibility = try await store.visibility(
                for: device, policy: configuration.reciprocity, around: record.coordinate, radius: 0)
            guard visibility.decide(KilroyCandidate(record)) == .include else { throw ServerRejection.kilroyNotFound }
            return .ok(.init(body: .json(Self.apiKilroy(record, viewer: device))))
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .unauthorized: return .unauthorized(Self.unauthorized(rejection))
            case .notFound: return .notFound(.init(body: .json(rejection.apiError)))
            default:
                throw rejection
            }
        }
    }

    func deleteKilroy(_ input: Operations.DeleteKilroy.Input) async throws -> Operations.DeleteKilroy.Output {
        do {
            let device = try DeviceAuthentication.requireDevice()
            let id = try RequestValidation.kilroyID(input.path.kilroyId, field: "kilroyId")
            guard let record = try await store.kilroy(id: id) else { throw ServerRejection.kilroyNotFound }
            guard record.owner == device else { throw Self.notOwner }
            // Under the image's lock, so that no upload of the same bytes slips in between the
            // row's deletion and the blob's.
            let deletion = try await withImageLease(record.imageID) {
                let deletion = try await store.deleteKilroy(id: id, owner: device)
                if case .deleted(let orphan?) = deletion {
                    await removeBlob(orphan)
                }
                return deletion
            }
            switch deletion {
            case .deleted:
                logger.info("kilroy deleted", metadata: ["kilroy": "\(id)"])
                return .noContent(.init())
            case .notFound: throw ServerRejection.kilroyNotFound
            case .notOwner: throw Self.notOwner
            }
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .unauthorized: return .unauthorized(Self.unauthorized(rejection))
            case .forbidden: return .forbidden(.init(body: .json(rejection.apiError)))
            case .notFound: return .notFound(.init(body: .json(rejection.apiError)))
            default:
                throw rejection
            }
        }
    }

    func reportKilroy(_ input: Operations.ReportKilroy.Input) async throws -> Operations.ReportKilroy.Output {
        do {
            let device = try DeviceAuthentication.requireDevice()
            let id = try RequestValidation.kilroyID(input.path.kilroyId, field: "kilroyId")
            let reason: String?
            switch input.body {
            case .json(let report):
                reason = try RequestValidation.text(report.reason, RequestValidation.reportReason, field: "reason")
            }
            try await admit(device, to: .report)
            let outcome = try await store.reportKilroy(
                id: id, reporter: device, reason: reason, at: configuration.now(),
                hideThreshold: configuration.reportsToHide, policy: configuration.reciprocity)
            switch outcome {
            case .counted(let count, let hidden):
                logger.info("kilroy reported", metadata: ["kilroy": "\(id)", "reports": "\(count)", "hidden": "\(hidden)"])
                return .ok(.init(body: .json(.init(kilroyId: id, reportCount: Int32(clamping: count), hidden: hidden))))
            case .notFound:
                throw ServerRejection.kilroyNotFound
            case .ownKilroy:
                throw Self.ownKilroy
            case .noOwnDrops:
                throw Self.noOwnDrops
            }
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .unauthorized: return .unauthorized(Self.unauthorized(rejection))
            case .forbidden: return .forbidden(.init(body: .json(rejection.apiError)))
            case .notFound: return .notFound(.init(body: .json(rejection.apiError)))
            case .tooManyRequests:
                return .tooManyRequests(.init(headers: .init(retryAfter: rejection.retryAfter), body: .json(rejection.apiError)))
            default:
                throw rejection
            }
        }
    }

    private static let notOwner = ServerRejection(
        status: .forbidden, code: "not_owner", message: "Only the device that dropped a kilroy can delete it.")

    private static let ownKilroy = ServerRejection(
        status: .forbidden, code: "own_kilroy", message: "You cannot report a kilroy this device dropped; delete it instead.")

    private static let noOwnDrops = ServerRejection(
        status: .forbidden, code: "no_own_drops",
        message: "Only devices that have dropped a kilroy of their own can report others; drop one first.")
}
