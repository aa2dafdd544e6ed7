import Foundation
import Logging
import OpenAPIRuntime
import ServerKit
import Storage
import UmiLogAPI

extension UmiLogSyncHandler {
    /// `PUT /accounts/{accountId}/blobs/{blobName}`: a sealed profile under its keyed name, at
    /// most 16 MiB. The bytes go to the blob storage (content-addressed, so the same bytes are
    /// kept once), then the store records the name: 201; a name recorded before keeps its first
    /// bytes (200); past the quota 507.
    ///
    /// A known name and a full quota are answered before any byte is stored. When another
    /// request records the same name, or fills the quota, between that check and the record, the
    /// bytes just stored stay without a name pointing at them: the blob storage is shared, so they
    /// cannot be deleted without knowing that no other name uses the same bytes.
    func putBlob(_ input: Operations.PutBlob.Input) async throws -> Operations.PutBlob.Output {
        try await answering {
            let caller = try await signedDevice()
            let name = try SyncValidation.blobName(input.path.blobName)
            let body: HTTPBody
            switch input.body {
            case .binary(let bytes): body = bytes
            }
            let data = try await SignedRequestAuthentication.collect(
                body, upTo: limits.maximumBlobBytes, tooLarge: .blobTooLarge(maximumBytes: limits.maximumBlobBytes))
            if try await store.blobCID(accountID: caller.accountID, name: name) != nil {
                return .ok(.init())
            }
            let quota = limits.quotaBytesPerAccount
            guard try await store.usedBytes(accountID: caller.accountID) + Int64(data.count) <= quota else {
                throw ServerRejection.quotaExceeded
            }
            let cid = try await blobs.put(data)
            let outcome = try await store.recordBlob(
                accountID: caller.accountID, name: name, cid: cid, size: Int64(data.count), at: configuration.now(), quotaBytes: quota)
            switch outcome {
            case .created:
                logger.info("umilog blob stored", metadata: ["bytes": "\(data.count)"])
                return .created(.init())
            case .alreadyStored:
                return .ok(.init())
            case .quotaExceeded:
                throw ServerRejection.quotaExceeded
            }
        }
    }

    /// `GET /accounts/{accountId}/blobs/{blobName}`: the sealed bytes stored under the name (the
    /// blob storage checks them against their CID).
    func getBlob(_ input: Operations.GetBlob.Input) async throws -> Operations.GetBlob.Output {
        try await answering {
            let caller = try await signedDevice()
            let name = try SyncValidation.blobName(input.path.blobName)
            guard let cid = try await store.blobCID(accountID: caller.accountID, name: name) else {
                throw ServerRejection.blobNotFound
            }
            guard let data = try await blobs.get(cid) else {
                // A name whose bytes are gone: the blob storage lost them. Said as not found (the
                // device uploads the profile again) and logged for the operator.
                logger.error("umilog blob bytes missing", metadata: ["backend": "\(blobs.backendName)"])
                throw ServerRejection.blobNotFound
            }
            return .ok(.init(body: .binary(HTTPBody(data))))
        }
    }
}
