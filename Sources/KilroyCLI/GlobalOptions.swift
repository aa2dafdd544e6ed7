import ArgumentParser
import Foundation
import CommandLineKit
import KilroyCore

/// The options every store command takes: where the store is, which server, JSON or text, and
/// the clock.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The store folder (default: $KILROY_HOME or ~/.local/share/kilroy).")
    var store: String?

    @Option(name: .long, help: "An app-server to share drops with, e.g. http://127.0.0.1:8080.")
    var cloud: CloudURL?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Option(name: .long, help: "Use this time as now (ISO 8601, e.g. 2026-05-01T09:30:00Z), for reproducible runs.")
    var now: DateTimeArgument?

    var directory: URL {
        StoreDirectory.resolve(option: store, environmentVariable: "KILROY_HOME", appName: "kilroy")
    }

    /// The store, with the clock `--now` sets.
    func environment() throws -> KilroyEnvironment {
        if let fixed = now?.date {
            return try KilroyEnvironment(directory: directory, now: { fixed })
        }
        return try KilroyEnvironment(directory: directory)
    }

    /// The cloud client when `--cloud` was given.
    func cloudClient(_ environment: KilroyEnvironment) throws -> KilroyCloudClient? {
        guard let cloud else { return nil }
        return try environment.cloudClient(baseURL: cloud.url)
    }
}
