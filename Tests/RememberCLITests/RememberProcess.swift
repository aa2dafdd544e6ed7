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

enum TestImages {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]) + Data(repeating: 0x42, count: 200)
}
