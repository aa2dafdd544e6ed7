import BudsAPI
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import ServerKit
import Storage

extension BudsRelayHandler {
    /// `PUT /blobs/{blobId}`: stores an encrypted photo under the SHA-256 of its bytes, streamed
    /// against ``BudsRelayConfiguration/maximumBlobBytes`` (never holding more). The id must be
    /// the bytes' hash, so a blob's name proves its content and storing it twice changes nothing.
    func putBlob(_ input: Operations.PutBlob.Input) async throws -> Operations.PutBlob.Output {
        do {
            _ = try await registeredDevice()
            let (digest, name) = try RelayValidation.blobID(input.path.blobId)
            let body: HTTPBody
            switch input.body {
            case .binary(let bytes): body = bytes
            }
            let data = try await readBlob(body)
            guard Data(SHA256.hash(data: data)) == digest else {
                throw ServerRejection.badRequest(
                    "blob_hash_mismatch", "blobId must be the SHA-256 of the bytes sent, in lowercase hex.", field: "blobId")
            }
            let cid = try await blobs.put(data)
            guard cid == name else {
                // The blob store named the bytes otherwise than the relay looks them up: its bug.
                throw ServerRejection.internalError
            }
            logger.info("buds blob stored", metadata: ["bytes": "\(data.count)"])
            return .created(.init())
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            case .contentTooLarge: return .contentTooLarge(rejection.payloadTooLarge)
            default: throw rejection
            }
        }
    }

    /// `GET /blobs/{blobId}`: the stored bytes (the blob store checks them against their name).
    func getBlob(_ input: Operations.GetBlob.Input) async throws -> Operations.GetBlob.Output {
        do {
            _ = try await registeredDevice()
            let (_, name) = try RelayValidation.blobID(input.path.blobId)
            guard let data = try await blobs.get(name) else {
                throw ServerRejection(
                    status: .notFound, code: "blob_not_found", message: "No blob is stored under this id.", field: "blobId")
            }
            return .ok(.init(body: .binary(HTTPBody(data))))
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

    /// The body's bytes, refusing (413) as soon as it is known to exceed the limit: up front from
    /// `Content-Length`, or while streaming.
    private func readBlob(_ body: HTTPBody) async throws -> Data {
        let limit = configuration.maximumBlobBytes
        let tooLarge = ServerRejection(
            status: .contentTooLarge, code: "blob_too_large",
            message: "A blob is at most \(limit / (1024 * 1024)) MiB; send a smaller or more compressed photo.", field: "body")
        if case .known(let length) = body.length, length > Int64(limit) {
            throw tooLarge
        }
        var data = Data()
        for try await chunk in body {
            guard chunk.count <= limit - data.count else { throw tooLarge }
            data.append(contentsOf: chunk)
        }
        return data
    }
}
