public import FlipcashCore
public import Foundation

/// Where Flipcash's payments live: ``Payments``' rules applied inside one database transaction
/// per operation, so they hold across processes. Every implementation answers what the rules
/// answer (a contract suite compares them).
public protocol PaymentStore: Sendable {
    /// Settles or refuses `intent` (a retry gets the first answer again).
    func submit(_ intent: PaymentIntent, at date: Date) async throws -> IntentOutcome
    /// The issuer takes back an unclaimed cash link.
    func voidGiftCard(_ card: GiftCardID, by caller: OwnerID, at date: Date) async throws -> Payments.VoidOutcome
    /// Returns the open cash links whose seven days are up at `date` (at most `limit`); their ids.
    func returnExpiredGiftCards(at date: Date, limit: Int) async throws -> [GiftCardID]
    /// What the owner's account for `mint` holds (0 when it is not open).
    func balance(of owner: OwnerID, mint: Mint) async throws -> UInt64
    /// The intent under `id` as first answered, if there is one.
    func record(_ id: IntentID) async throws -> Payments.Record?
    /// The owner's intents submitted before `before` (all when `nil`), newest first, at most
    /// `limit` (equal times by id, descending).
    func history(of owner: OwnerID, before: Date?, limit: Int) async throws -> [Payments.Record]
}
