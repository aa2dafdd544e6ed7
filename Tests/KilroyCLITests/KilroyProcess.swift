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

/// Photo bytes that pass magic-byte detection.
enum TestPhotos {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]) + Data(repeating: 0x42, count: 200)
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 64)
}
