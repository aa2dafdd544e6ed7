import Crypto
public import FlipcashAPI
public import Foundation
public import GRPCCore
public import Logging
public import ServerKit

/// How the Flipcash services run: the request rate limits (`nil` lifts them, for load tests
/// only) and the clock (injected, so tests move it). The payment rules' settings (limits, the
/// faucet) are the store's, which applies them inside its transactions.
public struct FlipcashCloudConfiguration: Sendable {
    public var rateLimits: FlipcashRateLimits? = FlipcashRateLimits()
    public var now: @Sendable () -> Date = Date.init

    public init() {}
}

/// Requests per key, kept in the store so they hold across app-servers: registrations per peer
/// address (keys cost nothing to make), intents and voids per owner.
public struct FlipcashRateLimits: Hashable, Sendable {
    public var registrations = RateLimit(burst: 20, perMinute: 60)
    public var intents = RateLimit(burst: 60, perMinute: 600)
    /// Messaging requests per rendezvous key: a bill needs a dozen (the grabber polls ten times).
    public var messaging = RateLimit(burst: 40, perMinute: 240)

    public init() {}
}

/// The gRPC services of Flipcash's cloud over one store, ready to register on a `GRPCServer`:
/// Account, Transaction, Currency and Messaging.
public struct FlipcashServices: Sendable {
    /// The name the rate-signing key is kept under in the store.
    static let rateKeyName = "exchange-rate-signing-key"

    public let account: AccountService
    public let transaction: TransactionService
    public let currency: CurrencyService
    public let messaging: MessagingService

    /// Every service, for `GRPCServer(transport:services:)`.
    public var all: [any RegistrableRPCService] { [account, transaction, currency, messaging] }

    /// The services over `store`, signing rates with the key every app-server on this store shares
    /// (made by the first one that starts). `signal` carries "a message arrived" to the app-server
    /// that holds a bill's stream: within this process by default, through the database when
    /// several app-servers share it.
    ///
    /// - Throws: the store's error.
    public static func make(
        store: any PaymentStore & LedgerStore & RendezvousStore, rates: any RateSource, configuration: FlipcashCloudConfiguration,
        signal: any RendezvousSignal = LocalRendezvousSignal(), logger: Logger
    ) async throws -> FlipcashServices {
        let candidate = Curve25519.Signing.PrivateKey().rawRepresentation
        let keyBytes = try await store.sharedSecret(named: rateKeyName, candidate: candidate)
        let key = try Curve25519.Signing.PrivateKey(rawRepresentation: keyBytes)
        let context = ServiceContext(
            store: store, configuration: configuration, authenticator: RequestAuthenticator(now: configuration.now),
            reader: IntentReader(exchangeData: ExchangeDataValidator(rateKey: key.publicKey, now: configuration.now)), logger: logger)
        return FlipcashServices(
            account: AccountService(context: context), transaction: TransactionService(context: context, rates: rates),
            currency: CurrencyService(rates: rates, signer: ExchangeRateSigner(key: key), store: store, now: configuration.now),
            messaging: MessagingService(context: context, store: store, signal: signal, process: UUID().uuidString))
    }
}

/// What the services share.
struct ServiceContext: Sendable {
    let store: any PaymentStore & LedgerStore
    let configuration: FlipcashCloudConfiguration
    let authenticator: RequestAuthenticator
    let reader: IntentReader
    let logger: Logger
    /// Owners this process has seen registered.
    let registered = KnownSet<OwnerID>(capacity: 1_000_000)

    var now: Date { configuration.now() }

    /// The registered owner who signed `request`.
    ///
    /// - Throws: ``ServiceRefusal`` for a bad signature or an owner who never registered.
    func registeredOwner(of request: some SignedRequest) async throws -> OwnerID {
        let owner = try authenticatedOwner(of: request)
        // A registration is never undone, so one seen by this process need not be read again.
        if registered.contains(owner) { return owner }
        guard try await store.registration(of: owner) != nil else {
            throw ServiceRefusal(.denied, field: "auth.owner", "This key is not registered: call Account.Register first.")
        }
        registered.insert(owner)
        return owner
    }

    /// The owner who signed `request`, registered or not.
    func authenticatedOwner(of request: some SignedRequest) throws -> OwnerID {
        do {
            return try authenticator.owner(of: request)
        } catch {
            throw ServiceRefusal(error)
        }
    }

    /// Takes a token from `key`'s bucket under `limit`, unless limits are lifted.
    ///
    /// - Throws: ``ServiceRefusal`` with `RATE_LIMITED` when the bucket is empty.
    func takeRateToken(_ key: String, _ limit: KeyPath<FlipcashRateLimits, RateLimit>, field: String) async throws {
        guard let limits = configuration.rateLimits else { return }
        switch try await store.takeRateToken(key: key, limit: limits[keyPath: limit], at: now) {
        case .allowed: return
        case .limited(let seconds):
            throw ServiceRefusal(.rateLimited, field: field, "Too many requests: try again in \(seconds) s.")
        }
    }

    /// Runs a handler: a ``ServiceRefusal`` becomes the response's refusal; any other error is
    /// logged (by method, never with the request) and answered as gRPC's internal error.
    func answer<Response: RefusableResponse>(_ method: String, _ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let refused as ServiceRefusal {
            var response = Response()
            response.refusal = refused.proto
            return response
        } catch let error as RPCError {
            throw error
        } catch {
            logger.error("flipcash request failed", metadata: ["method": "\(method)", "error": "\(String(reflecting: type(of: error)))"])
            throw RPCError(code: .internalError, message: "The server could not complete the request; try again.")
        }
    }
}

/// A response that answers either a result or a ``ServiceRefusal`` (every response but the
/// Currency service's, which refuse nothing).
protocol RefusableResponse: Sendable {
    init()
    var refusal: Flipcash_V1_Refusal { get set }
}

extension Flipcash_V1_RegisterResponse: RefusableResponse {}
extension Flipcash_V1_LoginResponse: RefusableResponse {}
extension Flipcash_V1_GetBalancesResponse: RefusableResponse {}
extension Flipcash_V1_SubmitIntentResponse: RefusableResponse {}
extension Flipcash_V1_GetIntentMetadataResponse: RefusableResponse {}
extension Flipcash_V1_GetLimitsResponse: RefusableResponse {}
extension Flipcash_V1_VoidGiftCardResponse: RefusableResponse {}
extension Flipcash_V1_GetHistoryResponse: RefusableResponse {}
