import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `app-server` executable, run as a person runs it.
@Suite("app-server process", .serialized)
struct AppServerProcessTests {
    /// `.build/<config>/app-server`, next to the test bundle, when it has been built.
    static let executable = AppServerProcess.executable

    static func launch(_ arguments: [String]) throws -> (ChildProcess, Pipe) {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    @Test("a child started by ChildProcess inherits its standard streams and nothing else")
    func childInheritsOnlyItsStreams() throws {
        // A descriptor without close-on-exec, as another test's pipe would be.
        var leaked: [Int32] = [0, 0]
        #expect(pipe(&leaked) == 0)
        defer { for descriptor in leaked { close(descriptor) } }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/ls")
        process.arguments = ["/proc/self/fd"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
        let descriptors = Set(listing.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) })
        // 0–2, and the directory `ls` itself opens (the lowest free descriptor, 3).
        #expect(descriptors.isSubset(of: [0, 1, 2, 3]), "\(descriptors.sorted())")
        #expect(descriptors.isSuperset(of: [0, 1, 2]))
        #expect(!process.isRunning)
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
        let server = try AppServerProcess()
        defer { server.stop() }
        let boundPort = try #require(server.baseURL.port)
        let data = server.dataDirectory

        let (body, response) = try await URLSession.shared.data(from: try #require(URL(string: "http://127.0.0.1:\(boundPort)/health")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains(#""status":"ok""#))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("kilroy.sqlite").path))

        #expect(server.stop() == 0)
        #expect(server.process.terminationReason == .exit)
    }

    @Test("migrate creates the database, exits 0 and serves nothing", .enabled(if: executable != nil))
    func migrate() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (process, _) = try Self.launch(["migrate", "--database", "sqlite:\(folder.url.path)", "--log-level", "error"])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("kilroy.sqlite").path))
    }

    @Test("a gRPC port already in use stops app-server with exit 1 and a reason naming --grpc-port", .enabled(if: executable != nil))
    func grpcPortInUse() throws {
        let first = try AppServerProcess()
        defer { first.stop() }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (process, errors) = try Self.launch(["--port", "0", "--grpc-port", "\(first.grpcPort)", "--data", folder.url.path])
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("--grpc-port"), "\(message)")
        #expect(message.contains("Address already in use"), "\(message)")
    }

    @Test("a bad --database or --blobs is a usage error (exit 2) naming the flag", .enabled(if: executable != nil))
    func badBackendFlags() throws {
        for (arguments, flag) in [(["--database", "mysql://db/app"], "--database"), (["migrate", "--blobs", "ftp://files"], "--blobs")] {
            let (process, errors) = try Self.launch(arguments)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2, "\(arguments)")
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(message.contains(flag), "\(message)")
        }
    }

    @Test(
        "a PostgreSQL that cannot be reached, or that refuses us, is a start-up error (exit 1) naming --database, without the password",
        .enabled(if: executable != nil))
    func unusableDatabase() throws {
        // Nothing listens on port 1: refused until the 10 s patience runs out (not the pool's minute).
        var cases = [("postgres://someone:s3cret-pw@127.0.0.1:1/db", "Connection refused", 40.0)]
        // A server that answers but refuses the password says so at once (CI sets TEST_POSTGRES_URL).
        if let url = ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"], var parts = URLComponents(string: url), !url.isEmpty {
            parts.password = "s3cret-pw"
            if let wrong = parts.string { cases.append((wrong, "password authentication failed", 8.0)) }
        }
        for (url, reason, patience) in cases {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let started = Date()
            let (process, errors) = try Self.launch(["migrate", "--database", url, "--data", folder.url.path, "--log-level", "error"])
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1, "\(message)")
            #expect(Date().timeIntervalSince(started) < patience, "\(message)")
            #expect(message.contains("(--database) cannot be used"), "\(message)")
            #expect(message.contains(reason), "\(message)")
            #expect(!message.contains("s3cret-pw"), "\(message)")
        }
    }

    @Test("SIGTERM lets a request already in flight finish with its answer, then exits 0", .enabled(if: executable != nil))
    func drainsInFlightRequests() async throws {
        let server = try AppServerProcess()
        defer { server.stop() }
        let port = try #require(server.baseURL.port)
        let body = #"{"legacyDeviceId":"legacy-drain-0001"}"#
        let head =
            "POST /kilroy/v1/devices/claim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer "
            + String(repeating: "A", count: 42) + "Q\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        let connection = try RawHTTPClient(port: port)
        // Half the request is on the wire when the server is told to stop.
        _ = await RawHTTPClient.offload { connection.send(head + body.prefix(10)) }
        try await Task.sleep(for: .milliseconds(200))
        server.process.terminate()
        try await Task.sleep(for: .milliseconds(300))
        let received = await RawHTTPClient.offload { () -> String? in
            connection.send(String(body.dropFirst(10)))
            return connection.readUntilClosed(patience: 10)?.received
        }
        let text = try #require(received, "no answer before the server closed")
        let answer = try #require(RawAnswer(text))
        #expect(answer.status == 404, "\(answer.body)")
        #expect(answer.error?["code"] != nil)
        #expect(server.stop() == 0)
    }
}
