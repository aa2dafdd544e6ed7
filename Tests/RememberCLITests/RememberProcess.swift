import Foundation
import TestSupport

extension CLIProcess {
    /// The real `remember` executable against a temporary store.
    static func remember() -> CLIProcess {
        CLIProcess(program: "remember", homeVariable: "REMEMBER_HOME")
    }

    /// `add … --json`, which must succeed; returns the new person's JSON object.
    func addPerson(_ arguments: [String]) throws -> [String: Any] {
        try jsonObject("add", arguments)
    }
}
