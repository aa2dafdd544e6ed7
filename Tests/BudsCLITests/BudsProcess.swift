import Foundation
import TestSupport

/// The real `buds` executable against a temporary store.
typealias BudsProcess = CLIProcess
typealias CLITestError = CLIProcess.Failure

extension CLIProcess {
    init() {
        self.init(program: "buds", homeVariable: "BUDS_HOME")
    }

    /// Adds a session and returns its JSON object.
    func add(_ arguments: [String]) throws -> [String: Any] {
        try jsonObject("add", arguments)
    }
}
