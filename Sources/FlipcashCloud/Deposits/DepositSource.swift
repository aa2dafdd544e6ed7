import Crypto
import DAGCBOR
public import FlipcashCore
public import Foundation

/// Where money enters Flipcash from outside: a card on-ramp, a bank transfer, a bridge. An
/// adapter reports each deposit once it is final, under the id it has in that outside system;
/// ``DepositCrediter`` credits it from the mint's issuance account, once. No adapter ships yet:
/// development and tests use the faucet (`app-server --flipcash-faucet`) or a fake source.
public protocol DepositSource: Sendable {
    /// The source's name, unique on this server (part of every deposit's intent id).
    var name: String { get }
    /// Deposits that became final after `cursor` (what the previous call answered; `nil` for the
    /// first), oldest first, and the cursor to ask from next.
    func deposits(after cursor: String?) async throws -> (deposits: [Deposit], cursor: String?)
}

/// One deposit as its source reports it.
public struct Deposit: Hashable, Sendable {
    /// The deposit's id in its source.
    public let id: String
    public let owner: OwnerID
    public let amount: TokenAmount

    public init(id: String, owner: OwnerID, amount: TokenAmount) {
        self.id = id
        self.owner = owner
        self.amount = amount
    }
}

/// Credits deposits through the payment store, each as a `deposit` intent whose id is derived
/// from the source and the deposit's own id: a source that reports a deposit twice (after a
/// restart, or to two app-servers) credits it once.
public struct DepositCrediter: Sendable {
    let store: any PaymentStore

    public init(store: any PaymentStore) {
        self.store = store
    }

    /// The intent id of `deposit` from `source`: 32 bytes hashed from both, as every intent id is
    /// (so history and metadata show it like any other).
    public static func intentID(of deposit: Deposit, from source: String) -> IntentID {
        let digest = SHA256.hash(data: Data("flipcash.deposit.v1\u{0}\(source)\u{0}\(deposit.id)".utf8))
        return IntentID(Base58.encode(Data(digest)))
    }

    /// Credits `deposits` from `source` at `date`; what each was answered (`settled`, also when it
    /// had been credited before).
    public func credit(_ deposits: [Deposit], from source: String, at date: Date) async throws -> [IntentOutcome] {
        var outcomes: [IntentOutcome] = []
        for deposit in deposits {
            let intent = PaymentIntent(id: Self.intentID(of: deposit, from: source), owner: deposit.owner, action: .deposit(deposit.amount))
            outcomes.append(try await store.submit(intent, at: date))
        }
        return outcomes
    }

    /// Reads everything `source` has after `cursor` and credits it; the cursor to start from next.
    public func creditNew(from source: some DepositSource, after cursor: String?, at date: Date) async throws -> String? {
        let (deposits, next) = try await source.deposits(after: cursor)
        _ = try await credit(deposits, from: source.name, at: date)
        return next ?? cursor
    }
}
