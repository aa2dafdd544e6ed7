public import Foundation

/// Runs one of the package's real executables (SwiftPM builds it beside the test bundle)
/// against a temporary store, as a person runs it: arguments in, exit status and output out.
public struct CLIProcess: Sendable {
    /// What one run printed and how it ended.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }

        public func json() throws -> Any {
            try JSONSerialization.jsonObject(with: stdout)
        }
    }

    /// Why a test helper built on this gave up.
    public enum Failure: Error, CustomStringConvertible {
        case failed(String)

        public var description: String {
            switch self {
            case .failed(let reason): reason
            }
        }
    }

    /// The executable's name, e.g. `kilroy`.
    public let program: String
    /// The environment variable naming the default store, cleared for every run.
    public let homeVariable: String
    /// A fresh store folder, passed as `--store`.
    public let store: URL
    /// Whether runs pass `--store` by default (`false` for a program that keeps no store).
    public let passesStore: Bool

    public init(program: String, homeVariable: String, passesStore: Bool = true) {
        self.program = program
        self.homeVariable = homeVariable
        self.passesStore = passesStore
        store = ScratchFolder.url("\(program)-cli")
    }

    /// The binary: the first `program` found in the test bundle's folder or above it.
    public var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(program)
    }

    /// Runs the program with `arguments` (plus `--store` when `withStore`, which defaults to
    /// ``passesStore``) and waits.
    /// Output goes through files, so a large output never blocks on a pipe. `input` is what the
    /// program reads on stdin (nothing, as at end of file, when `nil`). With `umask`, the program
    /// runs under that file-mode mask (through `/bin/sh`), as a user or service manager may set it.
    @discardableResult
    public func run(
        _ arguments: [String], withStore: Bool? = nil, environment: [String: String] = [:], input: String? = nil,
        umask: Int? = nil
    ) throws -> Result {
        let process = ChildProcess()
        let fullArguments = arguments + (withStore ?? passesStore ? ["--store", store.path] : [])
        if let umask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let mask = String(umask, radix: 8)
            process.arguments = ["-c", "umask \(mask); exec \"$0\" \"$@\"", executable.path] + fullArguments
        } else {
            process.executableURL = executable
            process.arguments = fullArguments
        }
        var env = ProcessInfo.processInfo.environment
        env[homeVariable] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        let outURL = ScratchFolder.fileURL("\(program)-out")
        let errURL = ScratchFolder.fileURL("\(program)-err")
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
        if let input {
            let inURL = ScratchFolder.fileURL("\(program)-in")
            try Data(input.utf8).write(to: inURL)
            defer { try? FileManager.default.removeItem(at: inURL) }
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
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
    public func runDetached(
        _ arguments: [String], withStore: Bool = true, environment: [String: String] = [:]
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try run(arguments, withStore: withStore, environment: environment) })
            }
        }
    }

    /// Writes `data` into a scratch file beside the store and returns its path.
    public func file(_ name: String, _ data: Data) throws -> String {
        let folder = store.deletingLastPathComponent()
            .appendingPathComponent(store.lastPathComponent + "-files", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Runs `command arguments --json`, which must succeed and print one JSON object.
    public func jsonObject(_ command: String, _ arguments: [String]) throws -> [String: Any] {
        let result = try run([command] + arguments + ["--json"])
        guard result.status == 0, let object = try result.json() as? [String: Any] else {
            throw Failure.failed("\(command) failed (\(result.status)): \(result.stderr)")
        }
        return object
    }

    /// Runs `arguments --json`, which must succeed and print a JSON array.
    public func jsonArray(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try run(arguments + ["--json"])
        guard result.status == 0, let array = try result.json() as? [[String: Any]] else {
            throw Failure.failed("\(arguments) failed (\(result.status)): \(result.stderr)")
        }
        return array
    }
}
