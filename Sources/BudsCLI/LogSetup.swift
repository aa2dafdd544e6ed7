import Logging
import Observability

/// The CLI logs to stderr through the redacting handler, quiet unless `BUDS_LOG_LEVEL` asks.
enum LogSetup {
    static func bootstrap() {
        let level = ProcessInfo.processInfo.environment["BUDS_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSetup.bootstrap(level: level, redacting: true)
    }

    static var logger: Logger { Logger(label: "buds") }
}

import Foundation
