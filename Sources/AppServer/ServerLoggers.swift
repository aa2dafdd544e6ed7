import Logging

/// The loggers `app-server` hands out: one for the server itself and one per cloud it mounts.
/// The libraries take theirs from here (swift-log's practice: a library logs where its caller
/// says), so the labels and handlers are chosen in this one place.
struct ServerLoggers: Sendable {
    /// Start, stop, `/health` and errors outside any cloud.
    var server: Logger
    /// The Kilroy cloud's requests and failures.
    var kilroy: Logger
    /// The Flipcash cloud's gRPC server, refusals it could not answer, and cash-link returns.
    var flipcash: Logger
    /// The Buds relay's requests, failures and housekeeping.
    var buds: Logger
    /// The UmiLog sync server's requests and failures.
    var umilog: Logger

    /// The labels `app-server` logs under, through whatever handler `LoggingSetup` bootstrapped.
    static func standard() -> ServerLoggers {
        ServerLoggers(
            server: Logger(label: "app-server"), kilroy: Logger(label: "kilroy.cloud"), flipcash: Logger(label: "flipcash.cloud"),
            buds: Logger(label: "buds.relay"), umilog: Logger(label: "umilog.sync"))
    }

    /// Every component logging to `logger` (tests pass a silent one).
    init(all logger: Logger) {
        self.init(server: logger, kilroy: logger, flipcash: logger, buds: logger, umilog: logger)
    }

    init(server: Logger, kilroy: Logger, flipcash: Logger, buds: Logger, umilog: Logger) {
        self.server = server
        self.kilroy = kilroy
        self.flipcash = flipcash
        self.buds = buds
        self.umilog = umilog
    }
}
