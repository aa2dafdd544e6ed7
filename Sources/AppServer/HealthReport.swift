import Foundation
import Hummingbird
import ServerKit

/// `/health`: whether every mounted cloud's backends answer, by kind (`sqlite`/`postgres`,
/// `file`/`s3`), never by location. 200 when all do, 503 otherwise, so a load balancer takes an
/// instance whose database or object store is unreachable out of rotation.
struct HealthReport: Codable, Equatable, Sendable {
    /// `ok` or `unavailable`.
    var status: String
    /// Each cloud's backends by app name.
    var clouds: [String: CloudHealth]

    /// Asks every cloud at once: each network backend may take up to its bound
    /// (``BackendHealth/networkTimeout``) to count as down, and one after the other three clouds
    /// with an unreachable object store kept a balancer's health check waiting three times that.
    static func check(_ clouds: [any AppCloud]) async -> HealthReport {
        let reports = await withTaskGroup(of: (String, CloudHealth).self) { group in
            for cloud in clouds {
                group.addTask { (cloud.name, await cloud.health()) }
            }
            var reports: [String: CloudHealth] = [:]
            for await (name, health) in group { reports[name] = health }
            return reports
        }
        return HealthReport(status: reports.values.allSatisfy(\.isAvailable) ? "ok" : "unavailable", clouds: reports)
    }

    func response() throws -> Response {
        try JSONResponse.make(status: status == "ok" ? .ok : .serviceUnavailable, self)
    }
}
