import Foundation

/// Runs the real `kilroy` executable (built next to the test bundle) against a temporary store.
struct KilroyProcess {
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
        store = FileManager.default.temporaryDirectory.appendingPathComponent("kilroy-cli-\(UUID().uuidString)", isDirectory: true)
    }

    /// The `kilroy` binary: SwiftPM puts executables beside the test bundle.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("kilroy")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kilroy")
    }()

    @discardableResult
    func run(_ arguments: [String], withStore: Bool = true, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments + (withStore ? ["--store", store.path] : [])
        var env = ProcessInfo.processInfo.environment
        env["KILROY_HOME"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("kilroy-out-\(UUID().uuidString)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("kilroy-err-\(UUID().uuidString)")
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

    /// ``run(_:withStore:environment:)`` on a Dispatch thread, so that waiting for the process
    /// does not hold one of the few cooperative threads an in-process server needs.
    func runDetached(_ arguments: [String], withStore: Bool = true) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try run(arguments, withStore: withStore) })
            }
        }
    }

    /// Writes `data` into a scratch file beside the store and returns its path.
    func file(_ name: String, _ data: Data) throws -> String {
        let folder = store.deletingLastPathComponent().appendingPathComponent(store.lastPathComponent + "-files", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Drops a memory and returns its JSON object.
    func drop(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(["drop"] + arguments + ["--json"])
        guard result.status == 0, let object = try result.json() as? [String: Any] else {
            throw CLITestError.failed("drop failed (\(result.status)): \(result.stderr)")
        }
        return object
    }
}

enum CLITestError: Error {
    case failed(String)
}

/// Photo bytes that pass magic-byte detection.
enum TestPhotos {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]) + Data(repeating: 0x42, count: 200)
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 64)
}
