import BudsAPI
import DAGCBOR
import Foundation
import HTTPTypes
import Identity
import Logging
import OpenAPIRuntime
import ServerKit

extension BudsRelayHandler {
    /// `GET /circles/{circleId}`: for a member only, the newest roster, every member's device
    /// list, and for the owner the pending join requests. A circle the caller is not in and a
    /// circle that does not exist get the same 404, so an id tells nothing about a circle.
    func getCircle(_ input: Operations.GetCircle.Input) async throws -> Operations.GetCircle.Output {
        do {
            let device = try await registeredDevice()
            let circleId = try RelayValidation.hexID(input.path.circleId, field: "circleId")
            guard let roster = try await store.roster(circleId: circleId), roster.memberDIDs.contains(device.did) else {
                throw ServerRejection.circleNotFound
            }
            var deviceLists: [Base64EncodedData] = []
            for did in roster.memberDIDs {
                if let list = try await store.deviceList(did: did) { deviceLists.append(Base64EncodedData(list.bytes)) }
            }
            var joins: [Components.Schemas.PendingJoin] = []
            if roster.ownerDID == device.did {
                joins = try await store.joinRequests(circleId: circleId).map {
                    .init(inviteId: Hex.encode($0.inviteId), request: Base64EncodedData($0.request))
                }
            }
            return .ok(.init(body: .json(.init(roster: Base64EncodedData(roster.bytes), deviceLists: deviceLists, joinRequests: joins))))
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

    /// `PUT /circles/{circleId}/roster`: the owner's newer roster. Version 1 creates the circle;
    /// a later one must succeed the stored one (same circle and owner, a higher version), and the
    /// store replaces it only if it is still the one checked against, so of two concurrent
    /// changes one wins and the other is told to refresh.
    func putRoster(_ input: Operations.PutRoster.Input) async throws -> Operations.PutRoster.Output {
        do {
            let device = try await registeredDevice()
            let circleId = try RelayValidation.hexID(input.path.circleId, field: "circleId")
            let signed: Components.Schemas.SignedRoster
            switch input.body {
            case .json(let body): signed = body
            }
            let (roster, record) = try RelayValidation.roster(Data(signed.roster.data))
            guard roster.circleId == circleId else {
                throw ServerRejection.badRequest("circle_mismatch", "The roster is another circle's than the path names.", field: "circleId")
            }
            guard roster.owner.did == device.did else { throw ServerRejection.notOwner }
            let stored = try await store.roster(circleId: circleId)
            if let stored {
                do {
                    try RelayValidation.storedRoster(stored).checkSuccessor(roster)
                } catch CircleRosterError.staleRoster {
                    throw ServerRejection.staleRoster
                } catch CircleRosterError.invalidRoster {
                    // Verified above, so the circle or its owner differs from the stored roster's.
                    throw ServerRejection.notOwner
                }
            }
            switch try await store.putRoster(record, replacing: stored?.version, by: device) {
            case .stored:
                logger.info("buds roster stored", metadata: ["version": "\(record.version)", "members": "\(record.memberDIDs.count)"])
                return .noContent(.init())
            case .stale:
                throw ServerRejection.staleRoster
            case .forbidden:
                throw ServerRejection.notOwner
            case .conflict:
                throw ServerRejection(
                    status: .conflict, code: "circle_conflict", message: "Another circle has this id; create the circle under a new random id.",
                    field: "circleId")
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

    /// `POST /circles/{circleId}/invites`: the owner opens a one-time invitation under its
    /// public id (the secret stays on the owner's devices), for ``BudsRelayConfiguration/inviteLifetime``.
    /// Anyone else, and a circle that does not exist, get the same 403.
    func createInvite(_ input: Operations.CreateInvite.Input) async throws -> Operations.CreateInvite.Output {
        do {
            let device = try await registeredDevice()
            let circleId = try RelayValidation.hexID(input.path.circleId, field: "circleId")
            let inviteId: Data
            switch input.body {
            case .json(let creation): inviteId = try RelayValidation.hexID(creation.inviteId, field: "inviteId")
            }
            let expiresAt = configuration.now().addingTimeInterval(configuration.inviteLifetime)
            switch try await store.createInvite(inviteId: inviteId, circleId: circleId, by: device, expiresAt: expiresAt) {
            case .created:
                return .created(.init())
            case .duplicate:
                throw ServerRejection(
                    status: .conflict, code: "invite_exists", message: "An invitation already has this id; make a new invitation.",
                    field: "inviteId")
            case .forbidden:
                throw ServerRejection.notOwner
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

    /// `POST /invites/{inviteId}/join`: the invitee's signed request becomes the circle's pending
    /// join request and uses the invitation up. The relay checks the invitee's signature and that
    /// the calling device is the invitee's; the binding to the invitation's secret is the owner's
    /// device's to check, since only it holds the secret.
    func joinCircle(_ input: Operations.JoinCircle.Input) async throws -> Operations.JoinCircle.Output {
        do {
            let device = try await registeredDevice()
            let inviteId = try RelayValidation.hexID(input.path.inviteId, field: "inviteId")
            let sent: Data
            switch input.body {
            case .json(let body): sent = Data(body.request.data)
            }
            let (request, bytes) = try RelayValidation.joinRequest(sent)
            guard request.inviteId == inviteId else {
                throw ServerRejection.badRequest(
                    "invite_mismatch", "The request to join is for another invitation than the path names.", field: "request")
            }
            guard request.member.did == device.did else {
                throw ServerRejection(
                    status: .forbidden, code: "not_your_request", message: "A device sends only its own person's request to join.",
                    field: "request")
            }
            // Limited per device, so that guessing invitation ids is slow.
            try await admit(device.deviceId, to: .join)
            switch try await store.join(inviteId: inviteId, did: device.did, request: bytes, at: configuration.now()) {
            case .pending(let circleId):
                logger.info("buds join requested")
                return .accepted(.init(body: .json(.init(circleId: Hex.encode(circleId)))))
            case .unknown:
                throw ServerRejection(
                    status: .notFound, code: "invite_not_found", message: "No open invitation has this id: it expired or never was.",
                    field: "inviteId")
            case .used:
                throw ServerRejection(
                    status: .conflict, code: "invite_used", message: "This invitation was used already; ask the circle's owner for a new one.",
                    field: "inviteId")
            case .alreadyMember:
                throw ServerRejection(
                    status: .conflict, code: "already_member", message: "You are a member of this circle already.", field: "inviteId")
            }
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            case .notFound: return .notFound(rejection.notFound)
            case .conflict: return .conflict(rejection.conflict)
            case .tooManyRequests: return .tooManyRequests(rejection.tooManyRequests)
            default: throw rejection
            }
        }
    }
}
