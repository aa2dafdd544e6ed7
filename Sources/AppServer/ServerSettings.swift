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
    /// Kilroy's configuration apart from reciprocity (limits, clock); tests change it.
    var kilroy = KilroyCloudConfiguration()

    var kilroyConfiguration: KilroyCloudConfiguration {
        var configuration = kilroy
        configuration.reciprocity = reciprocity
        return configuration
    }
}
