import Foundation
import Hummingbird
import ServerKit

/// `/health`: whether every mounted cloud's store answers. 200 when all do, 503 otherwise.
struct HealthReport: Codable, Equatable, Sendable {
    /// `ok` or `unavailable`.
    var status: String
    /// Each cloud's status by app name, e.g. `["kilroy": "ok"]`.
    var clouds: [String: String]

    static func check(_ clouds: [any AppCloud]) async -> HealthReport {
        var statuses: [String: String] = [:]
        for cloud in clouds {
            statuses[cloud.name] = await cloud.isHealthy() ? "ok" : "unavailable"
        }
        return HealthReport(status: statuses.values.allSatisfy { $0 == "ok" } ? "ok" : "unavailable", clouds: statuses)
    }

    func response() throws -> Response {
        try JSONResponse.make(status: status == "ok" ? .ok : .serviceUnavailable, self)
    }
}
