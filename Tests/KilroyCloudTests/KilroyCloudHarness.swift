import CloudWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KilroyAPI
import Logging
import Storage
import TestSupport

@testable import KilroyCloud

/// A Kilroy cloud over an in-memory store and a temporary blob folder, served in-process.
struct KilroyCloudHarness {
    let store: SQLiteKilroyStore
    let blobs: BlobStore
    let clock: TestClock
    let service: KilroyCloudServer

    init(
        configuration: KilroyCloudConfiguration = .init(), clock: TestClock = TestClock(Date(timeIntervalSince1970: 1_750_000_000)),
        store: SQLiteKilroyStore? = nil, logger: Logger = .quiet
    )
        throws
    {
        if let store {
            self.store = store
        } else {
            self.store = try SQLiteKilroyStore.inMemory()
        }
        blobs = try BlobStore(
            directory: ScratchFolder.url("kilroy-cloud-tests"))
        self.clock = clock
        var configuration = configuration
        configuration.now = { clock.now }
        service = KilroyCloudServer(
            store: self.store, blobs: blobs, configuration: configuration, logger: logger)
    }

    /// Runs `body` against the cloud through Hummingbird's in-process router client.
    func run<T: Sendable>(_ body: @Sendable (KilroyClient) async throws -> T) async throws -> T {
        let router = Router()
        try service.register(on: router)
        let app = Application(router: router, logger: .quiet)
        defer { try? FileManager.default.removeItem(at: blobs.directory) }
        return try await app.test(.router) { client in
            try await body(KilroyClient(client: client))
        }
    }
}

/// Requests of the Kilroy API, spelled out as a client sends them.
struct KilroyClient: Sendable {
    let client: any TestClientProtocol

    /// Sends a request; `device` is a credential sent as `Authorization: Bearer <device>`,
    /// `authorization` a raw header value instead.
    func send(
        _ method: HTTPRequest.Method, _ path: String, device: String? = nil, authorization: String? = nil,
        contentType: String? = nil, body: Data? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let device { headers[.authorization] = "Bearer " + device }
        if let authorization { headers[.authorization] = authorization }
        if let contentType { headers[.contentType] = contentType }
        return try await client.execute(
            uri: "/kilroy/v1" + path, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
    }

    func upload(_ image: Data, device: String = Devices.alice, contentType: String = "image/jpeg") async throws -> TestResponse {
        try await send(.post, "/images", device: device, contentType: contentType, body: image)
    }

    /// Uploads `image` and returns its id.
    func uploadedImageID(_ image: Data = SampleImages.jpeg(), device: String = Devices.alice) async throws -> String {
        try await upload(image, device: device).decoded(Components.Schemas.StoredImage.self).id
    }

    func create(_ drop: Components.Schemas.NewKilroy, device: String = Devices.alice) async throws -> TestResponse {
        try await send(.post, "/kilroys", device: device, contentType: "application/json", body: JSONCoding.encode(drop))
    }

    func near(lat: Double, lon: Double, radius: Double? = nil, limit: Int? = nil, device: String = Devices.alice)
        async throws -> TestResponse
    {
        var query = "lat=\(lat)&lon=\(lon)"
        if let radius { query += "&radius=\(radius)" }
        if let limit { query += "&limit=\(limit)" }
        return try await send(.get, "/kilroys/near?" + query, device: device)
    }

    /// Has `device` drop a kilroy of its own far from Paris (so it may report others).
    func dropElsewhere(device: String, latitude: Double = -40, longitude: Double = 170) async throws {
        let imageID = try await uploadedImageID(SampleImages.jpeg(0xEE), device: device)
        let drop = Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: latitude, longitude: longitude)
        let status = try await create(drop, device: device).status
        precondition(status == .created, "a fixture drop failed: \(status)")
    }

    func claim(_ legacyDeviceID: String, device: String) async throws -> TestResponse {
        try await send(
            .post, "/devices/claim", device: device, contentType: "application/json",
            body: JSONCoding.encode(Components.Schemas.LegacyClaim(legacyDeviceId: legacyDeviceID)))
    }

    func report(_ id: String, device: String, reason: String? = nil) async throws -> TestResponse {
        try await send(
            .post, "/kilroys/\(id)/reports", device: device, contentType: "application/json",
            body: JSONCoding.encode(Components.Schemas.NewReport(reason: reason)))
    }
}

/// Device credentials (written tokens), fixed so failures are reproducible.
enum Devices {
    static let alice = token(0xA1)
    static let bob = token(0xB2)
    static let carol = token(0xC3)
    static let dave = token(0xD4)
    static let erin = token(0xE5)

    /// The credential whose 32 bytes are all `byte`.
    static func token(_ byte: UInt8) -> String {
        DeviceToken(bytes: Array(repeating: byte, count: 32))!.text
    }

    /// What the server stores for a credential.
    static func digest(_ token: String) -> DeviceDigest {
        DeviceDigest(token: DeviceToken(text: token)!)
    }
}

enum JSONCoding {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            return try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        }
        return try decoder.decode(type, from: data)
    }
}

extension TestResponse {
    var data: Data { Data(body.readableBytesView) }

    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONCoding.decode(type, from: data)
    }

    /// The JSON `Error` body.
    var error: Components.Schemas._Error? { try? decoded(Components.Schemas._Error.self) }
}

enum SampleImages {
    /// A well-formed JPEG, distinct per seed; `size` pads it to exactly that many bytes.
    static func jpeg(_ seed: UInt8 = 1, size: Int? = nil) -> Data {
        ValidImages.jpeg(seed, size: size)
    }

    static func png(_ seed: UInt8 = 1) -> Data {
        ValidImages.png(seed)
    }

    static func heic(_ seed: UInt8 = 1) -> Data {
        ValidImages.heic(seed)
    }

    static let gif = Data(Array("GIF89a".utf8) + Array(repeating: 0, count: 32))
}

extension Components.Schemas.NewKilroy {
    /// A drop in Paris with a fresh id (or `id`).
    static func sample(
        id: String = UUID().uuidString, imageID: String, latitude: Double = 48.8584, longitude: Double = 2.2945,
        comment: String? = "was here", placeName: String? = "Tour Eiffel", placeAddress: String? = nil
    ) -> Self {
        .init(
            id: id, latitude: latitude, longitude: longitude, imageId: imageID, placeName: placeName,
            placeAddress: placeAddress, comment: comment, createdAt: Date(timeIntervalSince1970: 1_749_990_000))
    }
}

extension Logger {
    /// A logger that drops everything, for tests that do not look at logs.
    static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
}
