import ArgumentParser
import CommandLineKit
import FlipcashCore
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import Logging
import Storage

extension Flipcash: CommandLineApp {
    static let name = "flipcash"
    static let storeNoun = "wallet"
}

/// The options of every command that talks to the cloud: the wallet folder (`--store`), the
/// server (`--server HOST:PORT`, or `$FLIPCASH_SERVER`, default 127.0.0.1:8081) and `--json`.
struct CloudOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions<Flipcash>

    @Option(help: ArgumentHelp("The app-server's gRPC address (default: $FLIPCASH_SERVER or 127.0.0.1:8081).", valueName: "host:port"))
    var server: String?

    @OptionGroup var output: OutputOptions

    var json: Bool { output.json }

    /// The wallet's folder.
    var directory: URL { storeOptions.directory }

    /// Where the recovery phrase is kept (readable by its owner only): the stand-in for the
    /// phone's keychain.
    var phraseFile: URL { directory.appendingPathComponent("recovery-phrase") }

    /// The server to talk to.
    func address() throws -> ServerAddress {
        let text = server ?? ProcessInfo.processInfo.environment["FLIPCASH_SERVER"] ?? "127.0.0.1:8081"
        guard let address = ServerAddress(text) else {
            throw ValidationError("--server must be HOST:PORT (e.g. 127.0.0.1:8081 or [::1]:8081), not \(text).")
        }
        return address
    }

    /// The saved recovery phrase.
    func savedPhrase() throws -> Mnemonic {
        guard FileManager.default.fileExists(atPath: phraseFile.path) else { throw WalletError.noAccount(directory.path) }
        let text = try String(contentsOf: phraseFile, encoding: .utf8)
        do {
            return try Mnemonic(phrase: text)
        } catch {
            throw WalletError.unreadablePhrase(phraseFile.path)
        }
    }

    /// Saves `phrase` as the wallet's account (owner-only permissions).
    func save(_ phrase: Mnemonic) throws {
        try PrivateDirectory.create(at: directory)
        try AtomicFile.write(Data((phrase.phrase + "\n").utf8), to: phraseFile, permissions: 0o600)
    }

    /// Runs `body` with the wallet of `phrase` (the saved one by default) connected to the server.
    func withWallet<T: Sendable>(
        _ phrase: Mnemonic? = nil, _ body: @Sendable (FlipcashWallet<HTTP2ClientTransport.Posix>) async throws -> T
    ) async throws -> T {
        let phrase = try phrase ?? savedPhrase()
        let address = try address()
        let key = FlipcashWallet<HTTP2ClientTransport.Posix>.accountKey(phrase)
        try PrivateDirectory.create(at: directory)
        let outbox = try IntentOutbox.open(at: directory.appendingPathComponent("outbox.sqlite"))
        let owner = FlipcashClient<HTTP2ClientTransport.Posix>.ownerName(of: key)
        let quiet = Logger(label: "flipcash.cache") { _ in SwiftLogNoOpLogHandler() }
        let (cache, _) = try FlipcashCache.open(directory: directory, owner: owner, policy: CacheVersionPolicy(logger: quiet))
        let transport = try HTTP2ClientTransport.Posix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
        // Requests are signed with the real time: the server refuses a timestamp 2 minutes off,
        // so `--now` dates only what is saved here.
        let clock = storeOptions.clock
        return try await withGRPCClient(transport: transport) { grpc in
            let wallet = FlipcashWallet(client: FlipcashClient(client: grpc, ownerKey: key), outbox: outbox, cache: cache, now: clock)
            // As the app does at launch: intents a crash or a lost reply left unanswered go first.
            // Offline, they wait for the next command.
            _ = try? await wallet.retryPending()
            return try await body(wallet)
        }
    }

    /// Runs `body` with a connection to the server for what needs no account (the exchange
    /// rates): the client holds a throwaway key, and nothing is saved.
    func withClient<T: Sendable>(_ body: @Sendable (FlipcashClient<HTTP2ClientTransport.Posix>) async throws -> T) async throws -> T {
        let address = try address()
        let key = FlipcashWallet<HTTP2ClientTransport.Posix>.accountKey(.generate())
        let transport = try HTTP2ClientTransport.Posix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
        return try await withGRPCClient(transport: transport) { grpc in
            try await body(FlipcashClient(client: grpc, ownerKey: key))
        }
    }
}

/// `host:port`, with an IPv6 host in brackets.
struct ServerAddress: Hashable, Sendable {
    let host: String
    let port: Int

    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.lastIndex(of: ":"), let port = Int(trimmed[trimmed.index(after: colon)...]), (1...65_535).contains(port)
        else { return nil }
        var host = String(trimmed[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else { return nil }
        self.host = host
        self.port = port
    }
}

/// Why the wallet cannot be used.
enum WalletError: LocalizedError {
    case noAccount(String)
    case unreadablePhrase(String)
    case accountExists(String)

    var errorDescription: String? {
        switch self {
        case .noAccount(let path): "There is no account in \(path): run `flipcash account new` or `flipcash account restore`."
        case .unreadablePhrase(let path): "The recovery phrase in \(path) is not 12 valid words; restore the account with its words."
        case .accountExists(let path): "There is an account in \(path) already; use another --store for a second account."
        }
    }
}
