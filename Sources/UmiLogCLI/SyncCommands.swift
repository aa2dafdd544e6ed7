import ArgumentParser
import CommandLineKit
import Foundation
import UmiLogCore
import Validation

/// The passphrase and recovery code are never options: they would land in the shell's history
/// and in `ps`. Scripts set these variables; people are asked with echo off.
enum SyncSecrets {
    static let passphraseVariable = "UMILOG_PASSPHRASE"
    static let newPassphraseVariable = "UMILOG_NEW_PASSPHRASE"
    static let recoveryCodeVariable = "UMILOG_RECOVERY_CODE"

    static func passphrase(confirm: Bool = false) throws -> String {
        try SecretInput.read(variable: passphraseVariable, prompt: "Passphrase: ", what: "passphrase", confirm: confirm)
    }

    static func newPassphrase() throws -> String {
        try SecretInput.read(variable: newPassphraseVariable, prompt: "New passphrase: ", what: "passphrase", confirm: true)
    }

    static func recoveryCode() throws -> RecoveryCode {
        try RecoveryCode(parsing: SecretInput.read(variable: recoveryCodeVariable, prompt: "Recovery code: ", what: "recovery code"))
    }

    /// The passphrase, or the recovery code when `useRecoveryCode`.
    static func secret(useRecoveryCode: Bool) throws -> KeySlotSecret {
        useRecoveryCode ? .recoveryCode(try recoveryCode()) : .passphrase(try passphrase())
    }
}

/// A server URL option, checked.
struct ServerURL: ExpressibleByArgument {
    let url: URL

    init?(argument: String) {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        self.url = url
    }
}

/// `umilog account create|join|passphrase|recovery-code|show`.
struct Account: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set up end-to-end encrypted sync: create the diver's account, join another device, change secrets.",
        discussion: """
            The passphrase is read from $\(SyncSecrets.passphraseVariable) or asked without echo; a new one from \
            $\(SyncSecrets.newPassphraseVariable); a recovery code from $\(SyncSecrets.recoveryCodeVariable). \
            The server never sees them, and cannot recover a forgotten passphrase: keep the recovery code.
            """,
        subcommands: [Create.self, Join.self, Passphrase.self, RecoveryCodeCommand.self, ShowAccount.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create the diver's sync account with this device as its first.")
        @Option(name: .long, help: "The sync server, e.g. http://127.0.0.1:8080.") var server: ServerURL
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let passphrase = try SyncSecrets.passphrase(confirm: true)
            let account = try await services.syncing.createAccount(server: server.url, passphrase: passphrase)
            if global.json {
                struct Created: Encodable {
                    let accountId: String
                    let recoveryCode: String
                }
                return try TerminalOutput.json(
                    Created(accountId: account.accountID.uuidString.lowercased(), recoveryCode: account.recoveryCode.description))
            }
            print("Account \(account.accountID.uuidString.lowercased()) created; this device is its first.")
            print("Recovery code (write it down now; it is shown only once): \(account.recoveryCode)")
            print(
                "Join another device with: umilog account join --server \(server.url.absoluteString) --account \(account.accountID.uuidString.lowercased())"
            )
        }
    }

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Join this device to the diver's account (then run `umilog sync`).")
        @Option(name: .long, help: "The sync server.") var server: ServerURL
        @Option(name: .long, help: "The account id `account create` printed.") var account: String
        @Flag(name: .long, help: "Open the account with the recovery code instead of the passphrase.") var recoveryCode = false
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            guard let accountID = UUID(uuidString: account) else {
                throw ValidationError("--account: \(account) is not an account id (a UUID).")
            }
            let services = try await global.services()
            try await services.syncing.joinAccount(
                server: server.url, accountID: accountID, secret: SyncSecrets.secret(useRecoveryCode: recoveryCode))
            if global.json { return try TerminalOutput.json(["accountId": accountID.uuidString.lowercased()]) }
            print("This device joined account \(accountID.uuidString.lowercased()). Run `umilog sync` to bring the log here.")
        }
    }

    struct Passphrase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change the passphrase (only its key slot changes; nothing else is re-encrypted).")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let old = try SyncSecrets.passphrase()
            let new = try SyncSecrets.newPassphrase()
            try await services.syncing.changePassphrase(from: old, to: new)
            if global.json { return try TerminalOutput.json(["changed": true]) }
            print("Passphrase changed on every device's next sign-in; the old one no longer opens the log.")
        }
    }

    struct RecoveryCodeCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recovery-code", abstract: "Make a new recovery code (the old one stops working).")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let code = try await services.syncing.newRecoveryCode(passphrase: SyncSecrets.passphrase())
            if global.json { return try TerminalOutput.json(["recoveryCode": code.description]) }
            print("New recovery code (write it down now; it is shown only once): \(code)")
        }
    }

    struct ShowAccount: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "The account and server this log syncs with.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let summary = try await services.sync.summary()
            if global.json { return try TerminalOutput.json(summary) }
            guard let account = summary.accountID else {
                print("This log does not sync yet (umilog account create, or umilog account join).")
                return
            }
            print("Account \(account) on \(summary.server ?? "-"), this device \(summary.deviceID).")
        }
    }
}

/// `umilog sync [--server URL]` and `umilog sync status`.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sync the log with the diver's other devices (end-to-end encrypted).",
        subcommands: [Run.self, Status.self], defaultSubcommand: Run.self
    )

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Push this device's changes and pull the others' (the default).")
        @Option(name: .long, help: "Use this sync server from now on.") var server: ServerURL?
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let report = try await services.syncing.sync(server: server?.url)
            if global.json { return try TerminalOutput.json(report) }
            print(
                "Synced: \(Wording.counted(report.pushed, "change")) sent, \(Wording.counted(report.applied, "change")) taken in"
                    + " (\(Wording.counted(report.profilesUploaded, "profile")) up, \(report.profilesDownloaded) down).")
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Where this device's changes are: saved on this device, uploading, or synced.")
        @Flag(name: .long, help: "List each dive with its state.") var dives = false
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let summary = try await services.sync.summary()
            var states: [(id: UUID, state: SyncProgress)] = []
            if dives {
                let ids = try await services.dives.history().map(\.id)
                let progress = try await services.sync.progress(of: ids)
                states = ids.map { ($0, progress[$0] ?? .synced) }
            }
            if global.json {
                struct StatusOutput: Encodable {
                    let summary: SyncSummary
                    let dives: [String: SyncProgress]?
                }
                return try TerminalOutput.json(
                    StatusOutput(
                        summary: summary,
                        dives: dives ? Dictionary(uniqueKeysWithValues: states.map { ($0.id.uuidString.lowercased(), $0.state) }) : nil))
            }
            print("Account: \(summary.accountID ?? "none (local only)")")
            print("Saved on this device: \(summary.saved)  Uploading: \(summary.uploading)  Synced: \(summary.synced)")
            print("From other devices: \(summary.received)  Conflicts: \(summary.conflicts)  In the trash: \(summary.trashed)")
            if let last = summary.lastSyncAt { print("Last sync: \(Output.dateTime(last))") }
            if let warning = summary.clockWarning { print("Warning: \(warning)") }
            for (id, state) in states { print("\(TextFormat.shortID(id))  \(state.rawValue)") }
        }
    }
}

/// `umilog conflicts` and `umilog conflicts resolve ID`.
struct Conflicts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dives sync needs you to look at: notes written on two devices at once, dives an edit brought back.",
        subcommands: [ListConflicts.self, Resolve.self], defaultSubcommand: ListConflicts.self
    )

    struct ListConflicts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the conflicts (the default).")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let conflicts = try await global.services().sync.conflicts()
            if global.json { return try TerminalOutput.json(conflicts.map(ConflictOutput.init)) }
            guard !conflicts.isEmpty else { return print("No conflicts.") }
            for conflict in conflicts {
                switch conflict.kind {
                case .concurrentText:
                    print("\(TextFormat.shortID(conflict.diveID))  \(conflict.field ?? "") written on two devices:")
                    print("  [0] shown: \(conflict.kept ?? "")")
                    for (index, other) in conflict.others.enumerated() { print("  [\(index + 1)] copy:  \(other)") }
                case .cameBackAfterDelete:
                    print("\(TextFormat.shortID(conflict.diveID))  deleted on one device but edited on another: it is back.")
                }
            }
        }
    }

    struct Resolve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Settle a dive's conflicts: keep version N of the field (0 = the one shown), and accept a dive that came back.")
        @Argument(help: "The dive's id (or its first 4+ characters).") var id: String
        @Option(name: .long, help: "Which version to keep, as `conflicts` numbers them.") var keep: Int = 0
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let logged = try await services.dives.find(id)
            let conflicts = try await services.sync.conflicts().filter { $0.diveID == logged.id }
            guard !conflicts.isEmpty else { throw ValidationError("Dive \(TextFormat.shortID(logged.id)) has no conflict.") }
            let text = conflicts.first { $0.kind == .concurrentText }
            let versions = text.map { [$0.kept ?? ""] + $0.others } ?? []
            if text != nil, !versions.indices.contains(keep) {
                throw ValidationError("--keep: choose 0 to \(versions.count - 1).")
            }
            try await services.sync.resolve(logged.id, field: text?.field, value: text == nil ? nil : versions[keep])
            if global.json { return try TerminalOutput.json(["resolved": logged.id.uuidString.lowercased()]) }
            print("Resolved dive \(TextFormat.shortID(logged.id)); the other devices follow on their next sync.")
        }
    }
}

/// `umilog trash` and `umilog trash restore ID`.
struct Trash: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Deleted dives, kept 30 days and restorable on any device.",
        subcommands: [ListTrash.self, RestoreDive.self], defaultSubcommand: ListTrash.self
    )

    struct ListTrash: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the trash (the default).")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let trash = try await global.services().sync.trash()
            if global.json { return try TerminalOutput.json(trash.map(TrashedDiveOutput.init)) }
            guard !trash.isEmpty else { return print("The trash is empty.") }
            TerminalOutput.table(
                ["id", "deleted", "dive", "site", "depth"],
                trash.map { dive in
                    [
                        TextFormat.shortID(dive.id), Output.dateTime(dive.deletedAt), dive.startTime.map(Output.dateTime) ?? "-",
                        dive.siteID ?? "-", dive.maxDepthMeters.map { "\(Wording.number($0)) m" } ?? "-",
                    ]
                })
        }
    }

    struct RestoreDive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring a dive back from the trash.")
        @Argument(help: "The dive's id (or its first 4+ characters), as `trash` lists it.") var id: String
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let services = try await global.services()
            let trash = try await services.sync.trash()
            guard let prefix = IDPrefix(id) else { throw ValidationError("\(id): give at least 4 characters of the id.") }
            let match: UUID
            switch prefix.resolve(trash.map { $0.id.uuidString.lowercased() }.filter(prefix.matches)) {
            case .none: throw ValidationError("No dive in the trash starts with \(id).")
            case .ambiguous(let count): throw ValidationError("\(count) dives in the trash start with \(id); give more characters.")
            case .unique(let text): match = UUID(uuidString: text)!
            }
            try await services.sync.restore(match)
            if global.json { return try TerminalOutput.json(["restored": match.uuidString.lowercased()]) }
            print("Restored dive \(TextFormat.shortID(match)); the other devices follow on their next sync.")
        }
    }
}

/// `umilog backup FILE`: an encrypted backup that restores without any server.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an encrypted backup of the whole log to FILE (it opens with the passphrase or recovery code).")
    @Argument(help: "Where to write the backup (replaced if it exists).") var file: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let data = try await services.syncing.backup(passphrase: SyncSecrets.passphrase())
        let url = HomeDirectory.fileURL(file)
        try data.write(to: url, options: .atomic)
        if global.json { return try TerminalOutput.json(["file": url.path, "bytes": "\(data.count)"]) }
        print("Wrote an encrypted backup of the log to \(file) (\(data.count) bytes).")
    }
}

/// `umilog restore FILE`: merges an encrypted backup into the log.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Restore an encrypted backup into this log (merged with what is here; nothing is lost).")
    @Argument(help: "The backup file.") var file: String
    @Flag(name: .long, help: "Open it with the recovery code instead of the passphrase.") var recoveryCode = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let data = try InputFile.read(file, field: "file", maximumBytes: 4 << 30)
        let services = try await global.services()
        let restored = try await services.syncing.restore(data, secret: SyncSecrets.secret(useRecoveryCode: recoveryCode))
        if global.json { return try TerminalOutput.json(["restoredChanges": restored]) }
        print("Restored \(Wording.counted(restored, "change")) from \(file).")
    }
}

/// A dive in the trash as `--json` prints it (ids lower-case, as every command prints them).
struct TrashedDiveOutput: Encodable {
    let id: String
    let deletedAt: Date
    let startTime: Date?
    let siteID: String?
    let maxDepthMeters: Double?

    init(_ dive: TrashedDive) {
        id = dive.id.uuidString.lowercased()
        deletedAt = dive.deletedAt
        startTime = dive.startTime
        siteID = dive.siteID
        maxDepthMeters = dive.maxDepthMeters
    }
}

/// A conflict as `--json` prints it.
struct ConflictOutput: Encodable {
    let diveId: String
    let kind: String
    let field: String?
    let kept: String?
    let others: [String]

    init(_ conflict: SyncConflict) {
        diveId = conflict.diveID.uuidString.lowercased()
        kind = conflict.kind.rawValue
        field = conflict.field
        kept = conflict.kept
        others = conflict.others
    }
}
