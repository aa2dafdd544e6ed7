import Crypto
import FlipcashAPI
import FlipcashCore
import Foundation
import SwiftProtobuf
import Testing

@testable import FlipcashCloud

/// What a launchpad amount is worth (issue 17): the quarks' sale value (no fee) at the supply of a
/// reserve state we signed, at most 15 minutes old, and a native amount within half a unit of it.
@Suite("Exchange data of launchpad currencies")
struct LaunchpadExchangeDataTests {
    typealias Base = ExchangeDataValidatorTests
    static let mint = LaunchpadCurrency.mint(launchedBy: "launch")
    static let supply: UInt64 = 50_000 * DiscreteBondingCurve.quarksPerToken

    static func reserve(
        supply: UInt64 = supply, mint: Mint = mint, at date: Date = Base.now, signer: ExchangeRateSigner = Base.signer
    ) throws -> Flipcash_V1_SignedReserveState {
        try signer.sign(
            .with {
                $0.mint.address = mint.address
                $0.supplyQuarks = supply
                $0.timestamp = Google_Protobuf_Timestamp(date: date)
            })
    }

    /// `tokens` quarks priced in euros at 0.9 per USDF, with a native amount `offset` from the exact value.
    static func data(tokens: UInt64, offset: Double = 0, reserve: Flipcash_V1_SignedReserveState? = nil) throws -> Flipcash_V1_ExchangeData {
        let value = try DiscreteBondingCurve.shared.sellTrade(tokenQuarks: tokens, feeBps: 0, supplyQuarks: supply).grossUSDFQuarks
        var data = try Base.data(quarks: tokens, native: Double(value) / 1_000_000 * 0.9 + offset, currency: "eur", fx: 0.9, mint: mint.address)
        data.reserve = try reserve ?? Self.reserve()
        return data
    }

    @Test("the value is the sale value at the signed supply, in micro-dollars; half a cent either side passes, more does not")
    func valueAndTolerance() throws {
        let tokens: UInt64 = 1_234 * DiscreteBondingCurve.quarksPerToken
        let value = try DiscreteBondingCurve.shared.sellTrade(tokenQuarks: tokens, feeBps: 0, supplyQuarks: Self.supply).grossUSDFQuarks
        let checked = try Base.check(Self.data(tokens: tokens))
        #expect(checked.usdMicros == value)
        #expect(checked.amount == TokenAmount(quarks: tokens, mint: Self.mint))
        _ = try Base.check(Self.data(tokens: tokens, offset: 0.0049))
        _ = try Base.check(Self.data(tokens: tokens, offset: -0.0049))
        for offset in [0.0051, -0.0051] {
            #expect(throws: ExchangeDataError.mismatch(field: "send_payment.exchange_data.amount.quarks")) {
                try Base.check(Self.data(tokens: tokens, offset: offset))
            }
        }
    }

    @Test("a reserve state unsigned, of another mint, too old, from the future or below the amount is refused by field")
    func badReserves() throws {
        let tokens: UInt64 = 10 * DiscreteBondingCurve.quarksPerToken
        let cases: [(Flipcash_V1_SignedReserveState, String)] = [
            (try Self.reserve(signer: ExchangeRateSigner(key: .init())), "send_payment.exchange_data.reserve.signature"),
            (try Self.reserve(mint: LaunchpadCurrency.mint(launchedBy: "other")), "send_payment.exchange_data.reserve.state.mint"),
            (try Self.reserve(at: Base.now.addingTimeInterval(-15 * 60 - 1)), "send_payment.exchange_data.reserve.state.timestamp"),
            (try Self.reserve(at: Base.now.addingTimeInterval(3_600)), "send_payment.exchange_data.reserve.state.timestamp"),
            (try Self.reserve(supply: tokens - 1), "send_payment.exchange_data.amount.quarks"),
        ]
        for (reserve, field) in cases {
            let data = try Self.data(tokens: tokens, reserve: reserve)
            do {
                _ = try Base.check(data)
                Issue.record("accepted, expected a refusal naming \(field)")
            } catch {
                #expect(error.field == field)
            }
        }
        // 15 minutes to the second still passes.
        _ = try Base.check(Self.data(tokens: tokens, reserve: Self.reserve(at: Base.now.addingTimeInterval(-15 * 60))))
        // A reserve state on USDF is refused: it has no curve.
        var usdf = try Base.data(quarks: 5_000_000, native: 5)
        usdf.reserve = try Self.reserve()
        #expect(throws: ExchangeDataError.invalid(field: "send_payment.exchange_data.reserve", reason: "must be absent for USDF")) {
            try Base.check(usdf)
        }
    }
}
