import ArgumentParser
import CommandLineKit
import Foundation
import KilroyCore
import Validation

/// The options every store command takes: where the store is and the clock (the package's one
/// `--store`/`--now` group), which server, JSON or text.
struct GlobalOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions<Kilroy>

    @Option(name: .long, help: "An app-server to share drops with, e.g. http://127.0.0.1:8080.")
    var cloud: CloudURL?

    @OptionGroup var output: JSONOutputOption

    /// Whether `--json` was given.
    var json: Bool { output.json }

    /// The store, with the clock `--now` sets. What opening it cleaned up after an interrupted
    /// drop is noted on stderr.
    func services() throws -> KilroyServices {
        let services = try KilroyServices(directory: storeOptions.directory, now: storeOptions.clock)
        let recovery = services.recovery
        if !recovery.isEmpty {
            Output.note(
                "cleaned up after an interrupted drop: \(recovery.orphanedPhotos.count) unsaved photo(s), "
                    + "\(recovery.orphanedUploads.count) queued upload(s) of unsaved memories, "
                    + "\(recovery.temporaryFiles.count) temporary file(s)")
        }
        return services
    }

    /// The cloud client when `--cloud` was given. A store from before credentials first claims
    /// its old kilroys for this device's credential; what happened is told on stderr (a claim
    /// the cloud cannot settle now is tried again by the next command).
    func cloudClient(_ services: KilroyServices) async throws -> KilroyCloudHTTPClient? {
        guard let cloud else { return nil }
        let client = try services.cloudClient(baseURL: cloud.url)
        switch try await services.claimLegacyDrops(using: client) {
        case .none, .nothingToClaim:
            break
        case .claimed(let count):
            Output.note("moved \(Wording.counted(count, "kilroy")) dropped before credentials to this device's new credential")
        case .claimedByAnother:
            Output.warning("another device already claimed this device's old id; the kilroys dropped under it stay with that device")
        case .deferred(let error):
            Output.warning("could not move the kilroys dropped before credentials yet (\(error.errorDescription ?? "cloud error")); will try again")
        }
        return client
    }
}
