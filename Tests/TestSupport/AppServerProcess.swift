public import Foundation

/// The real `app-server` executable, started on a free loopback port with its own data folder,
/// as a person runs it — for tests that need the cloud end to end.
///
/// SwiftPM builds executables a test target depends on into the folder of the test bundle;
/// ``executable`` finds it there.
public final class AppServerProcess {
    public enum LaunchError: Error, CustomStringConvertible {
        case notBuilt
        case noListeningLine(log: String)

        public var description: String {
            switch self {
            case .notBuilt: "app-server is not built next to the test bundle"
            case .noListeningLine(let log): "app-server did not say where it listens; its log: \(log)"
            }
        }
    }

    /// `.build/<config>/app-server`, when it has been built.
    public static let executable: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("app-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    public let process: ChildProcess
    /// `http://127.0.0.1:<port>`, the server's base URL.
    public let baseURL: URL
    /// The data folder (SQLite file and blobs), removed by ``stop()`` unless the caller passed it.
    public let dataDirectory: URL
    /// Whether this process made ``dataDirectory`` (and so removes it).
    let ownsData: Bool
    /// The port Flipcash's gRPC services listen on.
    public let grpcPort: Int
    /// What the server logged on stderr up to the moment it listened.
    public let startupLog: String

    /// Starts `app-server --port 0 --grpc-port 0 --data <temporary folder>` plus `arguments`, and
    /// waits (up to 30 s) for its "app-server listening" and "app-server gRPC listening" log
    /// lines, which carry the bound ports.
    /// `dataDirectory`, when given, is the caller's: it is kept when the server stops, so a test
    /// can start the server again on the same data (after a `kill -9`, say). `logFile`, when
    /// given, receives everything the server logs (for tests that look for what must never be
    /// logged).
    public init(arguments: [String] = [], dataDirectory: URL? = nil, logFile: URL? = nil) throws {
        guard let executable = Self.executable else { throw LaunchError.notBuilt }
        let data =
            dataDirectory
            ?? ScratchFolder.url("app-server")
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--grpc-port", "0", "--data", data.path, "--log-level", "notice"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()

        var log = ""
        var port: Int?
        var grpcPort: Int?
        /// The port on the first line that says `marker`.
        func boundPort(after marker: String) -> Int? {
            guard let line = log.split(separator: "\n").first(where: { $0.contains(marker) }),
                let match = line.firstMatch(of: /:(\d+)\b[^:]*$/)
            else { return nil }
            return Int(match.1)
        }
        let deadline = Date().addingTimeInterval(30)
        while port == nil || grpcPort == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
            port = boundPort(after: "app-server listening")
            grpcPort = boundPort(after: "app-server gRPC listening")
        }
        guard let port, let grpcPort, let url = URL(string: "http://127.0.0.1:\(port)") else {
            process.terminate()
            process.waitUntilExit()
            throw LaunchError.noListeningLine(log: log)
        }
        // Keep draining stderr so the server never blocks on a full pipe (into the log file, if any).
        let sink: FileHandle?
        if let logFile {
            try Data(log.utf8).write(to: logFile)
            sink = try FileHandle(forWritingTo: logFile)
            sink?.seekToEndOfFile()
        } else {
            sink = nil
        }
        Self.drain(errors.fileHandleForReading, into: sink)
        self.process = process
        self.baseURL = url
        self.grpcPort = grpcPort
        self.dataDirectory = data
        self.ownsData = dataDirectory == nil
        self.startupLog = log
    }

    /// Reads `source` on a thread of its own until the server closes it, writing what it reads to
    /// `sink` (when given), then closes both.
    ///
    /// A blocking read rather than `readabilityHandler`: on Linux that handler is a Dispatch read
    /// source that keeps firing at end of file and outlives the pipe, and a source whose
    /// descriptor is closed and reused by the next test's pipe crashed libdispatch's event loop
    /// (`_dispatch_event_loop_drain`, signal 11) in a full test run.
    private static func drain(_ source: FileHandle, into sink: FileHandle?) {
        let thread = Thread {
            while true {
                let chunk = source.availableData
                if chunk.isEmpty { break }
                sink?.write(chunk)
            }
            try? source.close()
            try? sink?.close()
        }
        thread.name = "app-server stderr"
        thread.start()
    }

    /// Sends SIGTERM, waits for the process to end and removes its data folder.
    /// Returns the exit status.
    @discardableResult
    public func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        if ownsData { try? FileManager.default.removeItem(at: dataDirectory) }
        return process.terminationStatus
    }

    /// Kills the process at once (SIGKILL: no graceful drain, as a crash or an OOM kill does),
    /// waits for it and removes its data folder (unless the caller passed it).
    public func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        if ownsData { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
