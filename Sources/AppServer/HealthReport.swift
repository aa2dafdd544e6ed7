import Foundation
import Hummingbird
import KilroyCloud

/// `/health`: whether every mounted cloud's store answers. 200 when all do, 503 otherwise.
struct HealthReport: Codable, Equatable, Sendable {
    /// `ok` or `unavailable`.
    var status: String
    /// Each cloud's status by app name, e.g. `["kilroy": "ok"]`.
    var clouds: [String: String]

    static func check(kilroy: KilroyCloudServer) async -> HealthReport {
        let kilroyStatus = await kilroy.isHealthy() ? "ok" : "unavailable"
        let clouds = ["kilroy": kilroyStatus]
        return HealthReport(status: clouds.values.allSatisfy { $0 == "ok" } ? "ok" : "unavailable", clouds: clouds)
    }

    func response() throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status == "ok" ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(self))))
    }
}
