import Foundation
import TestSupport
import Testing

@testable import FlipcashCore

@Suite("Cash code payload: the 20 bytes of a bill")
struct CashCodePayloadTests {
    static let vectorNonce: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x10]

    static func decimal(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test("$5 USD cash: kind 0, currency 142, 5,000,000 little-endian, the nonce (section F)")
    func fiveDollars() throws {
        let payload = try CashCodePayload(kind: .cash, currency: .usd, amount: 5, nonce: Self.vectorNonce)
        let bytes = payload.encoded()
        #expect(bytes.count == 20)
        #expect(bytes[0] == 0)
        #expect(bytes[1] == 142)
        let amount = bytes[2...9].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(amount == 5_000_000)
        #expect(Array(bytes[10...]) == Self.vectorNonce)
        #expect(CashCodeHex.string(bytes) == "008e404b4c000000000001020304050607080910")
    }

    @Test("$1.23 USD: bytes 2–9 hold 1,230,000")
    func oneTwentyThree() throws {
        let bytes = try CashCodePayload(kind: .cash, currency: .usd, amount: Self.decimal("1.23"), nonce: Self.vectorNonce).encoded()
        #expect(Array(bytes[2...9]) == [0xB0, 0xC4, 0x12, 0, 0, 0, 0, 0])
        #expect(bytes[2...9].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } == 1_230_000)
    }

    @Test(
        "round trips exactly through bytes and through the 35-byte code",
        arguments: [
            (CashCodePayload.Kind.cash, CurrencyCode.usd, "5.00", UInt64(5_000_000)),
            (.cash, .cad, "7.50", 7_500_000),
            (.multiCurrency, .jpy, "1000", 1_000_000_000),
            (.multiCurrency, .bhd, "2.345", 2_345_000),
            (.cash, .usd, "1.23", 1_230_000),
            (.cash, .usd, "0", 0),
            (.cash, .usd, "0.000001", 1),
        ]
    )
    func roundTrip(kind: CashCodePayload.Kind, currency: CurrencyCode, amount: String, wire: UInt64) throws {
        let value = try Self.decimal(amount)
        let payload = try CashCodePayload(kind: kind, currency: currency, amount: value, nonce: Self.vectorNonce)
        #expect(payload.wireAmount == wire)
        #expect(payload.amount == value)
        let decoded = try CashCodePayload(decoding: payload.encoded())
        #expect(decoded == payload)
        #expect(decoded.kind == kind)
        #expect(decoded.currency == currency)
        #expect(decoded.amount == value)
        #expect(try CashCode.decode(CashCode.encode(payload)) == payload)
    }

    @Test("amounts round half-up to 6 wire decimals")
    func halfUp() throws {
        let cases: [(String, UInt64)] = [
            ("0.0000005", 1), ("0.00000049999", 0), ("1.2345675", 1_234_568), ("1.2345674999", 1_234_567),
            ("2.9999995", 3_000_000), ("0.0000015", 2),
        ]
        for (text, wire) in cases {
            #expect(try CashCodePayload.wireAmount(of: Self.decimal(text)) == wire, "\(text)")
        }
    }

    @Test("the 56-bit limit: 72,057,594,037.927935 fits, anything that rounds above it does not")
    func limits() throws {
        let maximum = try Self.decimal("72057594037.927935")
        let payload = try CashCodePayload(kind: .cash, currency: .usd, amount: maximum, nonce: Self.vectorNonce)
        #expect(payload.wireAmount == CashCodePayload.maximumWireAmount)
        #expect(Array(payload.encoded()[2...9]) == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0])
        #expect(try CashCodePayload(decoding: payload.encoded()) == payload)
        for text in ["72057594037.9279355", "72057594037.927936", "1e30", "1e100"] {
            let amount = try Self.decimal(text)
            #expect(throws: CashCodePayloadError.amountTooLarge(amount)) {
                try CashCodePayload(kind: .cash, currency: .usd, amount: amount, nonce: Self.vectorNonce)
            }
        }
        #expect(throws: CashCodePayloadError.self) {
            try CashCodePayload(kind: .cash, currency: .usd, wireAmount: CashCodePayload.maximumWireAmount + 1, nonce: Self.vectorNonce)
        }
    }

    @Test("negative and not-a-number amounts are errors")
    func invalidAmounts() throws {
        let negative = try Self.decimal("-0.01")
        #expect(throws: CashCodePayloadError.negativeAmount(negative)) {
            try CashCodePayload(kind: .cash, currency: .usd, amount: negative, nonce: Self.vectorNonce)
        }
        #expect(throws: CashCodePayloadError.amountNotANumber) {
            try CashCodePayload(kind: .cash, currency: .usd, amount: .nan, nonce: Self.vectorNonce)
        }
    }

    @Test("the nonce must be 10 bytes")
    func nonceLength() {
        for count in [0, 9, 11, 20] {
            #expect(throws: CashCodePayloadError.wrongNonceLength(count)) {
                try CashCodePayload(kind: .cash, currency: .usd, amount: 1, nonce: [UInt8](repeating: 7, count: count))
            }
        }
    }

    @Test("decoding rejects wrong lengths, unknown kinds and currencies, and a non-zero byte 9")
    func decodingErrors() throws {
        let good = try CashCodePayload(kind: .cash, currency: .usd, amount: 5, nonce: Self.vectorNonce).encoded()
        for count in [0, 19, 21, 35] {
            #expect(throws: CashCodePayloadError.wrongLength(count)) {
                try CashCodePayload(decoding: [UInt8](repeating: 0, count: count))
            }
        }
        for kind: UInt8 in [2, 3, 0x80, 0xFF] {
            var bytes = good
            bytes[0] = kind
            #expect(throws: CashCodePayloadError.unknownKind(kind)) { try CashCodePayload(decoding: bytes) }
        }
        for index: UInt8 in [161, 200, 255] {
            var bytes = good
            bytes[1] = index
            #expect(throws: CashCodePayloadError.unknownCurrencyIndex(index)) { try CashCodePayload(decoding: bytes) }
        }
        var bytes = good
        bytes[9] = 1
        #expect(throws: CashCodePayloadError.nonZeroReservedByte(1)) { try CashCodePayload(decoding: bytes) }
        #expect(try CashCodePayload(decoding: good[...]).encoded() == good)
    }

    @Test("every currency and kind round-trips, with the currency's wire index in byte 1")
    func everyCurrency() throws {
        for currency in CurrencyCode.allCases {
            for kind in CashCodePayload.Kind.allCases {
                let payload = try CashCodePayload(kind: kind, currency: currency, amount: 12, nonce: Self.vectorNonce)
                #expect(payload.encoded()[1] == currency.index)
                #expect(payload.encoded()[0] == kind.rawValue)
                #expect(try CashCodePayload(decoding: payload.encoded()) == payload)
            }
        }
    }

    @Test("a nonce ending in 0x00 is kept whole (the original app would trim it)")
    func trailingZeroNonce() throws {
        let nonce: [UInt8] = [9, 8, 7, 6, 5, 4, 3, 2, 0, 0]
        let payload = try CashCodePayload(kind: .multiCurrency, currency: .eur, amount: 3, nonce: nonce)
        #expect(try CashCode.decode(CashCode.encode(payload)).nonce == nonce)
    }

    @Test("fresh nonces are 10 bytes, end in a non-zero byte, and follow the injected generator")
    func randomNonces() throws {
        var generator = SplitMix64(seed: 0xCA5C0DE)
        var seen = Set<[UInt8]>()
        for _ in 0..<2_000 {
            let nonce = CashCodePayload.randomNonce(using: &generator)
            #expect(nonce.count == 10)
            #expect(nonce[9] != 0)
            seen.insert(nonce)
        }
        #expect(seen.count == 2_000)
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let a = try CashCodePayload(kind: .cash, currency: .usd, amount: 1, using: &first)
        let b = try CashCodePayload(kind: .cash, currency: .usd, amount: 1, using: &second)
        #expect(a == b)
        let system = try CashCodePayload(kind: .cash, currency: .usd, amount: 1)
        #expect(system.nonce.count == 10 && system.nonce[9] != 0)
    }

    @Test("errors explain themselves")
    func messages() {
        let errors: [CashCodePayloadError] = [
            .negativeAmount(-1), .amountNotANumber, .amountTooLarge(1e20), .wrongNonceLength(3), .wrongLength(4),
            .unknownKind(2), .unknownCurrencyIndex(200), .nonZeroReservedByte(1),
        ]
        for error in errors { #expect(error.errorDescription?.isEmpty == false) }
        #expect(CashCodePayloadError.unknownKind(2).errorDescription?.contains("not a bill") == true)
    }
}
