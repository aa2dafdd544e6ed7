import Foundation
import TestSupport

extension CLIProcess {
    /// The real `umilog` executable against a temporary store.
    static func umilog() -> CLIProcess {
        CLIProcess(program: "umilog", homeVariable: "UMILOG_HOME")
    }

    /// Runs a command that prints a JSON array and returns it.
    func jsonArray(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try run(arguments + ["--json"])
        guard result.status == 0, let array = try result.json() as? [[String: Any]] else {
            throw Failure.failed("\(arguments) failed (\(result.status)): \(result.stderr)")
        }
        return array
    }

    /// The id of the first site a search finds.
    func siteID(_ query: String) throws -> String {
        guard let id = try jsonArray(["sites", "search", query]).first?["id"] as? String else {
            throw Failure.failed("no site found for \(query)")
        }
        return id
    }
}
