import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The PostgreSQL server and S3 endpoint the multi-instance tests share (CI starts both).
enum SharedBackends {
    static let environment = ProcessInfo.processInfo.environment
    static let isConfigured = !(environment["TEST_POSTGRES_URL"] ?? "").isEmpty && !(environment["TEST_S3_URL"] ?? "").isEmpty
    static let skipLine: Comment =
        "Multi-instance tests skipped: set TEST_POSTGRES_URL (PostgreSQL with PostGIS) and TEST_S3_URL with AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY (.ci/run starts both)"
}

/// Two real `app-server` processes sharing one PostgreSQL database and one S3 bucket, as behind a
/// load balancer: whatever one instance accepts, the other serves; limits hold across both; a
/// crashed instance loses nothing a client retries elsewhere.
@Suite(
    "Two app-servers on one PostgreSQL and one S3 bucket", .serialized,
    .enabled(if: SharedBackends.isConfigured, SharedBackends.skipLine),
    .enabled(if: AppServerProcess.executable != nil, "app-server is not built next to the test bundle")
)
struct MultiInstanceTests {
    static let environment = SharedBackends.environment

    /// An instance on the shared backends (the AWS keys come from this process's environment).
    static func launch() throws -> AppServerProcess {
        try AppServerProcess(arguments: [
            "--database", environment["TEST_POSTGRES_URL"] ?? "", "--blobs", environment["TEST_S3_URL"] ?? "",
        ])
    }

    /// A new device credential: 32 random bytes, base64url without padding.
    static func newDevice() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    struct Answer {
        var status: Int
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static func send(
        _ method: String, _ server: URL, _ path: String, device: String, contentType: String? = nil, body: Data? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: server.absoluteString + path)))
        request.httpMethod = method
        request.timeoutInterval = 20
        request.setValue("Bearer " + device, forHTTPHeaderField: "Authorization")
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    /// Uploads a new photo through `server` and returns its id.
    static func upload(_ server: AppServerProcess, device: String) async throws -> (id: String, bytes: Data) {
        let image = ValidImages.jpeg(UInt8.random(in: 0...255), size: Int.random(in: 1_000...200_000))
        let answer = try await send("POST", server.baseURL, "/kilroy/v1/images", device: device, contentType: "image/jpeg", body: image)
        #expect([200, 201].contains(answer.status), "\(answer.text)")
        let object = try #require(JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        return (try #require(object["id"] as? String), image)
    }

    static func dropJSON(id: UUID, imageID: String, latitude: Double, longitude: Double) -> Data {
        Data(
            #"{"id":"\#(id.uuidString)","latitude":\#(latitude),"longitude":\#(longitude),"imageId":"\#(imageID)","createdAt":"2026-11-01T12:00:00Z"}"#
                .utf8)
    }

    /// A place no other run uses, so leftovers of earlier runs in the shared database never count.
    static func freshPlace() -> (latitude: Double, longitude: Double) {
        (Double.random(in: -60...60).rounded(toPlaces: 5), Double.random(in: -170...170).rounded(toPlaces: 5))
    }

    @Test("app-server migrate on PostgreSQL exits 0, and again with nothing left to do, while two instances start")
    func migrateWhileStarting() async throws {
        guard let executable = AppServerProcess.executable else { return }
        func migrate() throws -> Int32 {
            let process = ChildProcess()
            process.executableURL = executable
            process.arguments = ["migrate", "--database", Self.environment["TEST_POSTGRES_URL"] ?? "", "--log-level", "error"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        async let first = Self.launch()
        async let second = Self.launch()
        #expect(try migrate() == 0)
        #expect(try migrate() == 0)
        for server in try await [first, second] {
            #expect(try await Self.send("GET", server.baseURL, "/health", device: Self.newDevice()).status == 200)
            server.stop()
        }
    }

    @Test("a drop uploaded through one instance is found, fetched and deleted through the other")
    func crossInstance() async throws {
        let first = try Self.launch()
        defer { first.stop() }
        let second = try Self.launch()
        defer { second.stop() }
        let device = Self.newDevice()
        let (imageID, bytes) = try await Self.upload(first, device: device)
        let place = Self.freshPlace()
        let id = UUID()
        let created = try await Self.send(
            "POST", first.baseURL, "/kilroy/v1/kilroys", device: device, contentType: "application/json",
            body: Self.dropJSON(id: id, imageID: imageID, latitude: place.latitude, longitude: place.longitude))
        #expect(created.status == 201, "\(created.text)")

        let near = try await Self.send(
            "GET", second.baseURL, "/kilroy/v1/kilroys/near?lat=\(place.latitude)&lon=\(place.longitude)&radius=50", device: Self.newDevice())
        #expect(near.status == 200)
        #expect(near.text.contains(id.uuidString))
        let image = try await Self.send("GET", second.baseURL, "/kilroy/v1/images/\(imageID)", device: Self.newDevice())
        #expect(image.status == 200)
        #expect(image.body == bytes)

        #expect(try await Self.send("DELETE", second.baseURL, "/kilroy/v1/kilroys/\(id.uuidString)", device: device).status == 204)
        #expect(try await Self.send("GET", first.baseURL, "/kilroy/v1/kilroys/\(id.uuidString)", device: device).status == 404)
        #expect(try await Self.send("GET", first.baseURL, "/kilroy/v1/images/\(imageID)", device: device).status == 404)
    }

    @Test("a device's rate limit holds across both instances")
    func rateLimitAcrossInstances() async throws {
        let first = try Self.launch()
        defer { first.stop() }
        let second = try Self.launch()
        defer { second.stop() }
        // Claims of legacy ids: a burst of 5, then one a minute, per credential.
        let device = Self.newDevice()
        var statuses: [Int] = []
        for attempt in 0..<8 {
            let server = attempt.isMultiple(of: 2) ? first : second
            let claim = Data(#"{"legacyDeviceId":"legacy-\#(UUID().uuidString)"}"#.utf8)
            statuses.append(
                try await Self.send("POST", server.baseURL, "/kilroy/v1/devices/claim", device: device, contentType: "application/json", body: claim)
                    .status)
        }
        #expect(statuses.prefix(5).allSatisfy { $0 != 429 }, "\(statuses)")
        #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 }, "\(statuses)")
    }

    @Test("kill -9 of one instance during a burst of creates, retried on the other, loses and duplicates nothing")
    func crashDuringBurst() async throws {
        let doomed = try Self.launch()
        let survivor = try Self.launch()
        defer { survivor.stop() }
        let place = Self.freshPlace()
        // Four devices, ten drops each: within each device's burst of 30.
        let devices = (0..<4).map { _ in Self.newDevice() }
        var drops: [(device: String, body: Data, id: UUID)] = []
        for device in devices {
            let (imageID, _) = try await Self.upload(survivor, device: device)
            for index in 0..<10 {
                let id = UUID()
                let offset = Double(index) * 0.00001
                drops.append((device, Self.dropJSON(id: id, imageID: imageID, latitude: place.latitude + offset, longitude: place.longitude), id))
            }
        }
        let burst = drops
        let doomedURL = doomed.baseURL
        await withTaskGroup(of: Void.self) { group in
            for drop in burst {
                group.addTask {
                    _ = try? await Self.send(
                        "POST", doomedURL, "/kilroy/v1/kilroys", device: drop.device, contentType: "application/json", body: drop.body)
                }
            }
            try? await Task.sleep(for: .milliseconds(30))
            doomed.kill()
        }
        // The client retries everything it has no answer for (here: all) against the survivor.
        for drop in drops {
            let retried = try await Self.send(
                "POST", survivor.baseURL, "/kilroy/v1/kilroys", device: drop.device, contentType: "application/json", body: drop.body)
            #expect([200, 201].contains(retried.status), "\(retried.text)")
        }
        let near = try await Self.send(
            "GET", survivor.baseURL, "/kilroy/v1/kilroys/near?lat=\(place.latitude)&lon=\(place.longitude)&radius=100&limit=100",
            device: Self.newDevice())
        #expect(near.status == 200)
        for drop in drops {
            #expect(near.text.components(separatedBy: drop.id.uuidString).count - 1 == 1, "\(drop.id) not exactly once")
        }
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
