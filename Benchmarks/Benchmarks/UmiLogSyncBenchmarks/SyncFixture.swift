import BenchmarkSupport
import Foundation
import Identity
import Logging
import UmiLogCore

/// The sync benchmarks' world: a sync server's data, the device that imported the 2,000-dive
/// log and pushed it, and a second device that pulled all of it.
///
/// Built once and kept on disk (package-benchmark runs every benchmark in its own process, and
/// building takes minutes); each process then works on its own copy, so edits one benchmark
/// pushes never reach another's "first sync".
enum SyncFixture {
    static let diveCount = 2_000
    /// Opens the account's passphrase slot on joining devices (the slots use the cheapest KDF
    /// parameters, so the benchmark measures sync, not scrypt).
    static let passphrase = "a benchmark passphrase, not a secret"
    /// Benchmarks measure the work, not the log lines, so the libraries get a logger that drops them.
    static let quiet = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }

    /// The kept fixture; the version in the name changes whenever the fixture does.
    static let master = FileManager.default.temporaryDirectory.appendingPathComponent("umilog-sync-bench-v1", isDirectory: true)

    /// One device: its store and a sync service with cheap key-slot parameters.
    struct Device: Sendable {
        let services: UmiLogServices
        let syncing: SyncService

        static func open(at directory: URL) async throws -> Device {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let services = try await UmiLogServices.open(at: directory, now: Date.init, logger: quiet)
            // The services' own keys and diver DID, with the cheapest KDF (sync is measured, not scrypt).
            let signoffs = services.signoffs
            let syncing = SyncService(
                log: services.sync, keyring: SyncKeyring(store: FileKeyStore(directory: directory.appendingPathComponent("keys"))),
                logger: quiet, parameters: { _ in .cheapestForTesting }, diverDID: { try signoffs.diverDID() })
            return Device(services: services, syncing: syncing)
        }
    }

    /// This process's copy of the fixture, with its server running.
    struct Running: Sendable {
        let directory: URL
        let server: URL
        let accountID: UUID
        /// Imported the log and pushed it; the device that edits.
        let source: Device
        /// Pulled the whole log; the device that receives edits.
        let receiver: Device

        /// A new empty device's store, in this copy's folder.
        func emptyDevice() async throws -> Device {
            try await Device.open(at: directory.appendingPathComponent("device-\(UUID().uuidString)", isDirectory: true))
        }

        /// Changes the notes of the 10 most recent dives on the source device.
        func editTenDives() async throws {
            let edit = UUID().uuidString.prefix(8)
            for logged in try await source.services.dives.history(DiveFilter(limit: 10)) {
                var draft = DiveDraft(logged)
                draft.notes = "\(logged.dive.notes ?? "") Edited \(edit)."
                try await source.services.saver.update(logged.dive.id, with: draft, at: Date())
            }
        }

        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static func running() async throws -> Running {
        try await shared.value()
    }

    private static let shared = OnceValue { try await SyncFixture.start() }

    private static func start() async throws -> Running {
        let marker = master.appendingPathComponent("complete")
        if !FileManager.default.fileExists(atPath: marker.path) {
            try await build()
            guard FileManager.default.createFile(atPath: marker.path, contents: Data()) else { throw CocoaError(.fileWriteUnknown) }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("umilog-sync-bench-run-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: master, to: directory)
        let server = try await LoopbackSyncServer.start(dataDirectory: directory.appendingPathComponent("server"), logger: quiet)
        let accountText = try String(contentsOf: directory.appendingPathComponent("account"), encoding: .utf8)
        guard let accountID = UUID(uuidString: accountText) else { throw CocoaError(.fileReadCorruptFile) }
        return Running(
            directory: directory, server: server, accountID: accountID,
            source: try await Device.open(at: directory.appendingPathComponent("source")),
            receiver: try await Device.open(at: directory.appendingPathComponent("receiver")))
    }

    /// Imports the generated log on the source device, creates the account and pushes
    /// everything, then lets the receiver join and pull everything.
    private static func build() async throws {
        try? FileManager.default.removeItem(at: master)
        let server = try await LoopbackSyncServer.start(dataDirectory: master.appendingPathComponent("server"), logger: quiet)
        let source = try await Device.open(at: master.appendingPathComponent("source"))
        let logbook = try GeneratedLogbook.make(diveCount: diveCount)
        let imported = try await source.services.importer.commit(LogbookReadResult(logbook: logbook), format: .json, at: Date())
        precondition(imported.importedDives == diveCount, "imported \(imported.importedDives) of \(diveCount) dives")
        let account = try await source.syncing.createAccount(server: server, passphrase: passphrase)
        try Data(account.accountID.uuidString.utf8).write(to: master.appendingPathComponent("account"))
        let pushed = try await source.syncing.sync()
        print("fixture: source pushed \(pushed.pushed) changes and \(pushed.profilesUploaded) profiles, \(pushed.bytesSent) bytes")
        let receiver = try await Device.open(at: master.appendingPathComponent("receiver"))
        try await receiver.syncing.joinAccount(server: server, accountID: account.accountID, secret: .passphrase(passphrase))
        let pulled = try await receiver.syncing.sync()
        print("fixture: receiver applied \(pulled.applied) changes and \(pulled.profilesDownloaded) profiles, \(pulled.bytesReceived) bytes")
    }
}
