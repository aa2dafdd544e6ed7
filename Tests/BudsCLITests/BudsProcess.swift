import Foundation

/// Runs the real `buds` executable (built next to the test bundle) against a temporary store.
struct BudsProcess {
    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }

        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: stdout)
        }
    }

    let store: URL

    init() {
        store = FileManager.default.temporaryDirectory.appendingPathComponent("buds-cli-\(UUID().uuidString)", isDirectory: true)
    }

    /// The `buds` binary: SwiftPM puts executables beside the test bundle.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("buds")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("buds")
    }()

    @discardableResult
    func run(_ arguments: [String], withStore: Bool = true, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments + (withStore ? ["--store", store.path] : [])
        var env = ProcessInfo.processInfo.environment
        env["BUDS_HOME"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("buds-out-\(UUID().uuidString)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("buds-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }

    /// Adds a session and returns its JSON object.
    func add(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(["add"] + arguments + ["--json"])
        guard result.status == 0, let object = try result.json() as? [String: Any] else {
            throw CLITestError.failed("add failed (\(result.status)): \(result.stderr)")
        }
        return object
    }
}

enum CLITestError: Error {
    case failed(String)
}
