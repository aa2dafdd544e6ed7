import ArgumentParser
import BudsAPI
import BudsCore
import CommandLineKit
import Foundation

/// `buds account`: this journal's registration with a relay (sign-in is by phone number only).
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Sign this journal in to a relay, to share with circles.",
        subcommands: [VerifyPhone.self, ShowAccount.self], defaultSubcommand: ShowAccount.self)

    struct VerifyPhone: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify-phone",
            abstract: "Verify a phone number with a texted code; this device becomes the person's first device.",
            discussion: """
                Without --code, asks the relay to text a code and stops (run again with --code). With --sms-outbox DIR \
                (a development relay's outbox folder), reads the code from there and finishes at once. The relay keeps \
                only a keyed digest of the number.
                """)

        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "The phone number with its country code, e.g. +14155550100.") var phone: String
        @Option(help: "The 6-digit code the relay texted.") var code: String?
        @Option(help: "The name circle members see (default: the part of your journal folder's name).") var name: String?
        @Option(help: ArgumentHelp("Read the code from a development relay's SMS outbox folder.", valueName: "dir")) var smsOutbox: String?
        @Flag(help: "Ask for a new code for the waiting sign-in.") var resend = false
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let circles = journal.circles
            if let code {
                return try report(try await circles.completeSignIn(code: code))
            }
            if resend {
                let pending = try await circles.resendCode()
                if output.json { return try TerminalOutput.json(pending) }
                print("A new code is on its way (\(pending.checksLeft) tries left).")
                return
            }
            let pending = try await circles.startSignIn(phone: phone, server: try relay.url(), name: name ?? storeOptions.directory.lastPathComponent)
            guard let smsOutbox else {
                if output.json { return try TerminalOutput.json(pending) }
                print("A code is on its way to \(phone). Finish with: buds account verify-phone \(phone) --code CODE")
                return
            }
            let e164 = "+" + phone.filter { $0.isASCII && $0.isNumber }
            guard let texted = DevelopmentSMSOutbox(directory: URL(fileURLWithPath: smsOutbox)).latestCode(for: e164) else {
                throw CLIError("No code for \(e164) in \(smsOutbox).")
            }
            try report(try await circles.completeSignIn(code: texted))
        }

        private func report(_ account: RelayAccount) throws {
            if output.json { return try TerminalOutput.json(account) }
            print("Verified. This device is \(account.deviceId) of \(account.did), on \(account.server).")
        }
    }

    struct ShowAccount: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show this journal's relay account.")

        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            guard let account = try await journal.circles.account() else { throw CircleError.notSignedIn }
            if output.json { return try TerminalOutput.json(account) }
            print("Name     \(account.name)")
            print("DID      \(account.did)")
            print("Device   \(account.deviceId)")
            print("Devices  \(account.devices.count)")
            print("Relay    \(account.server)")
        }
    }
}
