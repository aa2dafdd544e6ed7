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

    @OptionGroup var output: JSONOutputOption

    /// Whether `--json` was given.
    var json: Bool { output.json }

    @Option(name: .long, help: "Use this time as now (ISO 8601, e.g. 2026-05-01T09:30:00Z), for reproducible runs.")
    var now: DateTimeArgument?

    var directory: URL {
        StoreDirectory.resolve(option: store, environmentVariable: "KILROY_HOME", appName: "kilroy")
    }

    /// The store, with the clock `--now` sets. What opening it cleaned up after an interrupted
    /// drop is noted on stderr.
    func environment() throws -> KilroyEnvironment {
        let environment: KilroyEnvironment
        if let fixed = now?.date {
            environment = try KilroyEnvironment(directory: directory, now: { fixed })
        } else {
            environment = try KilroyEnvironment(directory: directory)
        }
        let recovery = environment.recovery
        if !recovery.isEmpty {
            Output.note(
                "cleaned up after an interrupted drop: \(recovery.orphanedPhotos.count) unsaved photo(s), "
                    + "\(recovery.orphanedUploads.count) queued upload(s) of unsaved memories, "
                    + "\(recovery.temporaryFiles.count) temporary file(s)")
        }
        return environment
    }

    /// The cloud client when `--cloud` was given. A store from before credentials first claims
    /// its old kilroys for this device's credential; what happened is told on stderr (a claim
    /// the cloud cannot settle now is tried again by the next command).
    func cloudClient(_ environment: KilroyEnvironment) async throws -> KilroyCloudClient? {
        guard let cloud else { return nil }
        let client = try environment.cloudClient(baseURL: cloud.url)
        switch try await environment.claimLegacyDrops(using: client) {
        case .none, .nothingToClaim:
            break
        case .claimed(let count):
            Output.note("moved \(count) kilroy\(count == 1 ? "" : "s") dropped before credentials to this device's new credential")
        case .claimedByAnother:
            Output.warning("another device already claimed this device's old id; the kilroys dropped under it stay with that device")
        case .deferred(let error):
            Output.warning("could not move the kilroys dropped before credentials yet (\(error.errorDescription ?? "cloud error")); will try again")
        }
        return client
    }
}
