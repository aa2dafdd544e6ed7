import Foundation
import Hummingbird

/// A tiny stand-in for the Kilroy cloud at the network boundary: real HTTP on loopback, the
/// paths and JSON shapes of `openapi.yaml`, state in memory. Only what the CLI tests need:
/// upload an image, create, near (everything within the radius, reciprocity off), get, delete
/// own. The real server's behaviour is tested in KilroyCloudTests.
actor FakeKilroyState {
    /// Each kilroy as the JSON object the API returns, by id.
    private var kilroys: [String: Data] = [:]
    private(set) var requests: [String] = []

    func record(_ line: String) { requests.append(line) }
    func store(_ kilroy: Data, id: String) { kilroys[id] = kilroy }
    func remove(_ id: String) { kilroys[id] = nil }
    func kilroy(_ id: String) -> Data? { kilroys[id] }
    func all() -> [Data] { Array(kilroys.values) }
}

private func object(_ data: Data) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
}

struct FakeKilroyServer {
    let state = FakeKilroyState()

    /// Starts the server on a free loopback port, runs `body` with its base URL, then stops it.
    func run<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            }
        )
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var port = 0
        for await value in ports { port = value }
        guard let url = URL(string: "http://127.0.0.1:\(port)"), port > 0 else { throw CLITestError.failed("no port") }
        return try await body(url)
    }

    private func router() -> Router<BasicRequestContext> {
        let state = self.state
        let router = Router()
        let api = router.group("kilroy/v1")
        api.post("images") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 11 * 1024 * 1024)
            let device = request.headers.first { $0.name.canonicalName == "x-device-id" }?.value ?? ""
            await state.record("POST /images \(device)")
            let id = "bafkreifake\(body.readableBytes)"
            return json(201, ["id": id, "contentType": "image/jpeg", "byteCount": body.readableBytes])
        }
        api.post("kilroys") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 1024 * 1024)
            let device = request.headers.first { $0.name.canonicalName == "x-device-id" }?.value ?? ""
            guard let new = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any],
                let id = new["id"] as? String, let imageID = new["imageId"] as? String
            else { return json(400, ["code": "bad_json", "message": "expected a NewKilroy"]) }
            await state.record("POST /kilroys \(device)")
            var kilroy = new
            kilroy["deviceId"] = device
            kilroy["imageURL"] = "/kilroy/v1/images/\(imageID)"
            kilroy["geohash"] = "u173zq37x0"
            kilroy["placeName"] = new["placeName"] ?? ""
            await state.store(try JSONSerialization.data(withJSONObject: kilroy), id: id)
            return json(201, kilroy)
        }
        api.get("kilroys/near") { request, _ -> Response in
            let lat = request.uri.queryParameters.get("lat", as: Double.self) ?? 0
            let lon = request.uri.queryParameters.get("lon", as: Double.self) ?? 0
            let radius = request.uri.queryParameters.get("radius", as: Double.self) ?? 1000
            await state.record("GET /kilroys/near")
            let found = await state.all().map(object).compactMap { kilroy -> [String: Any]? in
                let meters = distance(lat, lon, kilroy["latitude"] as? Double ?? 0, kilroy["longitude"] as? Double ?? 0)
                return meters <= radius ? ["kilroy": kilroy, "distanceMeters": meters] : nil
            }
            return json(200, ["kilroys": found, "reciprocity": ["policy": "off", "ownDropCount": 0, "othersWithheld": false]])
        }
        api.get("kilroys/:id") { _, context -> Response in
            let id = try context.parameters.require("id")
            guard let kilroy = await state.kilroy(id) else { return json(404, ["code": "not_found", "message": "No kilroy \(id)."]) }
            return json(200, object(kilroy))
        }
        api.delete("kilroys/:id") { request, context -> Response in
            let id = try context.parameters.require("id")
            let device = request.headers.first { $0.name.canonicalName == "x-device-id" }?.value ?? ""
            await state.record("DELETE /kilroys \(device)")
            guard let kilroy = await state.kilroy(id).map(object) else { return json(404, ["code": "not_found", "message": "No kilroy \(id)."]) }
            guard kilroy["deviceId"] as? String == device else {
                return json(403, ["code": "not_owner", "message": "Only the device that dropped it may delete it."])
            }
            await state.remove(id)
            return Response(status: .noContent)
        }
        return router
    }
}

private func json(_ status: Int, _ object: Any) -> Response {
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    return Response(
        status: .init(code: status), headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(bytes: data))
    )
}

private func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let radians = Double.pi / 180
    let h = pow(sin((lat2 - lat1) * radians / 2), 2) + cos(lat1 * radians) * cos(lat2 * radians) * pow(sin((lon2 - lon1) * radians / 2), 2)
    return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
}
