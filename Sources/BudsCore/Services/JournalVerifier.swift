import DAGCBOR
import Foundation
public import GRDB
import Receipts

/// Checks every stored receipt as an outsider would: the stored CID names the stored bytes,
/// the signature verifies, the DID matches the key, and every edit or deletion continues a
/// chain it belongs to, signed by the same key.
public struct JournalVerifier: Sendable {
    private let database: any DatabaseReader

    public init(database: any DatabaseReader) {
        self.database = database
    }

    public func verifyAll() async throws -> VerificationReport {
        try await database.read { db in
            var parents: [String: ChainLink] = [:]
            var failures: [VerificationReport.Failure] = []
            var total = 0
            let rows = try HeaderRow.order(HeaderRow.CodingKeys.receivedAt, HeaderRow.CodingKeys.cid).fetchCursor(db)
            var pending: [(HeaderRow, Receipt)] = []
            while let row = try rows.next() {
                total += 1
                do {
                    let receipt = try ChainHistory.verifiedReceipt(row)
                    parents[row.cid] = ChainLink(receipt)
                    pending.append((row, receipt))
                } catch {
                    failures.append(.init(cid: row.cid, reason: ErrorText.describe(error)))
                }
            }
            let failedCIDs = Set(failures.map(\.cid))
            for (row, receipt) in pending {
                if let reason = ChainHistory.linkFailure(receipt, links: parents, failed: failedCIDs) {
                    failures.append(.init(cid: row.cid, reason: reason))
                }
            }
            return VerificationReport(total: total, verified: total - failures.count, failures: failures)
        }
    }
}

/// What a chain check needs to know of a parent.
struct ChainLink: Sendable {
    let cid: CID
    let rootCID: CID
    let signingKey: Data

    init(_ receipt: Receipt) {
        cid = receipt.cid
        rootCID = receipt.rootCID
        signingKey = receipt.header.signingKey
    }
}

/// Verification of stored rows, shared by `verify` and `history`.
enum ChainHistory {
    /// Rebuilds a receipt from its row and verifies it on its own (CID, signature, DID).
    static func verifiedReceipt(_ row: HeaderRow) throws -> Receipt {
        let receipt = try ReceiptLedger.receipt(from: row)
        let claimed = try CID(string: row.cid)
        try ReceiptVerifier.verify(receipt, claimedCID: claimed)
        return receipt
    }

    /// Why a receipt does not continue its chain, or nil when it does.
    static func chainFailure(_ receipt: Receipt, parent: ChainLink?) -> String? {
        guard let parentCID = receipt.header.parentCID else { return nil }
        guard let parent, parent.cid == parentCID else {
            return ReceiptError.missingParent(cid: receipt.cid.string, parent: parentCID.string).localizedDescription
        }
        if receipt.header.rootCID != parent.rootCID {
            return ReceiptError.rootMismatch(cid: receipt.cid.string).localizedDescription
        }
        if receipt.header.signingKey != parent.signingKey {
            return ReceiptError.signerMismatch(cid: receipt.cid.string).localizedDescription
        }
        return nil
    }

    /// Why a receipt does not continue its chain, given the verified receipts (`links`) and
    /// the ones that failed on their own (`failed`), or nil when it does.
    static func linkFailure(_ receipt: Receipt, links: [String: ChainLink], failed: Set<String>) -> String? {
        if let parent = receipt.header.parentCID, failed.contains(parent.string) {
            return "Its parent receipt \(parent) failed verification."
        }
        return chainFailure(receipt, parent: receipt.header.parentCID.flatMap { links[$0.string] })
    }

    /// A chain's rows in chain order: the root, then each receipt after its parent (siblings
    /// of a fork by signed time, then CID). Rows whose parent is missing come last.
    static func chainOrdered(_ rows: [HeaderRow]) -> [HeaderRow] {
        var children: [String: [HeaderRow]] = [:]
        let present = Set(rows.map(\.cid))
        var starts: [HeaderRow] = []
        for row in rows {
            if let parent = row.parentCID, present.contains(parent) {
                children[parent, default: []].append(row)
            } else {
                starts.append(row)
            }
        }
        var signedAt: [String: Int64] = [:]
        for row in rows { signedAt[row.cid] = (try? ReceiptLedger.receipt(from: row).header.createdAtMs) ?? 0 }
        func signedOrder(_ lhs: HeaderRow, _ rhs: HeaderRow) -> Bool {
            let left = signedAt[lhs.cid] ?? 0
            let right = signedAt[rhs.cid] ?? 0
            return left != right ? left < right : lhs.cid < rhs.cid
        }
        var ordered: [HeaderRow] = []
        var queue = starts.sorted { ($0.parentCID == nil ? 0 : 1, $0.cid) < ($1.parentCID == nil ? 0 : 1, $1.cid) }
        while !queue.isEmpty {
            let row = queue.removeFirst()
            ordered.append(row)
            queue.insert(contentsOf: (children[row.cid] ?? []).sorted(by: signedOrder), at: 0)
        }
        return ordered
    }

    /// A chain's rows as history entries, each with its verification result.
    static func versions(_ rows: [HeaderRow]) throws -> [ReceiptVersion] {
        var links: [String: ChainLink] = [:]
        var checked: [(row: HeaderRow, receipt: Receipt?, failure: String?)] = []
        for row in rows {
            do {
                let receipt = try verifiedReceipt(row)
                links[row.cid] = ChainLink(receipt)
                checked.append((row, receipt, nil))
            } catch {
                checked.append((row, nil, ErrorText.describe(error)))
            }
        }
        let failed = Set(checked.filter { $0.failure != nil }.map(\.row.cid))
        var versions: [ReceiptVersion] = []
        for (row, receipt, failure) in checked {
            var reason = failure
            if let receipt, reason == nil {
                reason = linkFailure(receipt, links: links, failed: failed)
            }
            versions.append(
                ReceiptVersion(
                    cid: row.cid, receiptType: row.receiptType, did: row.did, deviceId: row.deviceId,
                    createdAtMs: receipt?.header.createdAtMs ?? Int64(row.receivedAt * 1000), parentCID: row.parentCID,
                    rootCID: row.rootCID, signature: row.signature, payloadJSON: row.payloadJSON,
                    verificationFailure: reason
                ))
        }
        return versions
    }
}
