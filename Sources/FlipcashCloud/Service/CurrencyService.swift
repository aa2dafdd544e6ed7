import Crypto
public import FlipcashAPI
public import FlipcashCore
import Foundation
public import GRPCCore
import SwiftProtobuf

/// The Currency service: the mints this server settles, and exchange rates signed with the
/// server's rate key so a client can prove the rate it priced a send with. It needs no signature:
/// everything it answers is public.
public struct CurrencyService: Flipcash_V1_Currency.SimpleServiceProtocol {
    /// The mints this server settles (launchpad currencies come with their reserve proofs).
    public static let mints: [Mint] = [.usdf]

    let rates: any RateSource
    let signer: ExchangeRateSigner
    let now: @Sendable () -> Date

    public func getMints(request: Flipcash_V1_GetMintsRequest, context: ServerContext) async throws -> Flipcash_V1_GetMintsResponse {
        .with {
            $0.mints = Self.mints.map { mint in
                .with {
                    $0.mint.address = mint.address
                    $0.symbol = mint.isUSDF ? "USDF" : mint.address
                    $0.name = mint.isUSDF ? "USD Flipcash" : mint.address
                    $0.decimals = UInt32(mint.decimals)
                }
            }
        }
    }

    public func getExchangeRates(request: Flipcash_V1_GetExchangeRatesRequest, context: ServerContext) async throws
        -> Flipcash_V1_GetExchangeRatesResponse
    {
        let wanted = try Self.currencies(request.currencies)
        do {
            return try signedRates(try await rates.latestRates(), wanted: wanted)
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
        var sentRates: [CurrencyCode: Decimal]?
        var sentAt = ContinuousClock.now
        var lastWrite = ContinuousClock.now
        // Ends when the client goes away (gRPC marks the call cancelled), or a write throws.
        while !context.cancellation.isCancelled {
            let snapshot = try? await rates.latestRates()
            let values = snapshot.map { $0.rates.filter { wanted.isEmpty || wanted.contains($0.key) }.mapValues(\.fx) }
            // A batch when the rates change, and a fresh proof every minute even if they do not,
            // so a client never holds a proof near its 13 minutes.
            if let snapshot, values != sentRates || sentAt.duration(to: .now) >= Self.proofRefreshInterval {
                let batch = try signedRates(snapshot, wanted: wanted)
                try await response.write(.with { $0.rates = batch })
                sentRates = values
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
