import Logging

/// The one logger of the `buds` commands, handed to the journal and through it to every
/// service. `CommandRunner` sets up logging (stderr, redacting, quiet unless `BUDS_LOG_LEVEL`
/// asks) before any command runs, so the first use — inside a command — sees that handler.
enum LogSetup {
    static let logger = Logger(label: "buds")
}
