import Logging

/// The logger of the `buds` commands; `CommandRunner` sets up logging (stderr, redacting,
/// quiet unless `BUDS_LOG_LEVEL` asks).
enum LogSetup {
    static var logger: Logger { Logger(label: "buds") }
}
