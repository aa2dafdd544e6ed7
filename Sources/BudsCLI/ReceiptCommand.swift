import ArgumentParser
import BudsCore
import CommandLineKit
import DAGCBOR
import Foundation
import Receipts

struct ReceiptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt",
        abstract: "Show one receipt, or write its raw DAG-CBOR bytes with --raw.",
        discussion: """
            The raw bytes are exactly what was hashed into the CID and signed: check them with any CBOR and \
            Ed25519 tool (the body's signingKey is the public key; `buds history --json` gives the signature).
            """
    )

    @OptionGroup var storeOptions: StoreOptions<Buds>
    @Argument(help: "The receipt's CID.") var cid: String
    @Flag(help: "Write the raw CBOR bytes to stdout.") var raw = false
    @OptionGroup var output: JSONOutputOption

    private struct Result: Encodable {
        let cid: String
        let receiptType: String
        let did: String
        let deviceId: String
        let signingKey: String
        let createdAtMs: Int64
        let parentCID: String?
        let rootCID: String
        let signature: String
        let rawCBORBase64: String
        let byteCount: Int
    }

    func run() async throws {
        let journal = try storeOptions.openJournal()
        let receipt = try await journal.repository.receipt(cid)
        if raw {
            FileHandle.standardOutput.write(receipt.rawCBOR)
            return
        }
        let header = receipt.header
        let result = Result(
            cid: receipt.cid.string, receiptType: header.receiptType, did: header.did, deviceId: header.deviceId,
            signingKey: header.signingKey.base64EncodedString(), createdAtMs: header.createdAtMs,
            parentCID: header.parentCID?.string, rootCID: receipt.rootCID.string, signature: receipt.signatureBase64,
            rawCBORBase64: receipt.rawCBOR.base64EncodedString(), byteCount: receipt.rawCBOR.count
        )
        if output.json { return try TerminalOutput.json(result) }
        print("CID        \(result.cid)")
        print("Type       \(result.receiptType)")
        print("DID        \(result.did)")
        print("Device     \(result.deviceId)")
        let created = Date(timeIntervalSince1970: Double(result.createdAtMs) / 1000)
        print("Created    \(TextFormat.dateTime(created, style: .localMinutes))")
        if let parent = result.parentCID { print("Parent     \(parent)") }
        print("Root       \(result.rootCID)")
        print("Signature  \(result.signature)")
        print("Size       \(result.byteCount) bytes")
    }
}
