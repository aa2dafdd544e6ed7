import ArgumentParser
import CommandLineKit
import DAGCBOR
import Foundation
import Identity
import Receipts
import UmiLogCore

/// `umilog sign ID --key FILE`: an instructor signs a dive off.
struct Sign: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sign a dive off with an instructor's key (covers site, time, depth, duration and diver).",
        discussion: "Create a key with: umilog keygen --out FILE. Check a sign-off with: umilog verify ID"
    )
    @Argument(help: "The dive's id (or its first 4+ characters).") var id: String
    @Option(name: .long, help: "The instructor's Ed25519 private key file.") var key: String
    @Option(name: .long, help: "The instructor's name, as it should appear with the signature.") var name: String = ""
    @Option(name: .long, help: "The instructor's certification (agency and number).") var certification: String = ""
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        // Loading applies the one rule for private key files (Identity's PrivateKeyFile).
        let instructor = try InstructorKey.load(from: HomeDirectory.fileURL(key))
        let services = try await global.services()
        let logged = try await services.dives.find(id)
        let signoff = try await services.signoffs.sign(
            logged.dive.id, instructor: instructor, name: name, certification: certification, at: global.storeOptions.clock()
        )
        if global.json { return try TerminalOutput.json(SignoffOutput(signoff, status: .valid)) }
        print("Signed dive \(logged.dive.id.uuidString.lowercased()) as \(signoff.signerDID).")
        print("Receipt \(signoff.receipt.cid.string)")
    }
}

/// `umilog verify ID`: checks every sign-off of a dive against the dive as it is now.
struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a dive's sign-offs; exits 1 unless every one is valid for the dive as it is now."
    )
    @Argument(help: "The dive's id (or its first 4+ characters).") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try await global.services()
        let logged = try await services.dives.find(id)
        let results = try await services.signoffs.verify(logged.dive.id)
        if global.json {
            try TerminalOutput.json(results.map { SignoffOutput($0.0, status: $0.1) })
        } else if results.isEmpty {
            print("Dive \(logged.dive.id.uuidString.lowercased()) has no sign-off.")
        } else {
            for (signoff, status) in results {
                let who = signoff.payload.instructor.isEmpty ? signoff.signerDID : "\(signoff.payload.instructor) (\(signoff.signerDID))"
                print("\(SignoffOutput.describe(status)) — signed by \(who) on \(Output.dateTime(signoff.signedAt))")
            }
        }
        guard !results.isEmpty, results.allSatisfy({ $0.1 == .valid }) else { throw ExitCode(1) }
    }
}

/// `umilog keygen --out FILE`: a new instructor key, in a new file of mode 0600.
struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create an instructor signing key (Ed25519) in FILE.")
    @Option(name: .long, help: "Where to write the key (it must not exist yet).") var out: String
    @OptionGroup var output: JSONOutputOption

    func run() throws {
        let url = HomeDirectory.fileURL(out)
        let (text, identity) = InstructorKey.generate()
        // Created exclusively with mode 0600, so `sign` accepts it under the key-file rule.
        try PrivateKeyFile.create(Data(text.utf8), at: url.path)
        if output.json {
            struct KeyOutput: Encodable {
                let file: String
                let did: String
            }
            return try TerminalOutput.json(KeyOutput(file: url.path, did: identity.didKey))
        }
        print("Wrote a new signing key to \(out) (keep it private).")
        print("Public identity: \(identity.didKey)")
    }
}

/// A sign-off as `--json` prints it.
struct SignoffOutput: Encodable {
    let diveID: String
    let cid: String
    let signer: String
    let instructor: String
    let certification: String
    let signedAt: Date
    let signed: DiveSignoffPayload
    let valid: Bool
    let status: String

    init(_ signoff: DiveSignoff, status: SignoffStatus) {
        diveID = signoff.diveID.uuidString.lowercased()
        cid = signoff.receipt.cid.string
        signer = signoff.signerDID
        instructor = signoff.payload.instructor
        certification = signoff.payload.certification
        signedAt = signoff.signedAt
        signed = signoff.payload
        valid = status == .valid
        self.status = Self.describe(status)
    }

    static func describe(_ status: SignoffStatus) -> String {
        switch status {
        case .valid: "valid"
        case .fieldsChanged(let fields): "no longer valid: \(fields.joined(separator: ", ")) changed since signing"
        case .forged(let reason): "not genuine: \(reason)"
        }
    }
}
