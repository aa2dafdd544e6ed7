import CloudWire
import Foundation
import HTTPTypes
import KilroyAPI
import KilroyCityFixture
import OpenAPIRuntime
import OpenAPIURLSession

/// A generated Kilroy client talking to the loopback server, and one uploaded photo that
/// every created drop uses ("upload once, create many").
actor HTTPFixture {
    private let server = LoopbackServer()
    private var cachedClient: Client?
    private var cachedImageID: String?

    /// The one device every benchmark request comes from, sent as `Authorization: Bearer …`.
    static let device = DeviceToken.generate()

    func client() async throws -> Client {
        if let cachedClient { return cachedClient }
        let base = try await server.baseURL()
        let client = Client(
            serverURL: base.appendingPathComponent("kilroy/v1"), transport: URLSessionTransport(),
            middlewares: [BearerCredentialMiddleware(credential: Self.device)])
        cachedClient = client
        return client
    }

    func imageID() async throws -> String {
        if let cachedImageID { return cachedImageID }
        let photo = BenchmarkPhoto.jpeg(size: 200_004)
        let response = try await client().uploadImage(body: .jpeg(HTTPBody(photo)))
        let id: String
        switch response {
        case .created(let created): id = try created.body.json.id
        case .ok(let existing): id = try existing.body.json.id
        default: throw FixtureError.unexpected("upload: \(response)")
        }
        cachedImageID = id
        return id
    }

    /// Creates one drop with a fresh id somewhere in the city; anything but 201 is an error.
    static func createDrop(client: Client, imageID: String, worker: Int, index: Int) async throws {
        let drop = Components.Schemas.NewKilroy(
            id: UUID().uuidString, latitude: 48.8566 + Double(worker) * 0.01, longitude: 2.3522 + Double(index) * 0.0001,
            imageId: imageID, placeName: "Benchmark square", comment: "Created by the HTTP benchmark.",
            createdAt: Date(timeIntervalSince1970: 1_750_000_000))
        let response = try await client.createKilroy(body: .json(drop))
        guard case .created = response else { throw FixtureError.unexpected("create: \(response)") }
    }
}

enum FixtureError: Error {
    case unexpected(String)
}
