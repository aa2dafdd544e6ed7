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

    static func check(_ clouds: [any AppCloud]) async -> HealthReport {
        var reports: [String: CloudHealth] = [:]
        for cloud in clouds {
            reports[cloud.name] = await cloud.health()
        }
        return HealthReport(status: reports.values.allSatisfy(\.isAvailable) ? "ok" : "unavailable", clouds: reports)
    }

    func response() throws -> Response {
        try JSONResponse.make(status: status == "ok" ? .ok : .serviceUnavailable, self)
    }
}
