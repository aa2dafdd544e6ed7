import Foundation
import Hummingbird
import KilroyCloud
import KilroyCloudPostgres
import Logging
import NIOCore
import ObjectStorage
import PostgresNIO
import PostgresStorage
import Prometheus
import ServerKit
import Storage

/// Every cloud's opened store and blob store, for as long as the server runs.
struct CloudBackends: Sendable {
    var kilroyStore: any KilroyServerStore
    var kilroyBlobs: any BlobStorage
}

/// Builds the `app-server` application: every cloud mounted under `/<app>/v1`, `/health`,
/// `/metrics`, and JSON errors for everything else. Kept apart from the command so tests can run
/// the very same application on a free port.
enum AppBuilder {
    /// Opens the backends `settings` name (migrating the databases; on PostgreSQL once, under an
    /// advisory lock, however many instances start together), runs `body` with them, and closes
    /// them when it returns: the PostgreSQL connection pool runs only inside this scope.
    static func withBackends<T: Sendable>(
        settings: ServerSettings, logger: Logger, _ body: @Sendable (CloudBackends) async throws -> T
    ) async throws -> T {
        let blobs = try makeBlobs(settings.blobs, cloud: "kilroy", logger: logger)
        switch settings.database {
        case .sqlite(let directory):
            let store = try SQLiteKilroyStore.open(at: directory.appendingPathComponent("kilroy.sqlite"))
            try await store.loadPositions()
            return try await body(CloudBackends(kilroyStore: store, kilroyBlobs: blobs))
        case .postgres(let url):
            let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                // Ends the pool (cancelling `run`) on every way out, error or not.
                defer { group.cancelAll() }
                let store = try await PostgresKilroyStore.open(client: client, schema: "kilroy", logger: logger)
                return try await body(CloudBackends(kilroyStore: store, kilroyBlobs: blobs))
            }
        }
    }

    /// `cloud`'s blob store in `location`: its own folder, or its own key prefix in the bucket.
    static func makeBlobs(_ location: BlobLocation, cloud: String, logger: Logger) throws -> any BlobStorage {
        switch location {
        case .files(let directory):
            try BlobStore(directory: directory.appendingPathComponent(cloud, isDirectory: true))
        case .s3(let bucket, let credentials):
            try S3BlobStore(location: bucket, credentials: credentials, keyPrefix: cloud + "/", logger: logger)
        }
    }

    /// The application over opened `backends`. Before serving it removes Kilroy uploads that no
    /// kilroy used while the server was down (each upload collects newer ones as they expire).
    /// `metrics` is the registry `/metrics` reads (the one the metrics system was bootstrapped
    /// with); `nil` serves no `/metrics`.
    static func makeApplication(
        settings: ServerSettings, backends: CloudBackends, loggers: ServerLoggers, metrics: PrometheusCollectorRegistry? = nil
    ) async throws -> some ApplicationProtocol {
        let logger = loggers.server
        let kilroy = KilroyCloudServer(
            store: backends.kilroyStore, blobs: backends.kilroyBlobs, configuration: settings.kilroyConfiguration,
            logger: loggers.kilroy)
        await kilroy.collectOrphanedUploads()
        let router = try makeRouter(clouds: [kilroy], metrics: metrics, logger: logger)
        logger.info(
            "app-server starting",
            metadata: [
                "host": "\(settings.host)", "port": "\(settings.port)", "database": "\(settings.database.logDescription)",
                "blobs": "\(settings.blobs.logDescription)", "reciprocity": "\(settings.reciprocity.argument)",
            ])
        return Application(
            router: router,
            server: .limited(settings.limits),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "app-server"),
            onServerRunning: { channel in
                logger.notice("app-server listening", metadata: ["address": "\(channel.localAddress.map { "\($0)" } ?? "?")"])
            },
            logger: logger
        )
    }

    /// `/health`, `/metrics`, then every cloud's routes; every request gets an id (logged and
    /// returned) and is counted and timed by route and status; errors anywhere are answered as JSON.
    static func makeRouter(
        clouds: [any AppCloud], metrics: PrometheusCollectorRegistry? = nil, logger: Logger
    ) throws -> Router<BasicRequestContext> {
        let router = Router()
        let described = clouds.map { "/\($0.name)/v1/openapi.yaml" }.joined(separator: ", ")
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: JSONErrorMiddleware(logger: logger, notFoundHint: "see \(described) for the served APIs."))
        router.get("health") { _, _ in
            try await HealthReport.check(clouds).response()
        }
        if let metrics {
            router.get("metrics") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.emitToBuffer())))
            }
        }
        for cloud in clouds {
            try cloud.register(on: router)
        }
        return router
    }
}
