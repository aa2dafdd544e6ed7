import Foundation
import Hummingbird
import KilroyCloud
import Logging
import NIOCore
import ServerKit

/// Builds the `app-server` application: every cloud mounted under `/<app>/v1`, `/health`, and
/// JSON errors for everything else. Kept apart from the command so tests can run the very
/// same application on a free port.
enum AppBuilder {
    /// Opens every cloud's data and, before serving, removes Kilroy uploads that no kilroy used
    /// while the server was down (each upload collects newer ones as they expire).
    static func makeApplication(settings: ServerSettings, loggers: ServerLoggers) async throws -> some ApplicationProtocol {
        let logger = loggers.server
        let kilroy = try KilroyCloudServer.open(
            dataDirectory: settings.dataDirectory, configuration: settings.kilroyConfiguration, logger: loggers.kilroy)
        await kilroy.collectOrphanedUploads()
        let router = try makeRouter(clouds: [kilroy], logger: logger)
        logger.info(
            "app-server starting",
            metadata: [
                "host": "\(settings.host)", "port": "\(settings.port)", "data": "\(settings.dataDirectory.path)",
                "reciprocity": "\(settings.reciprocity.argument)",
            ])
        return Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: TimeAmount(settings.idleTimeout))),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "app-server"),
            onServerRunning: { channel in
                logger.notice("app-server listening", metadata: ["address": "\(channel.localAddress.map { "\($0)" } ?? "?")"])
            },
            logger: logger
        )
    }

    /// `/health`, then every cloud's routes; errors anywhere are answered as JSON.
    static func makeRouter(clouds: [any AppCloud], logger: Logger) throws -> Router<BasicRequestContext> {
        let router = Router()
        let described = clouds.map { "/\($0.name)/v1/openapi.yaml" }.joined(separator: ", ")
        router.add(middleware: JSONErrorMiddleware(logger: logger, notFoundHint: "see \(described) for the served APIs."))
        router.get("health") { _, _ in
            try await HealthReport.check(clouds).response()
        }
        for cloud in clouds {
            try cloud.register(on: router)
        }
        return router
    }
}
