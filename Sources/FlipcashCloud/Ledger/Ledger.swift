public import FlipcashCore
public import Foundation

/// The double-entry ledger as a pure state machine: accounts, transfers and the ids of pinned
/// refusals, in memory. It is the rules every store follows (the stores' contract tests compare
/// them with it) and the model of the model-based tests.
///
/// Invariants after every operation (``checkInvariants()``): for each mint, Σ debits = Σ credits
/// over its accounts; no account but an issuance account holds less than zero; every created
/// transfer is counted once in its two accounts.
public struct Ledger: Hashable, Sendable {
    /// A refused transfer whose refusal stays with its id, and the body that was refused.
    public struct PinnedFailure: Hashable, Sendable {
        public let transfer: LedgerTransfer
        public let failure: TransferFailure

        public init(transfer: LedgerTransfer, failure: TransferFailure) {
            self.transfer = transfer
            self.failure = failure
        }
    }

    public private(set) var accounts: [LedgerAccountID: LedgerAccount] = [:]
    /// Created transfers by id, and their order.
    public private(set) var transfers: [TransferID: LedgerTransfer] = [:]
    public private(set) var history: [TransferID] = []
    /// Refused transfers whose refusal is pinned to their id.
    public private(set) var pinnedFailures: [TransferID: PinnedFailure] = [:]

    /// The largest running sum an account may reach: 2⁶³ − 1 quarks (9.2 × 10¹² dollars of
    /// USDF), so every store keeps the sums in a signed 64-bit column (SQLite's INTEGER,
    /// PostgreSQL's bigint) and a sum over many accounts still fits in 128 bits.
    public static let maximumSum = UInt64(Int64.max)

    public init() {}

    /// A ledger holding these records, as a store reads them back: for one operation, the
    /// accounts it touches and what is known under its transfers' ids (``history`` stays empty).
    public init(accounts: [LedgerAccount], transfers: [LedgerTransfer], pinnedFailures: [PinnedFailure]) {
        for account in accounts { self.accounts[account.id] = account }
        for transfer in transfers { self.transfers[transfer.id] = transfer }
        for pinned in pinnedFailures { self.pinnedFailures[pinned.transfer.id] = pinned }
    }

    // MARK: Accounts

    /// Opens an account; opening it again with the same mint and kind is a success that changes
    /// nothing.
    ///
    /// - Throws: ``LedgerError/accountConflict(_:)`` when the address is taken by an account of
    ///   another mint or kind.
    public mutating func open(_ id: LedgerAccountID, mint: Mint, kind: LedgerAccount.Kind) throws(LedgerError) {
        if let existing = accounts[id] {
            guard existing.mint == mint, existing.kind == kind else { throw .accountConflict(id) }
            return
        }
        accounts[id] = LedgerAccount(id: id, mint: mint, kind: kind)
    }

    // MARK: Transfers

    /// Applies one transfer (see ``TransferOutcome`` for the order of the checks).
    public mutating func apply(_ transfer: LedgerTransfer) -> TransferOutcome {
        apply([transfer])[0]
    }

    /// Applies a linked group: every transfer in order, or none of them. When one fails it keeps
    /// its failure (pinned if the failure is pinned) and the others are `linkedTransferFailed`;
    /// transfers that already exist count as done and are not applied twice.
    ///
    /// A failed group is undone from what it changed (the accounts it touched, the transfers it
    /// created), never by copying the ledger, so a transfer costs the same in a ledger of ten
    /// accounts or ten million.
    public mutating func apply(_ group: [LedgerTransfer]) -> [TransferOutcome] {
        var touched: [LedgerAccountID: LedgerAccount] = [:]
        var created: [TransferID] = []
        var outcomes: [TransferOutcome] = []
        outcomes.reserveCapacity(group.count)
        for (index, transfer) in group.enumerated() {
            if group.count > 1 {
                for id in [transfer.debit, transfer.credit] where touched[id] == nil { touched[id] = accounts[id] }
            }
            let outcome = applyAlone(transfer)
            outcomes.append(outcome)
            if outcome == .created { created.append(transfer.id) }
            guard case .failed = outcome else { continue }
            // Undo the group; a pinned refusal of the failing transfer stays.
            for (id, account) in touched { accounts[id] = account }
            for id in created { transfers[id] = nil }
            history.removeLast(created.count)
            var refused = Array(repeating: TransferOutcome.failed(.linkedTransferFailed), count: group.count)
            refused[index] = outcome
            return refused
        }
        return outcomes
    }

    private mutating func applyAlone(_ transfer: LedgerTransfer) -> TransferOutcome {
        // 1. A retry is recognised first, whatever the state is now.
        if let original = transfers[transfer.id] {
            if let field = original.firstDifference(from: transfer) { return .failed(.conflict(field)) }
            return .exists
        }
        if let pinned = pinnedFailures[transfer.id] {
            if let field = pinned.transfer.firstDifference(from: transfer) { return .failed(.conflict(field)) }
            return .failed(pinned.failure)
        }
        // 2. The request alone.
        guard transfer.amount > 0 else { return .failed(.zeroAmount) }
        guard transfer.amount <= Self.maximumSum else { return .failed(.amountTooLarge) }
        guard transfer.debit != transfer.credit else { return .failed(.sameAccount) }
        // 3. Against the state.
        guard var debit = accounts[transfer.debit] else { return refuse(transfer, .accountNotFound(transfer.debit)) }
        guard var credit = accounts[transfer.credit] else { return refuse(transfer, .accountNotFound(transfer.credit)) }
        guard debit.mint == transfer.mint, credit.mint == transfer.mint else { return .failed(.mintMismatch) }
        guard transfer.amount <= Self.maximumSum - debit.debits, transfer.amount <= Self.maximumSum - credit.credits else {
            return refuse(transfer, .overflow)
        }
        if let available = debit.available, available < transfer.amount {
            return refuse(transfer, .insufficientFunds(available: available))
        }
        debit.debits += transfer.amount
        credit.credits += transfer.amount
        accounts[debit.id] = debit
        accounts[credit.id] = credit
        transfers[transfer.id] = transfer
        history.append(transfer.id)
        return .created
    }

    /// A refusal, pinned to the id when it depends on the state.
    private mutating func refuse(_ transfer: LedgerTransfer, _ failure: TransferFailure) -> TransferOutcome {
        if failure.isPinned { pinnedFailures[transfer.id] = PinnedFailure(transfer: transfer, failure: failure) }
        return .failed(failure)
    }

    // MARK: Invariants

    /// Checks the ledger's invariants (cheap: one pass over the accounts and transfers).
    ///
    /// - Throws: ``LedgerError/invariantBroken(_:)`` naming the first one that does not hold.
    public func checkInvariants() throws(LedgerError) {
        var perMint: [Mint: (debits: UInt128, credits: UInt128)] = [:]
        for account in accounts.values {
            perMint[account.mint, default: (0, 0)].debits += UInt128(account.debits)
            perMint[account.mint, default: (0, 0)].credits += UInt128(account.credits)
            if !account.kind.mayOverdraw, account.credits < account.debits {
                throw .invariantBroken("account \(account.id) holds less than zero")
            }
        }
        for (mint, sums) in perMint where sums.debits != sums.credits {
            throw .invariantBroken("\(mint): debits \(sums.debits) ≠ credits \(sums.credits)")
        }
        var moved: [LedgerAccountID: (debits: UInt128, credits: UInt128)] = [:]
        for transfer in transfers.values {
            moved[transfer.debit, default: (0, 0)].debits += UInt128(transfer.amount)
            moved[transfer.credit, default: (0, 0)].credits += UInt128(transfer.amount)
        }
        for account in accounts.values {
            let sums = moved[account.id] ?? (0, 0)
            guard sums.debits == UInt128(account.debits), sums.credits == UInt128(account.credits) else {
                throw .invariantBroken("account \(account.id)'s sums differ from its transfers")
            }
        }
    }
}

/// Why a ledger operation could not be done.
public enum LedgerError: LocalizedError, Hashable, Sendable {
    /// The address is taken by an account of another mint or kind.
    case accountConflict(LedgerAccountID)
    /// An invariant does not hold: a bug, never a user's doing.
    case invariantBroken(String)

    public var errorDescription: String? {
        switch self {
        case .accountConflict(let id): "Account \(id) already exists with another mint or kind."
        case .invariantBroken(let invariant): "The ledger's books do not balance: \(invariant)."
        }
    }
}
