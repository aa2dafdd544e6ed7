import FlipcashCore
import TestSupport
import Testing

@testable import FlipcashCloud

@Suite("Ledger rules")
struct LedgerTests {
    static let issuance = LedgerAccountID("issuance:usdf")
    static let alice = LedgerAccountID("alice")
    static let bob = LedgerAccountID("bob")
    static let fees = LedgerAccountID("fees:usdf")
    static let other = Mint.launchpad(address: "So11111111111111111111111111111111111111112")

    static func funded(_ quarks: UInt64 = 5_000_000) throws -> Ledger {
        var ledger = Ledger()
        try ledger.open(issuance, mint: .usdf, kind: .issuance)
        try ledger.open(alice, mint: .usdf, kind: .user)
        try ledger.open(bob, mint: .usdf, kind: .user)
        try ledger.open(fees, mint: .usdf, kind: .fees)
        #expect(ledger.apply(transfer("deposit", from: issuance, to: alice, quarks, .deposit)) == .created)
        return ledger
    }

    static func transfer(
        _ id: String, from debit: LedgerAccountID, to credit: LedgerAccountID, _ amount: UInt64, _ code: LedgerTransfer.Code = .payment,
        mint: Mint = .usdf
    ) -> LedgerTransfer {
        LedgerTransfer(id: TransferID(id), debit: debit, credit: credit, mint: mint, amount: amount, code: code)
    }

    @Test("a payment moves quarks exactly; the issuance account alone goes below zero")
    func payment() throws {
        var ledger = try Self.funded()
        #expect(ledger.apply(Self.transfer("p1", from: Self.alice, to: Self.bob, 1_250_000)) == .created)
        #expect(ledger.accounts[Self.alice]?.balance == 3_750_000)
        #expect(ledger.accounts[Self.bob]?.balance == 1_250_000)
        #expect(ledger.accounts[Self.issuance]?.balance == -5_000_000)
        #expect(ledger.history == [TransferID("deposit"), TransferID("p1")])
        try ledger.checkInvariants()
    }

    @Test("a retry with the same body is `exists` and changes nothing, even after balances changed")
    func retrySameBody() throws {
        var ledger = try Self.funded()
        let payment = Self.transfer("p1", from: Self.alice, to: Self.bob, 5_000_000)
        #expect(ledger.apply(payment) == .created)
        let after = ledger
        // Alice could not pay it again now: the retry is still recognised first.
        #expect(ledger.apply(payment) == .exists)
        #expect(ledger == after)
    }

    @Test("a retry with another body is a conflict naming the first field that differs, in a fixed order")
    func retryOtherBody() throws {
        var ledger = try Self.funded()
        #expect(ledger.apply(Self.transfer("p1", from: Self.alice, to: Self.bob, 100)) == .created)
        let after = ledger
        #expect(ledger.apply(Self.transfer("p1", from: Self.bob, to: Self.alice, 7)) == .failed(.conflict(.debit)))
        #expect(ledger.apply(Self.transfer("p1", from: Self.alice, to: Self.fees, 7)) == .failed(.conflict(.credit)))
        #expect(ledger.apply(Self.transfer("p1", from: Self.alice, to: Self.bob, 100, mint: Self.other)) == .failed(.conflict(.mint)))
        #expect(ledger.apply(Self.transfer("p1", from: Self.alice, to: Self.bob, 101)) == .failed(.conflict(.amount)))
        #expect(ledger.apply(Self.transfer("p1", from: Self.alice, to: Self.bob, 100, .fee)) == .failed(.conflict(.code)))
        #expect(ledger == after)
    }

    @Test("insufficient funds stays with the id: funding the account later does not turn the retry into a payment")
    func pinnedFailure() throws {
        var ledger = try Self.funded(1_000)
        let payment = Self.transfer("p1", from: Self.alice, to: Self.bob, 2_000)
        #expect(ledger.apply(payment) == .failed(.insufficientFunds(available: 1_000)))
        #expect(ledger.apply(Self.transfer("top-up", from: Self.issuance, to: Self.alice, 5_000, .deposit)) == .created)
        #expect(ledger.apply(payment) == .failed(.insufficientFunds(available: 1_000)))
        #expect(ledger.apply(Self.transfer("p1", from: Self.alice, to: Self.bob, 1)) == .failed(.conflict(.amount)))
        #expect(ledger.apply(Self.transfer("p2", from: Self.alice, to: Self.bob, 2_000)) == .created)
        #expect(ledger.accounts[Self.bob]?.balance == 2_000)
        try ledger.checkInvariants()
    }

    @Test("requests that can never succeed are refused and not remembered")
    func invalidRequests() throws {
        var ledger = try Self.funded()
        try ledger.open(LedgerAccountID("carol-other"), mint: Self.other, kind: .user)
        let before = ledger
        #expect(ledger.apply(Self.transfer("z", from: Self.alice, to: Self.bob, 0)) == .failed(.zeroAmount))
        #expect(ledger.apply(Self.transfer("s", from: Self.alice, to: Self.alice, 5)) == .failed(.sameAccount))
        #expect(ledger.apply(Self.transfer("big", from: Self.alice, to: Self.bob, Ledger.maximumSum + 1)) == .failed(.amountTooLarge))
        #expect(
            ledger.apply(Self.transfer("m", from: Self.alice, to: LedgerAccountID("carol-other"), 5)) == .failed(.mintMismatch))
        #expect(ledger.apply(Self.transfer("m2", from: Self.alice, to: Self.bob, 5, mint: Self.other)) == .failed(.mintMismatch))
        #expect(ledger == before)
        // An unknown account depends on the state: pinned.
        #expect(
            ledger.apply(Self.transfer("u", from: Self.alice, to: LedgerAccountID("nobody"), 5))
                == .failed(.accountNotFound(LedgerAccountID("nobody"))))
        try ledger.open(LedgerAccountID("nobody"), mint: .usdf, kind: .user)
        #expect(
            ledger.apply(Self.transfer("u", from: Self.alice, to: LedgerAccountID("nobody"), 5))
                == .failed(.accountNotFound(LedgerAccountID("nobody"))))
    }

    @Test("opening an account twice is harmless; another mint or kind at the same address is refused")
    func openAccounts() throws {
        var ledger = try Self.funded()
        try ledger.open(Self.alice, mint: .usdf, kind: .user)
        #expect(ledger.accounts[Self.alice]?.balance == 5_000_000)
        #expect(throws: LedgerError.accountConflict(Self.alice)) { try ledger.open(Self.alice, mint: Self.other, kind: .user) }
        #expect(throws: LedgerError.accountConflict(Self.alice)) { try ledger.open(Self.alice, mint: .usdf, kind: .giftCard) }
    }

    @Test("a linked group is all or nothing; the failing transfer keeps its failure, the others are linked failures")
    func linkedGroup() throws {
        var ledger = try Self.funded(1_000)
        let link = LedgerAccountID("link")
        try ledger.open(link, mint: .usdf, kind: .giftCard)
        let before = ledger
        let group = [
            Self.transfer("fund", from: Self.alice, to: link, 600, .giftCardFunding),
            Self.transfer("fee", from: Self.alice, to: Self.fees, 500, .fee),
        ]
        #expect(ledger.apply(group) == [.failed(.linkedTransferFailed), .failed(.insufficientFunds(available: 400))])
        #expect(ledger.accounts == before.accounts)
        #expect(ledger.transfers.isEmpty == false && ledger.transfers[TransferID("fund")] == nil)
        let smaller = [
            Self.transfer("fund2", from: Self.alice, to: link, 600, .giftCardFunding),
            Self.transfer("fee2", from: Self.alice, to: Self.fees, 400, .fee),
        ]
        #expect(ledger.apply(smaller) == [.created, .created])
        #expect(ledger.apply(smaller) == [.exists, .exists])
        #expect(ledger.accounts[Self.alice]?.balance == 0)
        try ledger.checkInvariants()
    }

    @Test("a running sum that would pass 2^63 - 1 quarks is refused")
    func overflow() throws {
        var ledger = try Self.funded(Ledger.maximumSum)
        #expect(
            ledger.apply(Self.transfer("more", from: Self.issuance, to: Self.alice, 1, .deposit)) == .failed(.overflow))
        try ledger.checkInvariants()
    }
}
