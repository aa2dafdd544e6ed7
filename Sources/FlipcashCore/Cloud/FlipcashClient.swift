public import Crypto
import DAGCBOR
public import FlipcashAPI
public import Foundation
public import GRPCCore
import SwiftProtobuf

/// One owner's signed connection to the Flipcash cloud: every request carries the owner's key, a
/// timestamp and an Ed25519 signature over the request without its `auth` (``SignedRequest``).
/// Unary calls have the seed's 15-second deadline; streams (a bill's messages, the live rates) have
/// none. Refusals come back as ``FlipcashRefusal``; a server that cannot be reached as
/// ``FlipcashClientError/unreachable``. Messaging calls are signed by a bill's rendezvous key
/// instead of the owner's (FlipcashClient+Messaging.swift).
///
/// The transport is injected: HTTP/2 over NIO for the CLI, in-process for tests, Network.framework
/// on a phone.
public struct FlipcashClient<Transport: ClientTransport>: Sendable {
    /// The seed's deadline for unary calls.
    public static var unaryDeadline: Duration { .seconds(15) }

    let accounts: Flipcash_V1_Account.Client<Transport>
    let transactions: Flipcash_V1_Transaction.Client<Transport>
    let currencies: Flipcash_V1_Currency.Client<Transport>
    let messaging: Flipcash_V1_Messaging.Client<Transport>
    let ownerKey: Curve25519.Signing.PrivateKey
    let now: @Sendable () -> Date
    let options: CallOptions
    /// The options of a stream: no deadline.
    let streamOptions: CallOptions

    /// - Parameters:
    ///   - client: a running `GRPCClient` (its owner runs `runConnections()`).
    ///   - ownerKey: the owner's key, derived from the recovery phrase.
    ///   - now: the clock that stamps requests.
    ///   - deadline: how long a unary call may take (the seed's 15 s; tests on a loaded machine
    ///     allow more).
    public init(
        client: GRPCClient<Transport>, ownerKey: Curve25519.Signing.PrivateKey, now: @escaping @Sendable () -> Date = Date.init,
        deadline: Duration = unaryDeadline
    ) {
        accounts = Flipcash_V1_Account.Client(wrapping: client)
        transactions = Flipcash_V1_Transaction.Client(wrapping: client)
        currencies = Flipcash_V1_Currency.Client(wrapping: client)
        messaging = Flipcash_V1_Messaging.Client(wrapping: client)
        self.ownerKey = ownerKey
        self.now = now
        var options = CallOptions.defaults
        options.timeout = deadline
        // An unreachable server fails the call at once instead of holding it for the whole
        // deadline: the intent stays saved in the outbox for the next attempt.
        options.waitForReady = false
        self.options = options
        options.timeout = nil
        streamOptions = options
    }

    /// The owner's public key, as the server names them (base58).
    public var owner: String { Self.ownerName(of: ownerKey) }

    /// The base58 name of the owner with `key`.
    public static func ownerName(of key: Curve25519.Signing.PrivateKey) -> String {
        Base58.encode(key.publicKey.rawRepresentation)
    }

    // MARK: Account

    /// Registers the owner's key; `true` when this call registered it.
    public func register() async throws -> Bool {
        let response = try await call { try await accounts.register(try signed(Flipcash_V1_RegisterRequest()), options: options) }
        switch response.result {
        case .registered(let registered): return registered.isNew
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("Register")
        }
    }

    /// Proves the key is registered; when it registered.
    public func login() async throws -> Date {
        let response = try await call { try await accounts.login(try signed(Flipcash_V1_LoginRequest()), options: options) }
        switch response.result {
        case .loggedIn(let loggedIn): return loggedIn.registeredAt.date
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("Login")
        }
    }

    /// The owner's balances, one per open account.
    public func balances() async throws -> [TokenAmount] {
        let response = try await call { try await accounts.getBalances(try signed(Flipcash_V1_GetBalancesRequest()), options: options) }
        switch response.result {
        case .balances(let balances): return try balances.balances.map(Self.amount)
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("GetBalances")
        }
    }

    // MARK: Currency

    /// The server's signed rates (all of them when `currencies` is empty), checked against the key
    /// the server names: a rate that does not verify is never used to price a send.
    public func exchangeRates(_ currencies: [CurrencyCode] = [], mints: [Mint] = []) async throws -> SignedRates {
        let request = Flipcash_V1_GetExchangeRatesRequest.with {
            $0.currencies = currencies.map(\.rawValue)
            $0.mints = mints.filter { !$0.isUSDF }.map { mint in .with { $0.address = mint.address } }
        }
        let response = try await call { try await self.currencies.getExchangeRates(request, options: options) }
        return try SignedRates(response)
    }

    /// A mint the server settles, with a launchpad currency's pool; ``FlipcashClientError/refused(_:)``
    /// when the server settles no such mint.
    public func currency(_ mint: Mint) async throws -> CurrencyInfo {
        let request = Flipcash_V1_GetCurrencyRequest.with { $0.mint.address = mint.address }
        let response = try await call { try await self.currencies.getCurrency(request, options: options) }
        switch response.result {
        case .currency(let info): return try CurrencyInfo(info)
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("GetCurrency")
        }
    }

    /// Every mint the server settles: USDF, then the launchpad currencies.
    public func mints() async throws -> [CurrencyInfo] {
        let response = try await call { try await self.currencies.getMints(Flipcash_V1_GetMintsRequest(), options: options) }
        return try response.mints.map(CurrencyInfo.init)
    }

    // MARK: Transactions

    /// Submits an intent under `id` (saved by the caller before the first attempt). Settled (now,
    /// or by an earlier attempt): its receipt. Refused: ``FlipcashClientError/refused(_:)``.
    public func submit(id: Data, action: Flipcash_V1_SubmitIntentRequest.OneOf_Action) async throws -> IntentReceipt {
        var request = Flipcash_V1_SubmitIntentRequest()
        request.id.value = id
        request.action = action
        let response = try await call { try await transactions.submitIntent(try signed(request), options: options) }
        switch response.result {
        case .settled(let metadata): return try IntentReceipt(metadata)
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("SubmitIntent")
        }
    }

    /// An intent of the owner's (or one that paid them); `nil` when the server has none under `id`.
    public func intent(id: Data) async throws -> IntentReceipt? {
        var request = Flipcash_V1_GetIntentMetadataRequest()
        request.id.value = id
        do {
            let response = try await call { try await transactions.getIntentMetadata(try signed(request), options: options) }
            switch response.result {
            case .metadata(let metadata): return try IntentReceipt(metadata)
            case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
            case .none: throw FlipcashClientError.malformedResponse("GetIntentMetadata")
            }
        } catch FlipcashClientError.notFound {
            return nil
        }
    }

    /// What the owner may send now, per currency.
    public func limits() async throws -> SendLimitTable {
        let response = try await call { try await transactions.getLimits(try signed(Flipcash_V1_GetLimitsRequest()), options: options) }
        switch response.result {
        case .limits(let limits): return SendLimitTable(limits)
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("GetLimits")
        }
    }

    /// Cancels an unclaimed cash link the owner sent; `true` when this call returned the money,
    /// `false` when it was back already.
    public func voidGiftCard(_ giftCard: Data) async throws -> Bool {
        var request = Flipcash_V1_VoidGiftCardRequest()
        request.giftCard.value = giftCard
        let response = try await call { try await transactions.voidGiftCard(try signed(request), options: options) }
        switch response.result {
        case .voided(let voided): return voided.returnedNow
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("VoidGiftCard")
        }
    }

    /// One page of the owner's history, newest first, after `before` (an intent id) when given.
    public func history(before: Data? = nil, limit: Int = 50) async throws -> [IntentReceipt] {
        var request = Flipcash_V1_GetHistoryRequest()
        if let before { request.before.value = before }
        request.limit = UInt32(clamping: limit)
        let response = try await call { try await transactions.getHistory(try signed(request), options: options) }
        switch response.result {
        case .history(let history): return try history.intents.map(IntentReceipt.init)
        case .refusal(let refusal): throw FlipcashClientError.refused(FlipcashRefusal(refusal))
        case .none: throw FlipcashClientError.malformedResponse("GetHistory")
        }
    }

    // MARK: Signing and errors

    /// `request` stamped now and signed by the owner.
    func signed<Request: SignedRequest>(_ request: Request) throws -> Request {
        var request = request
        request.timestamp = Google_Protobuf_Timestamp(date: now())
        request.clearAuth()
        let signature = try ownerKey.signature(for: request.signingInput())
        request.auth.owner.value = ownerKey.publicKey.rawRepresentation
        request.auth.signature.value = signature
        return request
    }

    /// Runs a call, turning gRPC's errors into ``FlipcashClientError``.
    func call<Response: Sendable>(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as RPCError {
            switch error.code {
            case .notFound: throw FlipcashClientError.notFound
            case .deadlineExceeded: throw FlipcashClientError.timedOut
            case .unavailable: throw FlipcashClientError.unreachable
            case .invalidArgument: throw FlipcashClientError.rejected(error.message)
            default: throw FlipcashClientError.serverError(error.message)
            }
        }
    }

    static func amount(_ amount: Flipcash_V1_TokenAmount) throws -> TokenAmount {
        guard let mint = try? Mint(address: amount.mint.address) else { throw FlipcashClientError.malformedResponse("a mint address") }
        return TokenAmount(quarks: amount.quarks, mint: mint)
    }
}

/// Why a call to the Flipcash cloud did not answer what was asked.
public enum FlipcashClientError: LocalizedError, Hashable, Sendable {
    /// The server refused the request, naming the field at fault.
    case refused(FlipcashRefusal)
    /// The server has nothing under that id (or nothing the caller may see).
    case notFound
    /// No answer within the deadline: the request may or may not have been applied (an intent is
    /// safe to send again under its id).
    case timedOut
    /// The server cannot be reached.
    case unreachable
    /// The server rejected the request's form.
    case rejected(String)
    /// The server failed; the request may be retried.
    case serverError(String)
    /// The server answered something this client cannot read.
    case malformedResponse(String)

    public var errorDescription: String? {
        switch self {
        case .refused(let refusal): refusal.message
        case .notFound: "The server has no such item."
        case .timedOut: "The server did not answer within 15 seconds; it is safe to try again."
        case .unreachable: "The Flipcash server cannot be reached; check the address and your connection."
        case .rejected(let message): "The server rejected the request: \(message)"
        case .serverError(let message): "The server failed: \(message)"
        case .malformedResponse(let what): "The server's answer could not be read (\(what))."
        }
    }
}

/// A refusal as the server gave it: a code, the request field at fault, and a sentence.
public struct FlipcashRefusal: Hashable, Sendable {
    public enum Code: String, Hashable, Sendable {
        case unknown, invalid, unauthenticated, denied, conflict, insufficientFunds, limitExceeded, staleExchangeData
        case giftCardSettled, giftCardExpired, rateLimited
    }

    public let code: Code
    public let field: String
    public let message: String
    /// For insufficient funds: what the account holds.
    public let available: TokenAmount?

    public init(code: Code, field: String, message: String, available: TokenAmount? = nil) {
        self.code = code
        self.field = field
        self.message = message
        self.available = available
    }

    init(_ refusal: Flipcash_V1_Refusal) {
        let code: Code =
            switch refusal.code {
            case .invalid: .invalid
            case .unauthenticated: .unauthenticated
            case .denied: .denied
            case .conflict: .conflict
            case .insufficientFunds: .insufficientFunds
            case .limitExceeded: .limitExceeded
            case .staleExchangeData: .staleExchangeData
            case .giftCardSettled: .giftCardSettled
            case .giftCardExpired: .giftCardExpired
            case .rateLimited: .rateLimited
            case .unknown, .UNRECOGNIZED: .unknown
            }
        let available =
            refusal.hasAvailable
            ? (try? Mint(address: refusal.available.mint.address)).map {
                TokenAmount(quarks: refusal.available.quarks, mint: $0)
            } : nil
        self.init(code: code, field: refusal.field, message: refusal.message, available: available)
    }
}
