import Foundation
import Logging
import OpenAPIRuntime
import ServerKit
import UmiLogAPI

extension UmiLogSyncHandler {
    /// `POST /accounts/{accountId}/changes`: appends sealed changes to the account's log, all or
    /// none, each with the account's next sequence number. A change id already in the log with
    /// the same content keeps its number (a retried push); with other content the push is a 409
    /// naming the change; past the account's quota a 507.
    func pushChanges(_ input: Operations.PushChanges.Input) async throws -> Operations.PushChanges.Output {
        try await answering {
            let caller = try await signedDevice()
            let push: Components.Schemas.ChangePush
            switch input.body {
            case .json(let body): push = body
            }
            let changes = try incomingChanges(push.changes)
            let outcome = try await store.append(
                changes, accountID: caller.accountID, deviceID: caller.deviceID, at: configuration.now(),
                quotaBytes: limits.quotaBytesPerAccount)
            switch outcome {
            case .appended(let seqs):
                guard seqs.count == changes.count else { throw ServerRejection.internalError }
                logger.info("umilog changes pushed", metadata: ["count": "\(changes.count)"])
                let accepted = zip(push.changes, seqs).map { Components.Schemas.AcceptedChange(changeId: $0.changeId, seq: $1) }
                return .ok(.init(body: .json(.init(accepted: accepted))))
            case .conflict(let index):
                throw ServerRejection.changeConflict(index: index)
            case .quotaExceeded:
                throw ServerRejection.quotaExceeded
            }
        }
    }

    /// `GET /accounts/{accountId}/changes`: the changes after `after` (0 when absent), oldest
    /// first, at most `limit` (500 when absent, at most 1000) and about 4 MiB of sealed bytes.
    /// The cursor is the page's last sequence number, or `after` for an empty page.
    func pullChanges(_ input: Operations.PullChanges.Input) async throws -> Operations.PullChanges.Output {
        try await answering {
            let caller = try await signedDevice()
            let after = input.query.after ?? 0
            guard after >= 0 else { throw ServerRejection.invalidAfter }
            let limit = input.query.limit ?? limits.defaultPullLimit
            guard (1...limits.maximumPullLimit).contains(limit) else { throw ServerRejection.invalidLimit }
            let page = try await store.changes(
                accountID: caller.accountID, after: after, limit: limit, maximumBytes: limits.maximumPullBytes)
            let changes = page.changes.map { stored in
                Components.Schemas.StoredChange(
                    seq: stored.seq, changeId: SyncValidation.text(stored.change.changeID),
                    deviceId: SyncValidation.text(stored.deviceID), recordId: SyncValidation.text(stored.change.recordID),
                    kind: stored.change.kind, schemaVersion: stored.change.schemaVersion,
                    sealed: Base64EncodedData(stored.change.sealed), receivedAt: stored.receivedAt)
            }
            return .ok(.init(body: .json(.init(changes: changes, cursor: page.changes.last?.seq ?? after, hasMore: page.hasMore))))
        }
    }

    /// The pushed changes checked against the contract: 1 to 500 of them, ids lowercase UUIDs
    /// (each change id once), kinds short lowercase names, sealed bytes within a change's and a
    /// push's limits.
    private func incomingChanges(_ changes: [Components.Schemas.SealedChange]) throws(ServerRejection) -> [IncomingChange] {
        guard (1...limits.maximumChangesPerPush).contains(changes.count) else {
            throw .badRequest(
                "invalid_change_count", "changes must hold 1 to \(limits.maximumChangesPerPush) changes; push more in several requests.",
                field: "changes")
        }
        var seen: Set<UUID> = []
        var total = 0
        var incoming: [IncomingChange] = []
        for (index, change) in changes.enumerated() {
            let prefix = "changes[\(index)]."
            let changeID = try SyncValidation.uuid(change.changeId, field: prefix + "changeId")
            let recordID = try SyncValidation.uuid(change.recordId, field: prefix + "recordId")
            let kind = try SyncValidation.name(change.kind, field: prefix + "kind")
            let schemaVersion = try SyncValidation.integer(change.schemaVersion, in: 1...1_000_000, field: prefix + "schemaVersion")
            let sealed = Data(change.sealed.data)
            guard sealed.count <= limits.maximumSealedChangeBytes else {
                throw .badRequest(
                    "change_too_large", "A sealed change is at most \(limits.maximumSealedChangeBytes / 1024) KiB.",
                    field: prefix + "sealed")
            }
            _ = try SyncValidation.bytes(sealed, characters: 4...349_528, field: prefix + "sealed")
            guard seen.insert(changeID).inserted else { throw .duplicateChange(index: index) }
            total += sealed.count
            guard total <= limits.maximumPushBytes else {
                throw .badRequest(
                    "push_too_large", "A push carries at most \(limits.maximumPushBytes / (1024 * 1024)) MiB of sealed changes; push the rest next.",
                    field: "changes")
            }
            incoming.append(IncomingChange(changeID: changeID, recordID: recordID, kind: kind, schemaVersion: schemaVersion, sealed: sealed))
        }
        return incoming
    }
}
