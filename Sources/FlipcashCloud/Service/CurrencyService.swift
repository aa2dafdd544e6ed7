import Crypto
import DAGCBOR
public import FlipcashAPI
import FlipcashCore
import Foundation
public import GRPCCore
import SwiftProtobuf

/// The Currency service: the mints this server settles (USDF and the launchpad currencies, with
/// their pools), and exchange rates and reserve states signed with the server's rate key so a
/// client can prove what it priced a send with. It needs no signature: everything it answers is
/// public.
public struct CurrencyService: Flipcash_V1_Currency.SimpleServiceProtocol {
    /// The most launchpad currencies one answer lists, or one request may ask reserves for.
    public static let maximumMints = 256

    let rates: any RateSource
    let signer: ExchangeRateSigner
    let store: any PaymentStore
    let now: @Sendable () -> Date

    init(rates: any RateSource, signer: ExchangeRateSigner, store: any PaymentStore, now: @escaping @Sendable () -> Date) {
        self.rates = rates
        self.signer = signer
        self.store = store
        self.now = now
    }

    public func getMints(request: Flipcash_V1_GetMintsRequest, context: ServerContext) async throws -> Flipcash_V1_GetMintsResponse {
        var mints = [getUSDF()]
        for launched in try await store.launchedCurrencies(limit: Self.maximumMints) {
            if let pool = try await store.launchpadPool(launched.currency.mint) { mints.append(try info(pool)) }
        }
        return .with { $0.mints = mints }
    }

    public func getCurrency(request: Flipcash_V1_GetCurrencyRequest, context: ServerContext) async throws -> Flipcash_V1_GetCurrencyResponse {
        let mint: Mint
        do {
            mint = try IntentReader.mint(request.mint, isSet: request.hasMint, field: "mint")
        } catch {
            return .with { $0.refusal = error.proto }
        }
        if mint.isUSDF { return .with { $0.currency = getUSDF() } }
        guard let pool = try await store.launchpadPool(mint) else {
            return .with { $0.refusal = ServiceRefusal.invalid("mint.address", "is not a currency this server settles").proto }
        }
        let currency = try info(pool)
        return .with { $0.currency = currency }
    }

    private func getUSDF() -> Flipcash_V1_MintInfo {
        .with {
            $0.mint.address = Mint.usdf.address
            $0.symbol = "USDF"
            $0.name = "USD Flipcash"
            $0.decimals = UInt32(Mint.usdfDecimals)
        }
    }

    /// A launchpad currency as the contract shows it, its supply signed now.
    func info(_ pool: LaunchpadPool) throws -> Flipcash_V1_MintInfo {
        let currency = pool.launched.currency
        let reserveState = try signedReserve(pool)
        return .with {
            $0.mint.address = currency.mint.address
            $0.symbol = currency.symbol
            $0.name = currency.name
            $0.decimals = UInt32(Mint.launchpadDecimals)
            $0.launchpad = .with {
                $0.supplyQuarks = pool.supplyQuarks
                $0.reserveUsdfQuarks = pool.reserveUSDFQuarks
                $0.sellFeeBps = UInt32(currency.sellFeeBps)
                $0.creator.value = (try? Base58.decode(pool.launched.creator.rawValue)) ?? Data()
                $0.launchedAt = Google_Protobuf_Timestamp(date: pool.launched.launchedAt)
            }
            $0.launchpad.reserveState = reserveState
        }
    }

    /// The pool's supply, signed now.
    func signedReserve(_ pool: LaunchpadPool) throws -> Flipcash_V1_SignedReserveState {
        try signer.sign(
            .with {
                $0.mint.address = pool.launched.currency.mint.address
                $0.supplyQuarks = pool.supplyQuarks
                $0.timestamp = Google_Protobuf_Timestamp(date: now())
            })
    }

    /// The pools of the launchpad currencies `mints` names (unknown ones are left out).
    func pools(_ mints: [Mint]) async throws -> [LaunchpadPool] {
        var pools: [LaunchpadPool] = []
        for mint in mints {
            if let pool = try await store.launchpadPool(mint) { pools.append(pool) }
        }
        return pools
    }

    public func getExchangeRates(request: Flipcash_V1_GetExchangeRatesRequest, context: ServerContext) async throws
        -> Flipcash_V1_GetExchangeRatesResponse
    {
        let wanted = try Self.currencies(request.currencies)
        let mints = try Self.mints(request.mints)
        do {
            var answer = try signedRates(try await rates.latestRates(), wanted: wanted)
            answer.reserves = try await pools(mints).map(signedReserve)
            return answer
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError(code: .unavailable, message: "Exchange rates are unavailable; try again shortly.")
        }
    }

    /// How often the live stream asks the rate source for a newer snapshot.
    static let rateCheckInterval: Duration = .seconds(1)
    /// How often the live stream sends the rates again when they have not changed.
    static let proofRefreshInterval: Duration = .seconds(60)
    /// How often the live stream pings between batches.
    static let pingInterval: Duration = .seconds(5)

    public func streamExchangeRates(
        request: Flipcash_V1_StreamExchangeRatesRequest, response: RPCWriter<Flipcash_V1_StreamExchangeRatesResponse>,
        context: ServerContext
    ) async throws {
        let wanted = try Self.currencies(request.currencies)
        let mints = try Self.mints(request.mints)
        var sentRates: [CurrencyCode: Decimal]?
        var sentSupplies: [Mint: UInt64]?
        var sentAt = ContinuousClock.now
        var lastWrite = ContinuousClock.now
        // Ends when the client goes away (gRPC marks the call cancelled), or a write throws.
        while !context.cancellation.isCancelled {
            let snapshot = try? await rates.latestRates()
            let values = snapshot.map { $0.rates.filter { wanted.isEmpty || wanted.contains($0.key) }.mapValues(\.fx) }
            let pools = (try? await pools(mints)) ?? []
            let supplies = Dictionary(pools.map { ($0.launched.currency.mint, $0.supplyQuarks) }, uniquingKeysWith: { first, _ in first })
            // A batch when the rates or a supply change, and fresh proofs every minute even if
            // they do not, so a client never holds a proof near its 13 minutes.
            if let snapshot,
                values != sentRates || supplies != sentSupplies || sentAt.duration(to: .now) >= Self.proofRefreshInterval
            {
                var batch = try signedRates(snapshot, wanted: wanted)
                batch.reserves = try pools.map(signedReserve)
                try await response.write(.with { $0.rates = batch })
                sentRates = values
                sentSupplies = supplies
                sentAt = .now
                lastWrite = .now
            } else if lastWrite.duration(to: .now) >= Self.pingInterval {
                try await response.write(.with { $0.ping.serverTime = Google_Protobuf_Timestamp(date: now()) })
                lastWrite = .now
            }
            try await Task.sleep(for: Self.rateCheckInterval)
        }
    }

    /// The currencies a request names (every one when it names none).
    static func currencies(_ names: [String]) throws -> Set<CurrencyCode> {
        guard names.count <= CurrencyCode.allCases.count else {
            throw RPCError(code: .invalidArgument, message: "currencies names more currencies than there are.")
        }
        var wanted = Set<CurrencyCode>()
        for text in names {
            guard let code = try? CurrencyCode(parsing: text) else {
                throw RPCError(code: .invalidArgument, message: "currencies: \(text.prefix(16)) is not an ISO 4217 currency code.")
            }
            wanted.insert(code)
        }
        return wanted
    }

    /// The launchpad mints a request names (at most ``maximumMints``).
    static func mints(_ mints: [Flipcash_V1_Mint]) throws -> [Mint] {
        guard mints.count <= maximumMints else {
            throw RPCError(code: .invalidArgument, message: "mints names more than \(maximumMints) currencies.")
        }
        var parsed: [Mint] = []
        for (index, mint) in mints.enumerated() {
            guard let mint = try? Mint(address: mint.address), !mint.isUSDF else {
                throw RPCError(code: .invalidArgument, message: "mints[\(index)].address is not a launchpad currency's mint.")
            }
            if !parsed.contains(mint) { parsed.append(mint) }
        }
        return parsed
    }

    /// `snapshot`'s rates for `wanted` (all when empty), each signed with the rate key.
    func signedRates(_ snapshot: RateSnapshot, wanted: Set<CurrencyCode>) throws -> Flipcash_V1_GetExchangeRatesResponse {
        let chosen = snapshot.rates.values.filter { wanted.isEmpty || wanted.contains($0.currency) }.sorted { $0.currency < $1.currency }
        let signed = try chosen.map { rate in
            try signer.sign(
                .with {
                    $0.currency = rate.currency.rawValue
                    $0.nativePerUsdf = NSDecimalNumber(decimal: rate.fx).doubleValue
                    $0.timestamp = Google_Protobuf_Timestamp(date: snapshot.observedAt)
                })
        }
        return .with {
            $0.rates = signed
            $0.rateKey.value = signer.publicKey.rawRepresentation
            $0.serverTime = Google_Protobuf_Timestamp(date: now())
        }
    }
}
