import Foundation
import KilroyCloud
import Logging

/// Everything `app-server` is started with, parsed and checked.
struct ServerSettings: Sendable {
    var host: String
    var port: Int
    /// Holds `kilroy.sqlite` and `blobs/`.
    var dataDirectory: URL
    var reciprocity: ReciprocityPolicy
    var logLevel: Logger.Level
    /// How long a connection may sit without a byte in either direction before the server closes
    /// it: idle and abandoned connections otherwise hold a file descriptor and memory forever.
    var idleTimeout: Duration = .seconds(30)
    /// Kilroy's configuration apart from reciprocity (limits, clock); tests change it.
    var kilroy = KilroyCloudConfiguration()

    var kilroyConfiguration: KilroyCloudConfiguration {
        var configuration = kilroy
        configuration.reciprocity = reciprocity
        return configuration
    }
}
