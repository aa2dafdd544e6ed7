import Foundation
import TestSupport

/// The real `kilroy` executable against a temporary store.
typealias KilroyProcess = CLIProcess
typealias CLITestError = CLIProcess.Failure

extension CLIProcess {
    init() {
        self.init(program: "kilroy", homeVariable: "KILROY_HOME")
    }

    /// Drops a memory and returns its JSON object.
    func drop(_ arguments: [String]) throws -> [String: Any] {
        try jsonObject("drop", arguments)
    }
}

/// Well-formed photos (see ``ValidImages``).
enum TestPhotos {
    static let jpeg = ValidImages.jpeg(0x42)
    static let png = ValidImages.png(7)
}
