import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The built `app-server` executable, run as a person runs it.
@Suite("app-server process", .serialized)
struct AppServerProcessTests {
    /// `.build/<config>/app-server`, next to the test bundle, when it has been built.
    static let executable: URL? = {
        let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for folder in candidates {
            let url = folder.appendingPathComponent("app-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            let parent = folder.deletingLastPathComponent().appendingPathComponent("app-server")
            if FileManager.default.isExecutableFile(atPath: parent.path) { return parent }
        }
        return nil
    }()

    static func launch(_ arguments: [String]) throws -> (Process, Pipe) {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    @Test("bad flags exit with status 2 and a usage message", .enabled(if: executable != nil))
    func badFlagsExit2() throws {
        let (process, errors) = try Self.launch(["--reciprocity", "sometimes"])
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("--reciprocity"))
        #expect(message.contains("Usage"))
    }

    @Test("it serves /health on the port it logs, and SIGTERM stops it cleanly (exit 0)", .enabled(if: executable != nil))
    func gracefulShutdown() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("app-server-process-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let (process, errors) = try Self.launch(["--port", "0", "--data", data.path, "--log-level", "notice"])
        defer { if process.isRunning { process.terminate() } }

        // The "app-server listening" line carries the bound address, e.g. …127.0.0.1:41234.
        var log = ""
        var port: Int?
        let deadline = Date().addingTimeInterval(20)
        while port == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
            if let line = log.split(separator: "\n").first(where: { $0.contains("app-server listening") }),
                let match = line.firstMatch(of: /:(\d+)\b[^:]*$/)
            {
                port = Int(match.1)
            }
        }
        let boundPort = try #require(port, "no listening line in: \(log)")

        let (body, response) = try await URLSession.shared.data(from: try #require(URL(string: "http://127.0.0.1:\(boundPort)/health")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains(#""status":"ok""#))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("kilroy.sqlite").path))

        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
