import BudsAPI
import Foundation
import HTTPTypes
import Identity
import Logging
import OpenAPIRuntime
import ServerKit

extension BudsRelayHandler {
    /// `POST /circles/{circleId}/envelopes`: queues a sealed entry for every recipient device,
    /// after checking what the relay can without a key: the header's signature and the sender's
    /// certificate, that the sender is the calling device, a member, and sending from a device in
    /// its own signed list, that the envelope was sealed at the current roster, and that its
    /// recipients are exactly the members' devices but the sender's (else `recipients_mismatch`
    /// lists what is `missing` and `extra`). Then the recipients' devices are woken.
    func sendEnvelope(_ input: Operations.SendEnvelope.Input) async throws -> Operations.SendEnvelope.Output {
        do {
            let device = try await registeredDevice()
            let circleId = try RelayValidation.hexID(input.path.circleId, field: "circleId")
            let sent: Data
            switch input.body {
            case .json(let submission): sent = Data(submission.envelope.data)
            }
            try await admit(device.deviceId, to: .envelope)
            let (header, bytes) = try Self.signedEnvelope(sent)
            guard header.circleId == circleId else {
                throw ServerRejection.badRequest(
                    "circle_mismatch", "The envelope is sealed for another circle than the path names.", field: "circleId")
            }
            guard header.sender.did == device.did, header.sender.deviceId == device.deviceId else {
                throw ServerRejection(
                    status: .forbidden, code: "not_your_envelope", message: "A device sends only envelopes it sealed and signed itself.",
                    field: "envelope")
            }
            guard let roster = try await store.roster(circleId: circleId), roster.memberDIDs.contains(device.did) else {
                throw ServerRejection.circleNotFound
            }
            var lists: [String: DeviceListRecord] = [:]
            for did in roster.memberDIDs {
                lists[did] = try await store.deviceList(did: did)
            }
            try Self.checkSenderDevice(header.sender, list: lists[device.did])
            guard header.rosterVersion == roster.version else { throw Self.staleEnvelopeRoster }
            let expected = Set(lists.values.flatMap(\.deviceIds)).subtracting([device.deviceId])
            let named = Set(header.recipients)
            let missing = expected.subtracting(named)
            let extra = named.subtracting(expected)
            guard missing.isEmpty, extra.isEmpty else {
                throw ServerRejection(
                    status: .conflict, code: "recipients_mismatch",
                    message:
                        "The envelope's recipients are not the circle members' devices (\(missing.count) missing, \(extra.count) extra); fetch the circle and seal again.",
                    field: "envelope", details: ["missing": Self.inByteOrder(missing), "extra": Self.inByteOrder(extra)])
            }
            let record = EnvelopeRecord(
                id: header.envelopeId, circleId: circleId, senderDeviceId: device.deviceId, bytes: bytes, receivedAt: configuration.now())
            switch try await store.enqueue(
                record, recipients: header.recipients, rosterVersion: header.rosterVersion, maximumQueue: configuration.maximumQueue)
            {
            case .queued:
                break
            case .staleRoster:
                throw Self.staleEnvelopeRoster
            case .duplicate:
                throw ServerRejection(
                    status: .conflict, code: "duplicate_envelope", message: "An envelope with this id was sent already; it is not queued twice.",
                    field: "envelope")
            case .queueFull:
                throw ServerRejection(
                    status: .conflict, code: "queue_full",
                    message: "A recipient device has too many envelopes waiting; try again once it has caught up.", field: "envelope")
            }
            await wake(header.recipients)
            logger.info("buds envelope queued", metadata: ["recipients": "\(header.recipients.count)", "bytes": "\(bytes.count)"])
            return .created(.init(body: .json(.init(recipients: header.recipients.count))))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            case .notFound: return .notFound(rejection.notFound)
            case .conflict: return .conflict(rejection.conflict)
            case .contentTooLarge: return .contentTooLarge(rejection.payloadTooLarge)
            case .tooManyRequests: return .tooManyRequests(rejection.tooManyRequests)
            default: throw rejection
            }
        }
    }

    /// `GET /inbox`: up to `limit` of the calling device's envelopes, oldest first.
    func getInbox(_ input: Operations.GetInbox.Input) async throws -> Operations.GetInbox.Output {
        do {
            let device = try await registeredDevice()
            let limit = try RelayValidation.limit(input.query.limit)
            let (entries, remaining) = try await store.inbox(deviceId: device.deviceId, limit: limit)
            let envelopes = entries.map {
                Components.Schemas.QueuedEnvelope(id: String($0.entry), envelope: Base64EncodedData($0.bytes), queuedAt: $0.queuedAt)
            }
            return .ok(.init(body: .json(.init(envelopes: envelopes, remaining: remaining))))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            default: throw rejection
            }
        }
    }

    /// `POST /inbox/ack`: removes delivered entries from the calling device's queue; ids of
    /// other queues, or gone already, are ignored.
    func acknowledgeInbox(_ input: Operations.AcknowledgeInbox.Input) async throws -> Operations.AcknowledgeInbox.Output {
        do {
            let device = try await registeredDevice()
            let ids: [Int64]
            switch input.body {
            case .json(let acknowledgement): ids = try RelayValidation.entryIDs(acknowledgement.ids)
            }
            if !ids.isEmpty { try await store.acknowledge(deviceId: device.deviceId, entries: ids) }
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

    // MARK: Helpers

    /// The envelope in `sent` once its shape, its header's signature and its sender's
    /// certificate check out, with its bytes re-serialized canonically (what was signed and
    /// sealed, without anything the wire form does not carry).
    static func signedEnvelope(_ sent: Data) throws(ServerRejection) -> (header: CircleEnvelopeHeader, bytes: Data) {
        let field = "envelope"
        do throws(CircleEnvelopeError) {
            let envelope = try CircleEnvelope(serialized: sent)
            let header = try envelope.signedHeader()
            guard let bytes = try? envelope.serialized() else {
                throw CircleEnvelopeError.malformed("the envelope cannot be written again")
            }
            return (header, bytes)
        } catch {
            switch error {
            case .tooLarge:
                throw ServerRejection(
                    status: .contentTooLarge, code: "envelope_too_large",
                    message: "An envelope is at most \(CircleEnvelope.maximumBytes / 1024) KiB; photos travel as blobs.", field: field)
            case .badSignature:
                throw .badRequest("bad_signature", "The envelope's header is not signed by the sender its certificate names.", field: field)
            case .invalidCertificate:
                throw .badRequest(
                    "invalid_certificate", "The envelope's sender certificate is not signed by its person's identity key.", field: field)
            case .malformed, .untrustedSender, .notARecipient, .unwrapFailed, .decryptionFailed, .contentMismatch, .noRecipients:
                // Only the first is thrown before anything is opened; the others are a reader's.
                throw .badRequest(
                    "invalid_envelope", "The envelope is not a sealed circle envelope: DAG-CBOR {h, s, p, w} with a signed header.",
                    field: field)
            }
        }
    }

    /// Refuses a sender certificate that is not exactly one of those in the sender's stored
    /// device list (`list`): a removed device, or a certificate the person's list does not carry.
    private static func checkSenderDevice(_ certificate: DeviceCertificate, list record: DeviceListRecord?) throws {
        let unknown = ServerRejection(
            status: .forbidden, code: "unknown_sender_device",
            message: "The envelope's sender certificate is not in your current device list; refresh this device's certificate.",
            field: "envelope")
        guard let record else { throw unknown }
        let list = try RelayValidation.storedDeviceList(record)
        guard list.devices.filter({ $0 == certificate }).count == 1 else { throw unknown }
    }

    private static let staleEnvelopeRoster = ServerRejection(
        status: .conflict, code: "stale_roster",
        message: "The circle's member list changed since this envelope was sealed: fetch the circle and seal again.",
        field: "envelope")

    /// Device ids in ascending UTF-8 byte order, the order envelope headers list recipients in.
    static func inByteOrder(_ ids: Set<String>) -> [String] {
        ids.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Wakes the recipients' devices that registered a push token, with the one constant
    /// payload. A failed lookup only costs the wake-up: the envelope is queued and the device
    /// finds it at its next sync.
    private func wake(_ deviceIds: [String]) async {
        do {
            let tokens = try await store.pushTokens(deviceIds: deviceIds)
            guard !tokens.isEmpty else { return }
            await push.wake(tokens: tokens)
        } catch {
            logger.warning("buds push tokens not read", metadata: ["error_type": "\(type(of: error))"])
        }
    }
}
