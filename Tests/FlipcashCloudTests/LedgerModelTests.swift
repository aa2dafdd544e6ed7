import FlipcashCore
import TestSupport
import Testing

@testable import FlipcashCloud

/// The ledger against a much simpler model of the same rules (one signed balance per account,
/// no running sums, no copies), over thousands of random, seeded sequences of account openings,
/// transfers, retries and linked groups. A failing sequence is shrunk to a minimal one before it
/// is reported, so the message names the few operations that break the rule.
@Suite("Ledger against a model")
struct LedgerModelTests {
    enum Operation: Hashable, CustomStringConvertible {
        case open(LedgerAccountID, Mint, LedgerAccount.Kind)
        case group([LedgerTransfer])

        var description: String {
            switch self {
            case .open(let id, let mint, let kind): "open \(id) \(mint) \(kind.rawValue)"
            case .group(let transfers):
                transfers.map { "\($0.id): \($0.debit)→\($0.credit) \($0.amount) \($0.mint) \($0.code.rawValue)" }
                    .joined(separator: " + ")
            }
        }
    }

    /// The rules restated as plainly as possible.
    struct Model {
        var accounts: [LedgerAccountID: (mint: Mint, kind: LedgerAccount.Kind, balance: Int128)] = [:]
        var created: [TransferID: LedgerTransfer] = [:]
        var pinned: [TransferID: (LedgerTransfer, TransferFailure)] = [:]

        mutating func open(_ id: LedgerAccountID, _ mint: Mint, _ kind: LedgerAccount.Kind) -> Bool {
            if let existing = accounts[id] { return existing.mint == mint && existing.kind == kind }
            accounts[id] = (mint, kind, 0)
            return true
        }

        func difference(_ a: LedgerTransfer, _ b: LedgerTransfer) -> LedgerTransfer.Field? {
            let checks: [(same: Bool, field: LedgerTransfer.Field)] = [
                (a.debit == b.debit, .debit), (a.credit == b.credit, .credit), (a.mint == b.mint, .mint),
                (a.amount == b.amount, .amount), (a.code == b.code, .code),
            ]
            return checks.first { !$0.same }?.field
        }

        /// One transfer; `sums` tracks every account's debits and credits to see overflow.
        mutating func one(_ t: LedgerTransfer, sums: inout [LedgerAccountID: (UInt128, UInt128)]) -> TransferOutcome {
            if let original = created[t.id] { return difference(original, t).map { .failed(.conflict($0)) } ?? .exists }
            if let (body, failure) = pinned[t.id] { return .failed(difference(body, t).map { .conflict($0) } ?? failure) }
            if t.amount == 0 { return .failed(.zeroAmount) }
            if t.amount > UInt64(Int64.max) { return .failed(.amountTooLarge) }
            if t.debit == t.credit { return .failed(.sameAccount) }
            guard let debit = accounts[t.debit] else { return .failed(.accountNotFound(t.debit)) }
            guard let credit = accounts[t.credit] else { return .failed(.accountNotFound(t.credit)) }
            if debit.mint != t.mint || credit.mint != t.mint { return .failed(.mintMismatch) }
            if (sums[t.debit]?.0 ?? 0) + UInt128(t.amount) > UInt128(Int64.max)
                || (sums[t.credit]?.1 ?? 0) + UInt128(t.amount) > UInt128(Int64.max)
            {
                return .failed(.overflow)
            }
            if debit.kind != .issuance, debit.balance < Int128(t.amount) {
                return .failed(.insufficientFunds(available: UInt64(debit.balance)))
            }
            accounts[t.debit]?.balance -= Int128(t.amount)
            accounts[t.credit]?.balance += Int128(t.amount)
            sums[t.debit, default: (0, 0)].0 += UInt128(t.amount)
            sums[t.credit, default: (0, 0)].1 += UInt128(t.amount)
            created[t.id] = t
            return .created
        }

        /// Refusals that depend on the state, and so stay with the id.
        static func isPinned(_ failure: TransferFailure) -> Bool {
            switch failure {
            case .accountNotFound, .insufficientFunds, .overflow: true
            default: false
            }
        }

        mutating func group(_ transfers: [LedgerTransfer], sums: inout [LedgerAccountID: (UInt128, UInt128)]) -> [TransferOutcome] {
            var trial = self
            var trialSums = sums
            var outcomes: [TransferOutcome] = []
            for (index, t) in transfers.enumerated() {
                let outcome = trial.one(t, sums: &trialSums)
                outcomes.append(outcome)
                if case .failed(let failure) = outcome {
                    if Self.isPinned(failure), created[t.id] == nil, pinned[t.id] == nil { pinned[t.id] = (t, failure) }
                    var refused = Array(repeating: TransferOutcome.failed(.linkedTransferFailed), count: transfers.count)
                    refused[index] = outcome
                    return refused
                }
            }
            self = trial
            sums = trialSums
            return outcomes
        }
    }

    static let mints: [Mint] = [.usdf, .launchpad(address: "So11111111111111111111111111111111111111112")]
    static let accountIDs = (0..<7).map { LedgerAccountID("acct-\($0)") }

    static func randomOperations(_ generator: inout SplitMix64, count: Int, uniqueBodies: Bool) -> [Operation] {
        var operations: [Operation] = []
        var sent: [LedgerTransfer] = []
        for number in 0..<count {
            if Int.random(in: 0..<6, using: &generator) == 0 || number < 3 {
                let kinds = LedgerAccount.Kind.allCases
                operations.append(
                    .open(
                        accountIDs.randomElement(using: &generator)!, mints.randomElement(using: &generator)!,
                        number < 2 ? .issuance : kinds.randomElement(using: &generator)!))
                continue
            }
            let size = Int.random(in: 0..<5, using: &generator) == 0 ? Int.random(in: 2...3, using: &generator) : 1
            var group: [LedgerTransfer] = []
            for _ in 0..<size {
                if !sent.isEmpty, Int.random(in: 0..<4, using: &generator) == 0 {
                    // A retry: the same request, or (ids reused) another body under a used id.
                    let earlier = sent.randomElement(using: &generator)!
                    group.append(
                        uniqueBodies || Bool.random(using: &generator)
                            ? earlier
                            : LedgerTransfer(
                                id: earlier.id, debit: earlier.debit, credit: earlier.credit, mint: earlier.mint,
                                amount: earlier.amount &+ 1, code: earlier.code))
                    continue
                }
                let amounts: [UInt64] = [
                    0, 1, UInt64.random(in: 1...1_000_000, using: &generator), UInt64(Int64.max) / 2, UInt64(Int64.max), UInt64.max,
                ]
                let amount =
                    Int.random(in: 0..<10, using: &generator) < 8
                    ? UInt64.random(in: 1...5_000, using: &generator) : amounts.randomElement(using: &generator)!
                let id = uniqueBodies ? "t\(number)-\(group.count)" : "t\(Int.random(in: 0..<(count / 2), using: &generator))"
                let transfer = LedgerTransfer(
                    id: TransferID(id), debit: accountIDs.randomElement(using: &generator)!, credit: accountIDs.randomElement(using: &generator)!,
                    mint: Int.random(in: 0..<8, using: &generator) == 0 ? mints[1] : mints[0], amount: amount,
                    code: LedgerTransfer.Code.allCases.randomElement(using: &generator)!)
                group.append(transfer)
                sent.append(transfer)
            }
            operations.append(.group(group))
        }
        return operations
    }

    /// The first step at which the ledger and the model disagree or an invariant breaks.
    static func firstDisagreement(_ operations: [Operation]) -> String? {
        var ledger = Ledger()
        var model = Model()
        var sums: [LedgerAccountID: (UInt128, UInt128)] = [:]
        for (step, operation) in operations.enumerated() {
            switch operation {
            case .open(let id, let mint, let kind):
                let opened: Bool
                do {
                    try ledger.open(id, mint: mint, kind: kind)
                    opened = true
                } catch {
                    opened = false
                }
                if opened != model.open(id, mint, kind) { return "step \(step): open disagrees" }
            case .group(let transfers):
                let outcomes = ledger.apply(transfers)
                let expected = model.group(transfers, sums: &sums)
                if outcomes != expected { return "step \(step): \(outcomes) ≠ model \(expected)" }
            }
            do {
                try ledger.checkInvariants()
            } catch {
                return "step \(step): \(error)"
            }
            for (id, account) in model.accounts where ledger.accounts[id]?.balance != account.balance {
                return "step \(step): balance of \(id)"
            }
        }
        return nil
    }

    /// Removes operations one at a time while the sequence still fails.
    static func shrink(_ operations: [Operation]) -> [Operation] {
        var current = operations
        var index = 0
        while index < current.count {
            var candidate = current
            candidate.remove(at: index)
            if firstDisagreement(candidate) != nil { current = candidate } else { index += 1 }
        }
        return current
    }

    @Test("4,096 random sequences of 60 operations (retries, conflicts, groups, overflow): the ledger is the model", arguments: [0x1ED6E2, 0xB00C5])
    func equalsModel(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        for _ in 0..<2_048 {
            let operations = Self.randomOperations(&generator, count: 60, uniqueBodies: false)
            if let disagreement = Self.firstDisagreement(operations) {
                let minimal = Self.shrink(operations)
                Issue.record("\(disagreement)\nminimal sequence:\n\(minimal.map(\.description).joined(separator: "\n"))")
                return
            }
        }
    }

    @Test("replaying any prefix of the requests, in any order, changes nothing and answers what the first attempt answered")
    func replayIsIdempotent() {
        var generator = SplitMix64(seed: 0x1D3)
        for _ in 0..<500 {
            let operations = Self.randomOperations(&generator, count: 40, uniqueBodies: true)
            var ledger = Ledger()
            var replies: [(LedgerTransfer, TransferOutcome)] = []
            for operation in operations {
                switch operation {
                case .open(let id, let mint, let kind): try? ledger.open(id, mint: mint, kind: kind)
                case .group(let transfers):
                    let outcomes = ledger.apply(transfers)
                    if transfers.count == 1 { replies.append((transfers[0], outcomes[0])) }
                }
            }
            let settled = ledger
            let prefix = replies.prefix(Int.random(in: 0...replies.count, using: &generator)).shuffled(using: &generator)
            for (transfer, first) in prefix {
                let again = ledger.apply(transfer)
                let expected: TransferOutcome = first == .created ? .exists : first
                #expect(again == expected, "\(transfer.id): first \(first), again \(again)")
            }
            #expect(ledger == settled)
        }
    }
}
