public import FlipcashCore
public import Foundation

/// Where the ledger lives: the embedded SQLite store by default, PostgreSQL for many servers.
/// Every implementation follows ``Ledger``'s rules exactly (a contract suite compares each with
/// it) and decides everything that must hold across processes in the database: one transaction
/// per operation, the accounts it moves locked, the transfer id a unique key.
public protocol LedgerStore: Sendable {
    /// Opens an account (again: a success that changes nothing).
    ///
    /// - Throws: ``LedgerError/accountConflict(_:)`` when the address is taken by an account of
    ///   another mint or kind.
    func open(_ id: LedgerAccountID, mint: Mint, kind: LedgerAccount.Kind) async throws

    /// Applies a linked group of transfers in one transaction: all of them or none (see
    /// ``Ledger/apply(_:)-([LedgerTransfer])``), created transfers stamped `date`.
    func apply(_ group: [LedgerTransfer], at date: Date) async throws -> [TransferOutcome]

    /// The account at `id`, if one is open.
    func account(_ id: LedgerAccountID) async throws -> LedgerAccount?

    /// Checks ``Ledger``'s invariants over everything stored (per mint Σ debits = Σ credits, no
    /// overdraft but issuance, each account's sums equal to its transfers), and, where the store
    /// keeps payments, that every cash link's account holds what its state says.
    ///
    /// - Throws: ``LedgerError/invariantBroken(_:)``.
    func checkInvariants() async throws
}
