import Foundation
import Testing

@testable import FlipcashCore

@Suite("TokenAmount and Mint: on-chain quarks within one mint")
struct TokenAmountTests {
    private let jeffy = AmountFixtures.launchpad

    @Test("USDF has 6 decimals, launchpad currencies 10; the USDF address means USDF however it is spelled")
    func mintDecimals() throws {
        #expect(Mint.usdf.decimals == 6)
        #expect(jeffy.decimals == 10)
        #expect(Mint.usdf.quarksPerToken == 1_000_000)
        #expect(jeffy.quarksPerToken == 10_000_000_000)
        #expect(Mint.usdf.address == "5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ")
        let spelled = Mint.launchpad(address: Mint.usdfAddress)
        #expect(spelled == .usdf)
        #expect(spelled.decimals == 6)
        #expect(Set([spelled, .usdf]).count == 1)
        #expect(try Mint(address: Mint.usdfAddress) == .usdf)
        #expect(try Mint(address: jeffy.address) == jeffy)
    }

    @Test("a mint address must be base58 of 32 bytes")
    func mintAddressValidation() {
        #expect(throws: MintError.notBase58("0OIl")) { try Mint(address: "0OIl") }
        #expect(throws: MintError.wrongLength("hBxVhPQ8E4i2LegsKLvezqUWNt1atk4gw3hJohmLKh", byteCount: 31)) {
            try Mint(address: "hBxVhPQ8E4i2LegsKLvezqUWNt1atk4gw3hJohmLKh")
        }
        #expect(throws: MintError.wrongLength("", byteCount: 0)) { try Mint(address: "") }
        #expect(MintError.notBase58("0").errorDescription?.contains("base58") == true)
    }

    @Test("decimalValue is quarks over 10^decimals, exactly")
    func decimalValue() {
        #expect(TokenAmount(quarks: 1, mint: .usdf).decimalValue == AmountFixtures.decimal("0.000001"))
        #expect(TokenAmount(quarks: 1, mint: jeffy).decimalValue == AmountFixtures.decimal("0.0000000001"))
        #expect(TokenAmount(quarks: .max, mint: .usdf).decimalValue == AmountFixtures.decimal("18446744073709.551615"))
    }

    @Test("adding and subtracting within one mint")
    func arithmetic() throws {
        let seven = TokenAmount(quarks: 7_000_000, mint: .usdf)
        let five = TokenAmount(quarks: 5_000_000, mint: .usdf)
        #expect(try seven.subtracting(five) == TokenAmount(quarks: 2_000_000, mint: .usdf))
        #expect(try seven.adding(five).quarks == 12_000_000)
        #expect(try seven.subtracting(seven).isZero)
    }

    @Test("subtraction below zero, addition overflow and mixing mints are errors, not traps")
    func arithmeticErrors() {
        let usdf = TokenAmount(quarks: 1, mint: .usdf)
        let token = TokenAmount(quarks: 1, mint: jeffy)
        #expect(throws: AmountError.negativeResult) { try usdf.subtracting(TokenAmount(quarks: 2, mint: .usdf)) }
        #expect(throws: AmountError.overflow) { try TokenAmount(quarks: .max, mint: .usdf).adding(usdf) }
        #expect(throws: AmountError.mintMismatch(.usdf, jeffy)) { try usdf.adding(token) }
        #expect(throws: AmountError.mintMismatch(.usdf, jeffy)) { try usdf.subtracting(token) }
        #expect(throws: AmountError.mintMismatch(.usdf, jeffy)) { try usdf.compare(token) }
        #expect(throws: AmountError.mintMismatch(jeffy, .usdf)) { try token.isLess(than: usdf) }
    }

    @Test("comparison within one mint is by raw quarks")
    func comparison() throws {
        let small = TokenAmount(quarks: 10, mint: jeffy)
        let large = TokenAmount(quarks: .max, mint: jeffy)
        #expect(try small.isLess(than: large))
        #expect(try !large.isLess(than: small))
        #expect(try small.compare(small) == .orderedSame)
        #expect(try large.minimum(small) == small)
    }

    @Test("persisted as a decimal string of quarks and the mint address")
    func codable() throws {
        let amount = TokenAmount(quarks: .max, mint: jeffy)
        let json = String(decoding: try JSONEncoder().encode(amount), as: UTF8.self)
        #expect(json.contains("\"quarks\":\"18446744073709551615\""))
        #expect(json.contains("\"mint\":\"\(jeffy.address)\""))
        #expect(try JSONDecoder().decode(TokenAmount.self, from: Data(json.utf8)) == amount)
        let usdf = Data(#"{"quarks":"5","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#.utf8)
        #expect(try JSONDecoder().decode(TokenAmount.self, from: usdf) == TokenAmount(quarks: 5, mint: .usdf))
    }

    @Test(
        "decoding rejects quarks that are not plain digits within UInt64",
        arguments: [
            #"{"quarks":5,"mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#,
            #"{"quarks":"-5","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#,
            #"{"quarks":"+5","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#,
            #"{"quarks":"5.0","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#,
            #"{"quarks":"","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#,
            #"{"quarks":"18446744073709551616","mint":"5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"}"#,
            #"{"quarks":"5","mint":"not-an-address"}"#,
            #"{"quarks":"5"}"#,
        ])
    func decodingRejects(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TokenAmount.self, from: Data(json.utf8)) }
    }
}
