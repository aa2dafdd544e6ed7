import Foundation
import KilroyAPI
import OpenAPIRuntime
import Storage

extension KilroyAPIHandler {
    func uploadImage(_ input: Operations.UploadImage.Input) async throws -> Operations.UploadImage.Output {
        do {
            let device = try RequestValidation.deviceID(input.headers.xDeviceID)
            try await admit(device, to: uploadLimiter, what: "uploads")
            let body: HTTPBody
            switch input.body {
            case .jpeg(let bytes), .png(let bytes), .imageHeic(let bytes), .binary(let bytes):
                body = bytes
            }
            let data = try await readImage(body)
            guard let format = ImageFormat.detect(data) else {
                throw KilroyRejection(
                    status: .unsupportedMediaType, code: "unsupported_image",
                    message: "Only JPEG, PNG and HEIC photos are accepted (recognised by their content).", field: "body")
            }
            let record = StoredImageRecord(
                id: BlobStore.cid(for: data), format: format, byteCount: data.count, uploaderDeviceID: device,
                uploadedAt: configuration.now())
            // Blob first, then its row: a failure in between leaves an unlisted blob, never a row
            // without bytes. The lock keeps a concurrent delete of the same bytes out.
            let created = try await imageLock.withLock(record.id) {
                try blobs.put(data)
                return try await store.insertImage(record)
            }
            let stored = Components.Schemas.StoredImage(
                id: record.id, contentType: Self.contentType(format), byteCount: Int64(data.count))
            if created {
                logger.info("kilroy image stored", metadata: ["image": "\(record.id)", "bytes": "\(data.count)"])
                return .created(.init(body: .json(stored)))
            }
            return .ok(.init(body: .json(stored)))
        } catch let rejection as KilroyRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.body)))
            case .contentTooLarge: return .contentTooLarge(.init(body: .json(rejection.body)))
            case .unsupportedMediaType: return .unsupportedMediaType(.init(body: .json(rejection.body)))
            case .tooManyRequests:
                return .tooManyRequests(.init(headers: .init(retryAfter: rejection.retryAfter), body: .json(rejection.body)))
            case .forbidden, .notFound, .notAcceptable, .conflict, .internalServerError, .serviceUnavailable:
                throw rejection
            }
        }
    }

    /// The body's bytes, refusing (413) as soon as it is known to exceed the limit: up front from
    /// `Content-Length`, or while streaming, never holding more than the limit.
    private func readImage(_ body: HTTPBody) async throws -> Data {
        let limit = configuration.maximumImageBytes
        let tooLarge = KilroyRejection(
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
            throw KilroyRejection.badRequest("empty_image", "The request body is empty; send the photo's bytes.", field: "body")
        }
        return data
    }

    func getImage(_ input: Operations.GetImage.Input) async throws -> Operations.GetImage.Output {
        do {
            let id = try RequestValidation.imageID(input.path.imageId, field: "imageId")
            guard let record = try await store.image(id: id), let data = try blobs.get(id) else {
                throw KilroyRejection(
                    status: .notFound, code: "image_not_found", message: "No image has this id; it may have been deleted.",
                    field: "imageId")
            }
            let body = HTTPBody(data)
            switch record.format {
            case .jpeg: return .ok(.init(body: .jpeg(body)))
            case .png: return .ok(.init(body: .png(body)))
            case .heic: return .ok(.init(body: .imageHeic(body)))
            }
        } catch let rejection as KilroyRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.body)))
            case .notFound: return .notFound(.init(body: .json(rejection.body)))
            case .forbidden, .notAcceptable, .conflict, .contentTooLarge, .unsupportedMediaType, .tooManyRequests,
                .internalServerError, .serviceUnavailable:
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
