import ArgumentParser
import CommandLineKit
import Foundation
import Hummingbird
import KilroyCloud
import Logging
import Observability

/// `app-server`: one process serving every app's cloud (today Kilroy) over HTTP.
@main
struct AppServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-server",
        abstract: "Serve the apps' clouds: the Kilroy API under /kilroy/v1, and /health.",
        discussion: """
            Data lives in --data DIR (default ./.data): kilroy.sqlite and the photos under blobs/kilroy/.
            The OpenAPI document of each cloud is served at /<app>/v1/openapi.yaml.

            --reciprocity chooses who sees whose Kilroy drops ("to see, you must be seen"):
              off              everyone sees every drop (the default)
              local:<metres>   a device sees others' drops only within <metres> (0 < metres <= 50000)
                               of a place where it dropped one itself, e.g. local:200
              global:<drops>   a device sees others' drops once it has dropped <drops> (>= 1), e.g. global:3
            A device always sees its own drops.

            Logs go to stderr. SIGINT or SIGTERM stops the server gracefully.
            Exit status: 0 after a clean stop, 1 on a failure (the reason is on stderr), 2 on a usage error.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port to listen on (0 picks a free one).")
    var port = 8080

    @Option(name: .customLong("data"), help: ArgumentHelp("The folder for databases and blobs.", valueName: "dir"))
    var dataDirectory = ".data"

    @Option(help: ArgumentHelp("off, local:<metres> or global:<drops> (see above).", valueName: "policy"))
    var reciprocity = "off"

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    /// The settings the options describe, or a usage error naming the bad option.
    func settings() throws -> ServerSettings {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port).")
        }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty.") }
        guard !dataDirectory.isEmpty else { throw ValidationError("--data must name a folder.") }
        guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
        let policy: ReciprocityPolicy
        do {
            policy = try ReciprocityPolicy(argument: reciprocity)
        } catch {
            throw ValidationError("--reciprocity: \(error.errorDescription ?? "invalid policy")")
        }
        return ServerSettings(
            host: host, port: port, dataDirectory: URL(fileURLWithPath: dataDirectory, isDirectory: true),
            reciprocity: policy, logLevel: level)
    }

    func validate() throws {
        _ = try settings()
    }

    func run() async throws {
        let settings = try settings()
        LoggingSetup.bootstrap(level: settings.logLevel)
        let loggers = ServerLoggers.standard()
        let app = try await AppBuilder.makeApplication(settings: settings, loggers: loggers)
        try await app.runService()
        loggers.server.info("app-server stopped")
    }

    /// Runs the command with the package's exit codes (0, 1 with a reason, 2 on usage errors).
    static func main() async {
        await CommandRunner.main(Self.self, program: "app-server", logLevelVariable: nil)
    }
}
