import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation

/// `--server`: the relay a journal signs in to (`$BUDS_SERVER`, or a local app-server, by
/// default). Once a journal is signed in it talks to its own relay; naming another one is an
/// error rather than a silent switch.
struct RelayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The relay's address (default: $BUDS_SERVER or http://127.0.0.1:8080).", valueName: "url"))
    var server: String?

    /// The relay to sign in to or link through.
    func url() throws -> URL {
        let text = server ?? ProcessInfo.processInfo.environment["BUDS_SERVER"] ?? "http://127.0.0.1:8080"
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("server: \(text) is not an http(s) address such as http://127.0.0.1:8080")
        }
        return url
    }

    /// Checks that `--server`, when given, is the relay `journal` is signed in to.
    func check(_ journal: BudsServices) async throws {
        guard server != nil, let account = try await journal.circles.account() else { return }
        let given = try url()
        guard given.absoluteString == account.server else {
            throw CLIError("This journal is signed in to \(account.server), not \(given.absoluteString).")
        }
    }
}
