import ArgumentParser
import BudsCore
import CommandLineKit
import Foundation
import Identity

/// `buds devices`: this person's devices — list, link a new one, remove one.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List, link and remove this person's devices (at most 5).",
        subcommands: [ListDevices.self, Link.self, AcceptLink.self, RemoveDevice.self], defaultSubcommand: ListDevices.self)

    struct ListDevices: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List this person's devices.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let devices = try await journal.circles.devices()
            if output.json { return try TerminalOutput.json(devices) }
            TerminalOutput.table(["DEVICE", ""], devices.map { [$0.deviceId, $0.isThisDevice ? "this device" : ""] })
        }
    }

    struct Link: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "On a new, empty journal: show a code to accept on an existing device, then join its person.",
            discussion: """
                Prints the code and waits (up to --wait seconds) for the existing device to run `buds devices accept-link CODE`. \
                With --wait 0 it only prints the code; finish later with `buds devices link --finish`.
                """)
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Option(help: "The name circle members see.") var name: String?
        @Option(help: "Seconds to wait for the existing device (the code lives 10 minutes).") var wait = 600
        @Flag(help: "Finish a link started earlier.") var finish = false
        @OptionGroup var output: JSONOutputOption

        func validate() throws {
            guard (0...600).contains(wait) else { throw ValidationError("wait: 0 to 600 seconds") }
        }

        func run() async throws {
            let journal = try storeOptions.openJournal()
            if !finish {
                let code = try await journal.circles.beginLink(server: try relay.url(), name: name ?? storeOptions.directory.lastPathComponent)
                if output.json && wait == 0 { return try TerminalOutput.json(["code": code.text]) }
                TerminalOutput.printNow("On your other device run:  buds devices accept-link \(code.text)")
            }
            let deadline = Date().addingTimeInterval(Double(finish ? 0 : wait))
            repeat {
                if let account = try await journal.circles.finishLink() {
                    if output.json { return try TerminalOutput.json(account) }
                    print("Linked: this device is \(account.deviceId) of \(account.did) (\(account.devices.count) devices).")
                    return
                }
                if Date() >= deadline { break }
                try await Task.sleep(for: .seconds(1))
            } while true
            if finish || wait > 0 { throw CLIError("The other device has not accepted the link yet; run `buds devices link --finish` once it has.") }
        }
    }

    struct AcceptLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept-link", abstract: "On an existing device: send this person's identity to the new device showing CODE.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "The 96-character code the new device shows.") var code: String
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            try await journal.circles.acceptLink(code: code)
            if output.json { return try TerminalOutput.json(["sent": true]) }
            print("Sent. The new device finishes the link; your circles will show that you added a device.")
        }
    }

    struct RemoveDevice: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a device: it loses its relay access.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "The device's id (or its first 4+ characters).") var device: String
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let devices = try await journal.circles.removeDevice(device)
            if output.json { return try TerminalOutput.json(devices) }
            print("Removed. \(devices.count) device(s) left.")
        }
    }
}

/// `buds circle`: circles of friends to share with.
struct CircleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "circle", abstract: "Make circles, invite, join, see members, remove members.",
        subcommands: [ListCircles.self, Create.self, Invite.self, Join.self, Members.self, Remove.self], defaultSubcommand: ListCircles.self)

    struct ListCircles: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your circles.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let circles = try await journal.circles.circles()
            if output.json { return try TerminalOutput.json(circles) }
            if circles.isEmpty { return print("No circles yet. Make one with: buds circle create NAME") }
            TerminalOutput.table(
                ["CIRCLE", "MEMBERS", "STATE"],
                circles.map {
                    [
                        $0.name, "\($0.members.count)",
                        $0.isRemoved ? "removed" : $0.isPending ? "waiting for the owner" : $0.isOwner ? "owner" : "member",
                    ]
                })
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a circle you own.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "Its name (yours only: members name it themselves).") var name: String
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let circle = try await journal.circles.createCircle(name: name)
            if output.json { return try TerminalOutput.json(circle) }
            print("Made \(circle.name). Invite with: buds circle invite \(circle.name)")
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a one-time invitation code (its secret never reaches the relay).")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "The circle.") var circle: String
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let invitation = try await journal.circles.invite(to: circle)
            if output.json { return try TerminalOutput.json(["code": invitation.code, "link": invitation.link]) }
            print("Pass this on privately; it works once:\n  buds circle join \(invitation.code)\n  \(invitation.link)")
        }
    }

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Ask to join a circle with an invitation; the owner's device adds you.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "The invitation code or link.") var code: String
        @Option(help: "What to call the circle here.") var name: String?
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let circle = try await journal.circles.join(code: code, as: name)
            if output.json { return try TerminalOutput.json(circle) }
            print("Asked to join \(circle.name). You are in once the owner's device syncs; then run buds sync.")
        }
    }

    struct Members: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The circle's members and what happened, as the relay shows them now.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "The circle.") var circle: String
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let (summary, _) = try await journal.circles.members(of: circle)
            let events = try await journal.circles.events(of: circle)
            if output.json { return try TerminalOutput.json(Report(circle: summary, events: events)) }
            TerminalOutput.table(
                ["MEMBER", "DID", "DEVICES", ""],
                summary.members.map { member in
                    [
                        member.displayName + (member.isMe ? " (you)" : ""), member.did, "\(member.devices)",
                        member.hasPendingKeyChange ? "KEY CHANGED" : member.isOwner ? "owner" : "",
                    ]
                })
            for event in events { print("• \(TextFormat.dateTime(event.at, style: .localMinutes))  \(event.text)") }
        }

        struct Report: Encodable {
            let circle: CircleSummary
            let events: [CircleEvent]
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a member (owner only): nothing shared from now on reaches them.")
        @OptionGroup var storeOptions: StoreOptions<Buds>
        @OptionGroup var relay: RelayOptions
        @Argument(help: "The circle.") var circle: String
        @Argument(help: "The member's name or DID.") var member: String
        @OptionGroup var output: JSONOutputOption

        func run() async throws {
            let journal = try storeOptions.openJournal()
            try await relay.check(journal)
            let summary = try await journal.circles.remove(member, from: circle)
            if output.json { return try TerminalOutput.json(summary) }
            print("Removed. \(summary.name) has \(summary.members.count) member(s).")
        }
    }
}

/// `buds share ID --circle NAME`.
struct Share: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Share a memory with a circle, sealed for its members' devices; later edits and its deletion follow.")
    @OptionGroup var storeOptions: StoreOptions<Buds>
    @OptionGroup var relay: RelayOptions
    @Argument(help: MemoryReference.help) var reference: String
    @Option(help: "The circle.") var circle: String
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        try await relay.check(journal)
        let memory = try await journal.repository.resolve(reference)
        let receipt = try await journal.circles.share(memory.id, with: circle)
        if output.json { return try TerminalOutput.json(receipt) }
        print("Shared \(memory.strainName) with \(receipt.circle) (\(receipt.devices) device(s)).")
    }
}

/// `buds sync` (also `buds inbox`): send what waits, take in what arrived.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send queued updates and take in what circle members shared (each entry verified before it is stored).",
        aliases: ["inbox"])
    @OptionGroup var storeOptions: StoreOptions<Buds>
    @OptionGroup var relay: RelayOptions
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        try await relay.check(journal)
        let report = try await journal.circles.sync()
        if output.json { return try TerminalOutput.json(report) }
        for event in report.events { print("• \(event.circle): \(event.text)") }
        for memory in report.received {
            let what = memory.isDeleted ? "deleted a memory" : "shared \(memory.strainName ?? "a memory")"
            print("\(memory.from) \(what) in \(memory.circle)  [\(TextFormat.shortID(memory.memoryId))]")
        }
        for reason in report.refused { print("refused: \(reason)") }
        if report.sentUpdates > 0 { print("Sent \(report.sentUpdates) update(s) of shared memories.") }
        if report.received.isEmpty && report.refused.isEmpty && report.events.isEmpty && report.sentUpdates == 0 { print("Nothing new.") }
    }
}

/// `buds safety-number MEMBER [--accept]`.
struct SafetyNumberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "safety-number", abstract: "The number you and a member compare to know your keys are real; accept a changed key.")
    @OptionGroup var storeOptions: StoreOptions<Buds>
    @OptionGroup var relay: RelayOptions
    @Argument(help: "The member's name or DID.") var member: String
    @Flag(help: "Accept the member's changed device key (after comparing the numbers in person).") var accept = false
    @OptionGroup var output: JSONOutputOption

    func run() async throws {
        let journal = try storeOptions.openJournal()
        try await relay.check(journal)
        let circles = journal.circles
        let report = accept ? try await circles.acceptKeyChange(of: member) : try await circles.safetyNumber(with: member)
        if output.json { return try TerminalOutput.json(report) }
        print("Safety number with \(report.member):\n  \(report.number)")
        if report.hasPendingKeyChange {
            print("Their device key changed: compare, then run `buds safety-number \(member) --accept` to share with them again.")
        }
    }
}
