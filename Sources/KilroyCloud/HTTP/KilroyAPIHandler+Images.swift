import Foundation
import HTTPTypes
import KilroyAPI
import Logging
import OpenAPIRuntime
import ServerKit
import Storage

extension KilroyAPIHandler {
    func uploadImage(_ input: Operations.UploadImage.Input) async throws -> Operations.UploadImage.Output {
        do {
            let device = try DeviceAuthentication.requireDevice()
            try await admit(device, to: .upload)
            let body: HTTPBody
            switch input.body {
            case .jpeg(let bytes), .png(let bytes), .imageHeic(let bytes), .binary(let bytes):
                body = bytes
            }
            let data = try await readImage(body)
            let format = try Self.validatedFormat(of: data, maximumBytes: configuration.maximumImageBytes)
            let now = configuration.now()
            let record = StoredImageRecord(
                id: BlobStore.cid(for: data), format: format, byteCount: data.count, uploader: device, uploadedAt: now)
            // Blob first, then its row: a failure in between leaves an unlisted blob, never a row
            // without bytes. The lock keeps a concurrent delete or collection of the same bytes out.
            let created = try await withImageLease(record.id) {
                if try await store.image(id: record.id) == nil, let quota = configuration.uploadQuota {
                    // Only bytes new to the server take disk space, so only they count.
                    let reservation = try await store.reserveUpload(
                        owner: device, byteCount: data.count, at: now, quota: quota)
                    if case .exceeded(let seconds) = reservation {
                        throw ServerRejection.quotaExceeded(retryAfter: seconds, quota: quota)
                    }
                }
                try await blobs.put(data)
                return try await store.insertImage(record)
            }
            await collectOrphanedUploads(limit: Self.collectionBatch)
            let stored = Components.Schemas.StoredImage(
                id: record.id, contentType: Self.contentType(format), byteCount: Int64(data.count))
            if created {
                logger.info("kilroy image stored", metadata: ["image": "\(record.id)", "bytes": "\(data.count)"])
                return .created(.init(body: .json(stored)))
            }
            return .ok(.init(body: .json(stored)))
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .unauthorized: return .unauthorized(Self.unauthorized(rejection))
            case .contentTooLarge: return .contentTooLarge(.init(body: .json(rejection.apiError)))
            case .unsupportedMediaType: return .unsupportedMediaType(.init(body: .json(rejection.apiError)))
            case .tooManyRequests:
                return .tooManyRequests(.init(headers: .init(retryAfter: rejection.retryAfter), body: .json(rejection.apiError)))
            default:
                throw rejection
            }
        }
    }

    /// Orphans removed per upload: enough to keep up with any upload rate, few enough that an
    /// upload never waits long.
    static let collectionBatch = 16

    /// The format of `data` if it is a whole, well-formed JPEG, PNG or HEIC (the Storage kit's
    /// structural check, not just the first bytes: a PNG signature followed by HTML is refused);
    /// a 415 saying what is wrong otherwise.
    static func validatedFormat(of data: Data, maximumBytes: Int) throws(ServerRejection) -> ImageFormat {
        do {
            return try ImageFormat.validate(data, maxBytes: maximumBytes).format
        } catch {
            switch error {
            case .empty:
                throw .badRequest("empty_image", "The request body is empty; send the photo's bytes.", field: "body")
            case .tooLarge:
                throw ServerRejection(
                    status: .contentTooLarge, code: "image_too_large",
                    message: error.errorDescription ?? "The image is too large.", field: "body")
            case .notAnImage, .unsupported:
                throw ServerRejection(
                    status: .unsupportedMediaType, code: "unsupported_image",
                    message: "Only JPEG, PNG and HEIC photos are accepted (recognised by their content). "
                        + (error.errorDescription ?? ""),
                    field: "body")
            case .truncated, .malformed:
                throw ServerRejection(
                    status: .unsupportedMediaType, code: "invalid_image",
                    message: error.errorDescription ?? "The image is damaged.", field: "body")
            }
        }
    }

    /// The body's bytes, refusing (413) as soon as it is known to exceed the limit: up front from
    /// `Content-Length`, or while streaming, never holding more than the limit.
    private func readImage(_ body: HTTPBody) async throws -> Data {
        let limit = configuration.maximumImageBytes
        let tooLarge = ServerRejection(
            status: .contentTooLarge, code: "image_too_large",
            message: "The image is larger than \(limit / (1024 * 1024)) MB; send a smaller or more compressed photo.",
            field: "body")
        if case .known(let length) = body.length, length > Int64(limit) {
            throw tooLarge
        }
        var data = Data()
        for try await chunk in body {
            guard chunk.count <= limit - data.count else { throw tooLarge }
            data.append(contentsOf: chunk)
        }
        guard !data.isEmpty else {
            throw ServerRejection.badRequest("empty_image", "The request body is empty; send the photo's bytes.", field: "body")
        }
        return data
    }

    /// Removes uploads no kilroy uses once their grace period is over, at most `limit` of them:
    /// each one's row and blob go together under the image's lock, so an upload of the same
    /// bytes or a kilroy created for them meanwhile keeps both.
    ///
    /// - Returns: How many were removed.
    @discardableResult
    func collectOrphanedUploads(limit: Int) async -> Int {
        let cutoff = configuration.now().addingTimeInterval(-configuration.orphanGracePeriod)
        var removed = 0
        do {
            for id in try await store.orphanedImages(uploadedBefore: cutoff, limit: limit) {
                let deleted = try await withImageLease(id) {
                    guard try await store.deleteOrphanedImage(id: id, uploadedBefore: cutoff) else { return false }
                    await removeBlob(id)
                    return true
                }
                if deleted { removed += 1 }
            }
        } catch {
            logger.warning("kilroy orphaned upload collection failed", metadata: ["error": "\(error)"])
        }
        if removed > 0 {
            logger.info("kilroy orphaned uploads collected", metadata: ["count": "\(removed)"])
        }
        return removed
    }

    /// Deletes a blob whose row is gone; a blob left behind is harmless (and unreachable).
    func removeBlob(_ id: String) async {
        do {
            try await blobs.delete(id)
        } catch {
            logger.warning("kilroy image blob not deleted", metadata: ["image": "\(id)", "error": "\(error)"])
        }
    }

    func getImage(_ input: Operations.GetImage.Input) async throws -> Operations.GetImage.Output {
        do {
            let id = try RequestValidation.imageID(input.path.imageId, field: "imageId")
            guard let record = try await store.image(id: id), let data = try await blobs.get(id) else {
                throw ServerRejection(
                    status: .notFound, code: "image_not_found", message: "No image has this id; it may have been deleted.",
                    field: "imageId")
            }
            let body = HTTPBody(data)
            // The media type is the validated format's, never what the uploader declared; with
            // nosniff a browser cannot be talked into reading the bytes as HTML or script.
            let headers = Operations.GetImage.Output.Ok.Headers(xContentTypeOptions: .nosniff)
            switch record.format {
            case .jpeg: return .ok(.init(headers: headers, body: .jpeg(body)))
            case .png: return .ok(.init(headers: headers, body: .png(body)))
            case .heic: return .ok(.init(headers: headers, body: .imageHeic(body)))
            }
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .notFound: return .notFound(.init(body: .json(rejection.apiError)))
            default:
                throw rejection
            }
        }
    }

    static func contentType(_ format: ImageFormat) -> Components.Schemas.StoredImage.ContentTypePayload {
        switch format {
        case .jpeg: .imageJpeg
        case .png: .imagePng
        case .heic: .imageHeic
        }
    }
}
