import Crypto
import FlipcashAPI
import FlipcashCore
import Foundation
import SwiftProtobuf
import Testing

@testable import FlipcashCloud

/// The rules for what a send is worth: our signature on the rate, its age, and quarks within half
/// a unit of the native amount, at their exact edges.
@Suite("Exchange data")
struct ExchangeDataValidatorTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let signer = ExchangeRateSigner(key: .init())
    static let validator = ExchangeDataValidator(rateKey: signer.publicKey, now: { now })

    static func data(
        quarks: UInt64, native: Double, currency: String = "usd", fx: Double = 1, at date: Date = now,
        signer: ExchangeRateSigner = signer, mint: String = Mint.usdfAddress
    ) throws -> Flipcash_V1_ExchangeData {
        var rate = Flipcash_V1_ExchangeRate()
        rate.currency = currency
        rate.nativePerUsdf = fx
        rate.timestamp = Google_Protobuf_Timestamp(date: date)
        var data = Flipcash_V1_ExchangeData()
        data.amount.mint.address = mint
        data.amount.quarks = quarks
        data.nativeAmount = native
        data.rate = try signer.sign(rate)
        return data
    }

    static func check(_ data: Flipcash_V1_ExchangeData) throws(ExchangeDataError) -> ExchangeDataValidator.Validated {
        try validator.validate(data, field: "send_payment.exchange_data")
    }

    @Test("$5.00 at 1 USD per USDF: quarks within half a cent pass, a quark more does not")
    func dollarEdges() throws {
        #expect(try Self.check(Self.data(quarks: 5_000_000, native: 5)).usdMicros == 5_000_000)
        _ = try Self.check(Self.data(quarks: 4_995_000, native: 5))
        _ = try Self.check(Self.data(quarks: 5_005_000, native: 5))
        for quarks: UInt64 in [4_994_999, 5_005_001] {
            #expect(throws: ExchangeDataError.mismatch(field: "send_payment.exchange_data.amount.quarks")) {
                try Self.check(Self.data(quarks: quarks, native: 5))
            }
        }
    }

    @Test("¥750 at 150 yen per USDF: half a yen either side, in quarks")
    func yenEdges() throws {
        _ = try Self.check(Self.data(quarks: 4_996_667, native: 750, currency: "jpy", fx: 150))
        _ = try Self.check(Self.data(quarks: 5_003_333, native: 750, currency: "jpy", fx: 150))
        for quarks: UInt64 in [4_996_666, 5_003_334] {
            #expect(throws: ExchangeDataError.self) { try Self.check(Self.data(quarks: quarks, native: 750, currency: "jpy", fx: 150)) }
        }
    }

    @Test("a rate 15 minutes old passes, a second older does not; one from the future only within the clock skew")
    func rateAge() throws {
        _ = try Self.check(Self.data(quarks: 1_000_000, native: 1, at: Self.now.addingTimeInterval(-900)))
        _ = try Self.check(Self.data(quarks: 1_000_000, native: 1, at: Self.now.addingTimeInterval(120)))
        for offset in [-901.0, 121] {
            #expect(throws: ExchangeDataError.staleRate(field: "send_payment.exchange_data.rate.rate.timestamp")) {
                try Self.check(Self.data(quarks: 1_000_000, native: 1, at: Self.now.addingTimeInterval(offset)))
            }
        }
    }

    @Test("a rate signed by another key, or changed after signing, is refused")
    func signatures() throws {
        #expect(throws: ExchangeDataError.unsignedRate(field: "send_payment.exchange_data.rate.signature")) {
            try Self.check(Self.data(quarks: 1_000_000, native: 1, signer: ExchangeRateSigner(key: .init())))
        }
        var tampered = try Self.data(quarks: 1_000_000, native: 1)
        tampered.rate.rate.nativePerUsdf = 1.01
        #expect(throws: ExchangeDataError.unsignedRate(field: "send_payment.exchange_data.rate.signature")) { try Self.check(tampered) }
        var unsigned = try Self.data(quarks: 1_000_000, native: 1)
        unsigned.rate.signature.value = Data()
        #expect(throws: ExchangeDataError.self) { try Self.check(unsigned) }
    }

    @Test("zero, negative, sub-unit and non-finite amounts, unknown currencies and launchpad mints without a reserve state are refused by field")
    func badInput() throws {
        let cases: [(Flipcash_V1_ExchangeData, String)] = [
            (try Self.data(quarks: 0, native: 1), "send_payment.exchange_data.amount.quarks"),
            (try Self.data(quarks: 1_000, native: 0.004), "send_payment.exchange_data.native_amount"),
            (try Self.data(quarks: 1_000_000, native: -1), "send_payment.exchange_data.native_amount"),
            (try Self.data(quarks: 1_000_000, native: .nan), "send_payment.exchange_data.native_amount"),
            (try Self.data(quarks: 1_000_000, native: 1, currency: "xyz"), "send_payment.exchange_data.rate.rate.currency"),
            (try Self.data(quarks: 1_000_000, native: 1, fx: 0), "send_payment.exchange_data.rate.rate.native_per_usdf"),
            (
                // A launchpad mint's amount needs the signed reserve state it was priced at.
                try Self.data(quarks: 1_000_000, native: 1, mint: "So11111111111111111111111111111111111111112"),
                "send_payment.exchange_data.reserve"
            ),
            (try Self.data(quarks: 1_000_000, native: 1, mint: "not-base58!"), "send_payment.exchange_data.amount.mint"),
        ]
        for (data, field) in cases {
            do {
                _ = try Self.check(data)
                Issue.record("accepted, expected a refusal naming \(field)")
            } catch {
                #expect(error.field == field)
            }
        }
    }
}
