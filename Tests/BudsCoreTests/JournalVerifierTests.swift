import BudsCore
import Foundation
import GRDB
import Receipts
import Testing

@Suite("Journal verifier: every receipt is checked as an outsider would")
struct JournalVerifierTests {
    /// Opens the journal's database file directly, as an attacker or a disk fault would.
    private func tamper(_ test: TestJournal, _ sql: String, _ arguments: StatementArguments = []) throws {
        let queue = try DatabaseQueue(path: test.directory.appendingPathComponent("buds.sqlite").path)
        try queue.write { try $0.execute(sql: sql, arguments: arguments) }
    }

    private func journalWithChain() async throws -> (TestJournal, Memory) {
        let test = try TestJournal()
        let memory = try await test.repository.create(.sample())
        _ = try await test.repository.update(memory.id, with: .sample(rating: 2))
        _ = try await test.repository.create(.sample("Other"))
        return (test, memory)
    }

    @Test("an untouched journal verifies completely")
    func untouchedJournalVerifies() async throws {
        let (test, _) = try await journalWithChain()
        let report = try await test.journal.verifier.verifyAll()
        #expect(report.total == 3 && report.verified == 3 && report.isValid)
    }

    @Test("a changed byte in a receipt's body is caught as a CID mismatch")
    func alteredBodyFails() async throws {
        let (test, memory) = try await journalWithChain()
        let receipt = try await test.repository.receipt(memory.receiptCID)
        var bytes = [UInt8](receipt.rawCBOR)
        // Rating 4 → 5 inside the payload: still canonical CBOR, no longer the signed bytes.
        let index = try #require(bytes.lastIndex(of: 0x04))
        bytes[index] = 0x05
        try tamper(test, "UPDATE ucr_headers SET raw_cbor = ? WHERE cid = ?", [Data(bytes), memory.receiptCID])
        let report = try await test.journal.verifier.verifyAll()
        // The altered receipt fails, and so does the edit chained to it.
        #expect(report.failed == 2)
        #expect(report.failures.first?.cid == memory.receiptCID)
        #expect(report.failures.first?.reason.contains("does not match its CID") == true)
        #expect(report.failures.last?.reason.contains("failed verification") == true)
    }

    @Test("a swapped signature is caught")
    func swappedSignatureFails() async throws {
        let (test, memory) = try await journalWithChain()
        let history = try await test.repository.history(of: memory.receiptCID)
        try tamper(test, "UPDATE ucr_headers SET signature = ? WHERE cid = ?", [history[1].signature, history[0].cid])
        let report = try await test.journal.verifier.verifyAll()
        // The forged receipt fails, and the edit chained to it can no longer be trusted.
        #expect(report.failures.map(\.cid) == [history[0].cid, history[1].cid])
        #expect(report.failures.first?.reason.contains("invalid signature") == true)
        let detail = try await test.repository.history(of: memory.receiptCID)
        #expect(detail[0].verificationFailure?.contains("invalid signature") == true)
        #expect(detail[1].verificationFailure?.contains("failed verification") == true)
    }

    @Test("a receipt whose parent is gone fails the chain check")
    func missingParentFails() async throws {
        let (test, memory) = try await journalWithChain()
        let queue = try DatabaseQueue(path: test.directory.appendingPathComponent("buds.sqlite").path)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "DELETE FROM ucr_headers WHERE cid = ?", arguments: [memory.receiptCID])
        }
        let report = try await test.journal.verifier.verifyAll()
        #expect(report.total == 2 && report.failed == 1)
        #expect(report.failures.first?.reason.contains("not present") == true)
    }
}
