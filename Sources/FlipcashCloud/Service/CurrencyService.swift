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
        guard request.currencies.count <= CurrencyCode.allCases.count else {
            throw RPCError(code: .invalidArgument, message: "currencies names more currencies than there are.")
        }
        var wanted = Set<CurrencyCode>()
        for text in request.currencies {
            guard let code = try? CurrencyCode(parsing: text) else {
                throw RPCError(code: .invalidArgument, message: "currencies: \(text.prefix(16)) is not an ISO 4217 currency code.")
            }
            wanted.insert(code)
        }
        let snapshot: RateSnapshot
        do {
            snapshot = try await rates.latestRates()
        } catch {
            throw RPCError(code: .unavailable, message: "Exchange rates are unavailable; try again shortly.")
        }
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
