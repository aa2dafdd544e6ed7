import Foundation
import Logging
import Observability

/// The CLI logs to stderr through the redacting handler, quiet unless `KILROY_LOG_LEVEL` asks.
enum LogSetup {
    static func bootstrap() {
        let level = ProcessInfo.processInfo.environment["KILROY_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSetup.bootstrap(level: level, redacting: true)
    }
}
