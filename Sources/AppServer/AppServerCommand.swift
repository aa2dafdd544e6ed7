import ArgumentParser
import CommandLineKit
import FlipcashCloud
import Foundation
import Hummingbird
import KilroyCloud
import Logging
import Metrics
import Observability
import Prometheus
import ServerKit
import UmiLogCloud

/// `app-server`: one process serving every app's cloud: Kilroy over HTTP, Flipcash over gRPC on
/// its own port; `app-server
/// migrate` brings the databases up to date without serving.
@main
struct AppServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-server",
        abstract:
            "Serve the apps' clouds: the Kilroy API under /kilroy/v1, the Buds relay under /buds/v1, UmiLog's sync under /umilog/v1, /health and /metrics; Flipcash over gRPC on --grpc-port.",
        subcommands: [Serve.self, Migrate.self],
        defaultSubcommand: Serve.self
    )

    /// Runs the command with the package's exit codes (0, 1 with a reason, 2 on usage errors).
    static func main() async {
        await CommandRunner.main(Self.self, program: "app-server", logLevelVariable: nil)
    }

    /// Sends logs to stderr, with the id of the request being served on every line written for it.
    static func bootstrapLogging(level: Logger.Level) {
        LoggingSetup.bootstrap(level: level, metadataProvider: RequestID.metadataProvider)
    }
}

extension AppServerCommand {
    /// `app-server [serve]`: the server.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the clouds (the default command).",
            discussion: ServerOptions.discussion + """

                Logs go to stderr. SIGINT or SIGTERM stops the server gracefully: it stops accepting
                connections and finishes the requests in flight.
                Exit status: 0 after a clean stop, 1 on a failure (the reason is on stderr), 2 on a usage error.
                """
        )

        @OptionGroup var options: ServerOptions

        /// A bad option, or a bad variable it falls back on, is a usage error (exit 2).
        func validate() throws {
            _ = try options.settings()
        }

        func run() async throws {
            let settings = try options.settings()
            AppServerCommand.bootstrapLogging(level: settings.logLevel)
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            let loggers = ServerLoggers.standard()
            // The PostgreSQL pool, if any, is a service of the application: it starts before the
            // server and stops after the server has drained.
            let backends = try AppBuilder.openBackends(settings: settings, logger: loggers.server)
            let app = try AppBuilder.makeApplication(settings: settings, backends: backends, loggers: loggers, metrics: registry)
            try await app.runService()
            loggers.server.info("app-server stopped")
        }
    }

    /// `app-server migrate`: applies the database migrations and exits, for an operator who
    /// upgrades before starting new instances (each instance also migrates at start-up, once).
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "migrate",
            abstract: "Bring every cloud's database up to date, then exit.",
            discussion: ServerOptions.discussion
        )

        @OptionGroup var options: ServerOptions

        /// A bad option, or a bad variable it falls back on, is a usage error (exit 2).
        func validate() throws {
            _ = try options.settings()
        }

        func run() async throws {
            let settings = try options.settings()
            AppServerCommand.bootstrapLogging(level: settings.logLevel)
            let logger = ServerLoggers.standard().server
            // Preparing the backends applies the migrations (under an advisory lock on PostgreSQL).
            try await AppBuilder.withBackends(settings: settings, logger: logger) { _ in }
            logger.notice("app-server databases migrated", metadata: ["database": "\(settings.database.logDescription)"])
        }
    }
}

/// The options `serve` and `migrate` share.
struct ServerOptions: ParsableArguments {
    static let discussion = """
        Data lives in --data DIR (default ./.data): each cloud's SQLite file (kilroy.sqlite, flipcash.sqlite) and
        its blobs under blobs/<app>/. For many app-servers, point every instance at one PostgreSQL
        database and one S3-compatible bucket instead:
          --database sqlite:DIR | postgres://user:password@host:5432/db   (or DATABASE_URL)
          --blobs file:DIR | s3://bucket?endpoint=http://host:9000&region=us-east-1   (or BLOB_STORE_URL;
                 keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)
        A flag wins over its environment variable. Each cloud keeps its tables in its own schema
        (kilroy, flipcash) and its blobs under its own prefix (kilroy/).
        Flipcash's gRPC services (Account, Transaction, Currency) listen on --grpc-port (default 8081),
        in plaintext: put TLS in front of them, as of the HTTP port. Unclaimed cash links go back to
        their senders after 7 days, checked every 30 seconds.
        The OpenAPI document of each cloud is served at /<app>/v1/openapi.yaml; /health reports every
        backend (503 when one is down) and /metrics serves Prometheus text.

        --reciprocity chooses who sees whose Kilroy drops ("to see, you must be seen"):
          off              everyone sees every drop (the default)
          local:<metres>   a device sees others' drops only within <metres> (0 < metres <= 50000)
                           of a place where it dropped one itself, e.g. local:200
          global:<drops>   a device sees others' drops once it has dropped <drops> (>= 1), e.g. global:3
        A device always sees its own drops.

        Each app-server keeps every Kilroy drop's position in memory, learnt from the database, and
        the drops its near answers returned lately, so answers about the same places read no row:
        --kilroy-kept-records N (default 1000000, about 500 MB when full; 0 keeps none).
        """

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "The TCP port Flipcash's gRPC services listen on (0 picks a free one).")
    var grpcPort = 8081

    @Flag(help: "Run Flipcash's development faucet, which credits USDF to anyone who asks (never in production).")
    var flipcashFaucet = false

    @Option(
        help: ArgumentHelp(
            "A JSON file of exchange rates per USD, e.g. {\"eur\": 0.92} (default: round development rates).", valueName: "file"))
    var flipcashRates: String?

    @Option(name: .customLong("data"), help: ArgumentHelp("The folder for databases and blobs.", valueName: "dir"))
    var dataDirectory = ".data"

    @Option(
        help: ArgumentHelp(
            "The development SMS outbox: where the Buds relay writes sign-in codes (default <data>/sms-outbox).", valueName: "dir"))
    var budsSmsOutbox: String?

    @Option(help: ArgumentHelp("sqlite:DIR or postgres://… (default sqlite:<data>; or DATABASE_URL).", valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("file:DIR or s3://bucket?… (default file:<data>/blobs; or BLOB_STORE_URL).", valueName: "url"))
    var blobs: String?

    @Option(help: ArgumentHelp("off, local:<metres> or global:<drops> (see above).", valueName: "policy"))
    var reciprocity = "off"

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    @Option(help: ArgumentHelp("Kilroy drops kept in memory for near answers (see above; 0 to 10000000).", valueName: "count"))
    var kilroyKeptRecords = SQLiteKilroyStore.defaultRecentRecords

    @Option(
        help: ArgumentHelp(
            "on, or off to lift the per-device request rate limits (for load tests only: they are what stops a flood).",
            valueName: "on|off"))
    var rateLimits = "on"

    /// The settings the options and this process's environment describe.
    func settings() throws -> ServerSettings {
        try settings(environment: ProcessInfo.processInfo.environment)
    }

    /// The settings the options (and, for what they leave out, `environment`) describe, or a
    /// usage error naming the bad option or variable.
    func settings(environment: [String: String]) throws -> ServerSettings {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port).")
        }
        guard (0...65_535).contains(grpcPort) else {
            throw ValidationError("--grpc-port must be from 0 to 65535, not \(grpcPort).")
        }
        guard grpcPort == 0 || grpcPort != port else { throw ValidationError("--grpc-port must differ from --port.") }
        var ratesFile: URL?
        if let flipcashRates {
            let url = URL(fileURLWithPath: flipcashRates)
            do {
                _ = try RatesFile.read(url)
            } catch {
                throw ValidationError("--flipcash-rates: \(error.errorDescription ?? "not a rates file")")
            }
            ratesFile = url
        }
        guard (0...10_000_000).contains(kilroyKeptRecords) else {
            throw ValidationError("--kilroy-kept-records must be from 0 to 10000000, not \(kilroyKeptRecords).")
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
        // The flag, else the variable; its name goes with it into errors about the database.
        let databaseSource = self.database == nil ? "DATABASE_URL" : "--database"
        let databaseText = self.database ?? environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let database = try databaseText.map { try DatabaseLocation(parsing: $0, source: databaseSource) }
        let blobLocation: BlobLocation? =
            if let blobs {
                try BlobLocation(parsing: blobs, source: "--blobs", environment: environment)
            } else if let variable = environment["BLOB_STORE_URL"], !variable.isEmpty {
                try BlobLocation(parsing: variable, source: "BLOB_STORE_URL", environment: environment)
            } else {
                nil
            }
        var settings = ServerSettings(
            host: host, port: port, dataDirectory: URL(fileURLWithPath: dataDirectory, isDirectory: true),
            reciprocity: policy, logLevel: level, database: database, blobs: blobLocation)
        settings.databaseSource = databaseSource
        settings.grpcPort = grpcPort
        settings.ratesFile = ratesFile
        settings.flipcashPayments.faucetEnabled = flipcashFaucet
        settings.kilroyKeptRecords = kilroyKeptRecords
        settings.budsSMSOutbox = budsSmsOutbox.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let variable = environment["BUDS_RELAY_KEY"], !variable.isEmpty {
            guard let key = BudsRelayKey(hex: variable) else {
                throw ValidationError("BUDS_RELAY_KEY must be 64 hex characters (32 random bytes).")
            }
            settings.budsRelayKey = key
        }
        switch rateLimits {
        case "on": break
        case "off":
            settings.kilroy.liftRateLimits()
            settings.flipcash.rateLimits = nil
            settings.budsRateLimitsLifted = true
            settings.umilog.rateLimits = .none
        default: throw ValidationError("--rate-limits must be on or off, not \(rateLimits).")
        }
        return settings
    }
}
