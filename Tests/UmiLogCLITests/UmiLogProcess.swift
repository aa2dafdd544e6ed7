import Foundation
import TestSupport

extension CLIProcess {
    /// The real `umilog` executable against a temporary store.
    static func umilog() -> CLIProcess {
        CLIProcess(program: "umilog", homeVariable: "UMILOG_HOME")
    }

    /// The id of the first site a search finds.
    func siteID(_ query: String) throws -> String {
        guard let id = try jsonArray(["sites", "search", query]).first?["id"] as? String else {
            throw Failure.failed("no site found for \(query)")
        }
        return id
    }
}
