import BudsCloud
import BudsCloudPostgres
import FlipcashCloud
import FlipcashCloudPostgres
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
import ServiceLifecycle
import Storage
import UmiLogCloud
import UmiLogCloudPostgres

/// Every cloud's opened store and blob store, with what must run for as long as they are used
/// (the PostgreSQL connection pool) and what must happen before the first request (migrations,
/// the SQLite store's position cache).
struct CloudBackends: Sendable {
    var kilroyStore: any KilroyServerStore
    var kilroyBlobs: any BlobStorage
    var flipcashStore: any PaymentStore & LedgerStore & RendezvousStore
    var budsStore: any BudsRelayStore
    var budsBlobs: any BlobStorage
    var umilogStore: any UmiLogSyncStore
    var umilogBlobs: any BlobStorage
    /// How a bill's message reaches the app-server that holds its stream: within this process on
    /// SQLite, through PostgreSQL's LISTEN/NOTIFY when app-servers share a database.
    var flipcashSignal: any RendezvousSignal = LocalRendezvousSignal()
    /// Services the application runs beside its server, started before and stopped after it.
    var services: [any Service] = []
    /// Runs once the services run and before the server takes requests.
    var prepare: @Sendable () async throws -> Void = {}
    /// What Flipcash's gRPC server runs before it listens (its part of `prepare`; running both
    /// is harmless): the gRPC port opens beside the HTTP server, not after its preparation.
    var prepareFlipcash: @Sendable () async throws -> Void = {}
}

/// Builds the `app-server` application: every cloud mounted under `/<app>/v1`, `/health`,
/// `/metrics`, and JSON errors for everything else. Kept apart from the command so tests can run
/// the very same application on a free port.
enum AppBuilder {
    /// The backends `settings` name, opened but not yet prepared: on PostgreSQL the connection
    /// pool is a service to run and the migrations (once, under an advisory lock, however many
    /// instances start together) are the preparation; SQLite migrates as it opens and prepares by
    /// loading its position cache.
    static func openBackends(settings: ServerSettings, logger: Logger) throws -> CloudBackends {
        let blobs = try makeBlobs(settings.blobs, cloud: "kilroy", logger: logger)
        let budsBlobs = try makeBlobs(settings.blobs, cloud: "buds", logger: logger)
        let umilogBlobs = try makeBlobs(settings.blobs, cloud: "umilog", logger: logger)
        switch settings.database {
        case .sqlite(let directory):
            let store = try SQLiteKilroyStore.open(
                at: directory.appendingPathComponent("kilroy.sqlite"), recentRecords: settings.kilroyKeptRecords)
            var ledger = try SQLiteLedgerStore.open(at: directory.appendingPathComponent("flipcash.sqlite"))
            ledger.paymentSettings = settings.flipcashPayments
            let relay = try SQLiteRelayStore.open(at: directory.appendingPathComponent("buds.sqlite"))
            let sync = try SQLiteSyncStore.open(at: directory.appendingPathComponent("umilog-sync.sqlite"))
            return CloudBackends(
                kilroyStore: store, kilroyBlobs: blobs, flipcashStore: ledger, budsStore: relay, budsBlobs: budsBlobs, umilogStore: sync,
                umilogBlobs: umilogBlobs,
                prepare: {
                    try await store.loadPositions()
                    try await store.keepEveryRecord()
                })
        case .postgres(let url):
            let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
            let store = try PostgresKilroyStore.unmigrated(
                client: client, schema: "kilroy", logger: logger, recentRecords: settings.kilroyKeptRecords)
            var ledger = try PostgresLedgerStore.unmigrated(client: client, schema: "flipcash", logger: logger)
            ledger.paymentSettings = settings.flipcashPayments
            let migratedLedger = ledger
            let relay = try PostgresRelayStore.unmigrated(client: client, schema: "buds", logger: logger)
            let sync = try PostgresSyncStore.unmigrated(client: client, schema: "umilog", logger: logger)
            // Bills' messages reach the app-server that holds the stream through LISTEN/NOTIFY,
            // on a connection of its own.
            let signal = PostgresRendezvousSignal(
                configuration: try url.connectionConfiguration(), store: ledger, logger: logger)
            return CloudBackends(
                kilroyStore: store, kilroyBlobs: blobs, flipcashStore: ledger, budsStore: relay, budsBlobs: budsBlobs, umilogStore: sync,
                umilogBlobs: umilogBlobs, flipcashSignal: signal, services: [client, RendezvousListener(signal: signal)],
                prepare: {
                    // Say at once what is wrong with the server the URL names (see PostgresReachability).
                    try await PostgresReachability.check(url, source: settings.databaseSource, logger: logger)
                    try await store.migrate()
                    try await migratedLedger.migrate()
                    try await relay.migrate()
                    try await sync.migrate()
                    try await store.loadPositions()
                }, prepareFlipcash: { try await migratedLedger.migrate() })
        }
    }

    /// Opens and prepares the backends `settings` name, runs `body` with them (their services
    /// already running, nothing left to prepare), and stops the services when it returns, error
    /// or not: for `app-server migrate` and for tests.
    static func withBackends<T: Sendable>(
        settings: ServerSettings, logger: Logger, _ body: @Sendable (CloudBackends) async throws -> T
    ) async throws -> T {
        var backends = try openBackends(settings: settings, logger: logger)
        let services = backends.services
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services { group.addTask { try await service.run() } }
            defer { group.cancelAll() }
            try await backends.prepare()
            backends.services = []
            backends.prepare = {}
            backends.prepareFlipcash = {}
            return try await body(backends)
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

    /// The application over opened `backends`, which runs their services beside its server.
    /// Before serving it prepares them (migrations, caches), then removes Kilroy uploads that no
    /// kilroy used while the server was down (each upload collects newer ones as they expire).
    /// `metrics` is the registry `/metrics` reads (the one the metrics system was bootstrapped
    /// with); `nil` serves no `/metrics`.
    static func makeApplication(
        settings: ServerSettings, backends: CloudBackends, loggers: ServerLoggers, metrics: PrometheusCollectorRegistry? = nil
    ) throws -> some ApplicationProtocol {
        let logger = loggers.server
        let kilroy = KilroyCloudServer(
            store: backends.kilroyStore, blobs: backends.kilroyBlobs, configuration: settings.kilroyConfiguration,
            logger: loggers.kilroy)
        var relayConfiguration = BudsRelayConfiguration(key: try settings.budsRelayKey.resolve(dataDirectory: settings.dataDirectory))
        if settings.budsRateLimitsLifted { relayConfiguration.liftRateLimits() }
        let relay = BudsRelayServer(
            store: backends.budsStore, blobs: backends.budsBlobs, sms: SMSOutbox(directory: settings.smsOutbox), push: NoPushSender(),
            configuration: relayConfiguration, logger: loggers.buds)
        let sync = UmiLogSyncServer(
            store: backends.umilogStore, blobs: backends.umilogBlobs, configuration: settings.umilog, logger: loggers.umilog)
        let router = try makeRouter(clouds: [kilroy, relay, sync], metrics: metrics, logger: logger)
        logger.info(
            "app-server starting",
            metadata: [
                "host": "\(settings.host)", "port": "\(settings.port)", "database": "\(settings.database.logDescription)",
                "blobs": "\(settings.blobs.logDescription)", "reciprocity": "\(settings.reciprocity.argument)",
            ])
        let flipcash = FlipcashGRPCServer(
            store: backends.flipcashStore, rates: RatesFile(url: settings.ratesFile, now: settings.flipcash.now),
            configuration: settings.flipcash, signal: backends.flipcashSignal, host: settings.host, port: settings.grpcPort,
            prepare: backends.prepareFlipcash, logger: loggers.flipcash)
        let ready = ReadinessGate()
        let housekeeping = FlipcashHousekeeping(
            store: backends.flipcashStore, now: settings.flipcash.now, ready: ready, logger: loggers.flipcash)
        var application = Application(
            router: router,
            server: .limited(settings.limits),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "app-server"),
            services: backends.services + [
                flipcash, housekeeping, RecurringHousekeeping.buds(relay: relay, ready: ready),
                RecurringHousekeeping.kilroy(maintenance: backends.kilroyStore.performMaintenance, ready: ready, logger: loggers.kilroy),
            ],
            onServerRunning: { channel in
                logger.notice("app-server listening", metadata: ["address": "\(channel.localAddress.map { "\($0)" } ?? "?")"])
            },
            logger: logger
        )
        let prepare = backends.prepare
        application.beforeServerStarts {
            try await prepare()
            ready.open()
            await kilroy.collectOrphanedUploads()
        }
        return application
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
