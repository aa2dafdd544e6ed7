import Crypto
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import ServerKit
import UmiLogAPI

extension UmiLogSyncHandler {
    /// `POST /accounts`: a diver's account with its first device and key slots. The device must
    /// carry the account key's signature; the same creation again answers 200, anything else
    /// under a known id 409.
    ///
    /// A bad account signature is a 400 here (the document declares no 403 for this operation):
    /// the key and the signature arrive in the same body, so the body contradicts itself.
    func createAccount(_ input: Operations.CreateAccount.Input) async throws -> Operations.CreateAccount.Output {
        try await answering {
            try await admit(Self.clientAddressKey, to: .accountCreationByAddress)
            let creation: Components.Schemas.AccountCreation
            switch input.body {
            case .json(let body): creation = body
            }
            let accountID = try SyncValidation.uuid(creation.accountId, field: "accountId")
            let accountKeyBytes = Data(creation.accountKey.data)
            let accountKey = try SyncValidation.publicKey(accountKeyBytes, field: "accountKey")
            let now = configuration.now()
            let device = try deviceRecord(
                creation.device, accountID: accountID, accountKey: accountKey, field: "device.", signatureStatus: .badRequest, at: now)
            let slots = try keySlotRecords(creation.keySlots, accountID: accountID, at: now)
            let account = SyncAccountRecord(id: accountID, accountKey: accountKeyBytes, createdAt: now)
            let answer = Components.Schemas.Account(accountId: creation.accountId, accountKey: creation.accountKey)
            switch try await store.createAccount(account, device: device, slots: slots) {
            case .created:
                logger.info("umilog account created", metadata: ["slots": "\(slots.count)"])
                return .created(.init(body: .json(answer)))
            case .alreadyCreated:
                return .ok(.init(body: .json(answer)))
            case .conflict:
                throw ServerRejection.accountConflict
            }
        }
    }

    /// `GET /accounts/{accountId}/key-slots`: the slots as they were stored, for a new device to
    /// open with the passphrase or recovery code. Anonymous, so limited per client address and
    /// per account.
    func listKeySlots(_ input: Operations.ListKeySlots.Input) async throws -> Operations.ListKeySlots.Output {
        try await answering {
            try await admit(Self.clientAddressKey, to: .keySlotReadByAddress)
            let accountID = try SyncValidation.uuid(input.path.accountId, field: "accountId")
            guard try await store.account(id: accountID) != nil else { throw ServerRejection.unknownAccount }
            try await admit(SyncValidation.text(accountID), to: .keySlotReadByAccount)
            let records = try await store.keySlots(accountID: accountID)
            var slots: [Components.Schemas.KeySlot] = []
            for record in records {
                guard let slot = SyncValidation.storedKeySlot(record.body) else {
                    logger.error("umilog stored key slot unreadable", metadata: ["bytes": "\(record.body.count)"])
                    throw ServerRejection.internalError
                }
                slots.append(slot)
            }
            return .ok(.init(body: .json(.init(slots: slots))))
        }
    }

    /// `PUT /accounts/{accountId}/key-slots/{slotId}`: replaces or adds one slot (after a
    /// passphrase change, say); the body's slot id must be the path's.
    func putKeySlot(_ input: Operations.PutKeySlot.Input) async throws -> Operations.PutKeySlot.Output {
        try await answering {
            let device = try await signedDevice()
            let slotID = try SyncValidation.name(input.path.slotId, field: "slotId")
            let slot: Components.Schemas.KeySlot
            switch input.body {
            case .json(let body): slot = body
            }
            let canonical = try SyncValidation.keySlot(slot)
            guard slot.slotId == slotID else { throw ServerRejection.slotIDMismatch }
            let record = KeySlotRecord(accountID: device.accountID, slotID: slotID, body: canonical, updatedAt: configuration.now())
            switch try await store.putKeySlot(record, maximumSlots: limits.maximumKeySlots) {
            case .stored:
                logger.info("umilog key slot stored", metadata: ["kind": "\(slot.kind.rawValue)"])
                return .ok(.init(body: .json(slot)))
            case .tooManySlots:
                throw ServerRejection.tooManyKeySlots(maximum: limits.maximumKeySlots, field: "slotId")
            case .noSuchAccount:
                // The account went away between the signature check and now.
                throw ServerRejection.unknownDevice
            }
        }
    }

    // MARK: Shared checks

    /// A device registration checked against the contract and proven by the account key's
    /// signature (refused with `signatureStatus`); `field` prefixes the names of its fields.
    func deviceRecord(
        _ registration: Components.Schemas.DeviceRegistration, accountID: UUID, accountKey: Curve25519.Signing.PublicKey, field: String,
        signatureStatus: HTTPResponse.Status, at date: Date
    ) throws(ServerRejection) -> SyncDeviceRecord {
        let deviceID = try SyncValidation.uuid(registration.deviceId, field: field + "deviceId")
        let publicKey = Data(registration.publicKey.data)
        _ = try SyncValidation.publicKey(publicKey, field: field + "publicKey")
        let signature = Data(registration.accountSignature.data)
        let message = RequestSigning.deviceRegistrationMessage(
            accountID: SyncValidation.text(accountID), deviceID: registration.deviceId, publicKey: publicKey)
        guard signature.count == 64, accountKey.isValidSignature(signature, for: message) else {
            throw .badAccountSignature(status: signatureStatus, field: field + "accountSignature")
        }
        return SyncDeviceRecord(accountID: accountID, deviceID: deviceID, publicKey: publicKey, registeredAt: date)
    }

    /// An account's first key slots: 1 to the most an account holds, each valid, ids unique.
    private func keySlotRecords(_ slots: [Components.Schemas.KeySlot], accountID: UUID, at date: Date) throws(ServerRejection)
        -> [KeySlotRecord]
    {
        guard !slots.isEmpty else {
            throw .badRequest("missing_key_slot", "keySlots must hold at least one slot (the passphrase's).", field: "keySlots")
        }
        guard slots.count <= limits.maximumKeySlots else {
            throw .tooManyKeySlots(maximum: limits.maximumKeySlots, field: "keySlots")
        }
        var seen: Set<String> = []
        var records: [KeySlotRecord] = []
        for (index, slot) in slots.enumerated() {
            let prefix = "keySlots[\(index)]."
            let canonical = try SyncValidation.keySlot(slot, field: prefix)
            guard seen.insert(slot.slotId).inserted else { throw .duplicateSlot(field: prefix + "slotId") }
            records.append(KeySlotRecord(accountID: accountID, slotID: slot.slotId, body: canonical, updatedAt: date))
        }
        return records
    }
}
