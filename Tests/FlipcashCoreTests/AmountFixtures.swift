import Foundation

@testable import FlipcashCore

/// Exact values for tests, written as text so no literal goes through `Double`.
enum AmountFixtures {
    static func decimal(_ text: String) -> Decimal {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            preconditionFailure("bad decimal literal \(text)")
        }
        return value
    }

    static func rate(_ fx: String, _ currency: CurrencyCode) throws -> Rate {
        try Rate(fx: decimal(fx), currency: currency)
    }

    static func fiat(_ value: String, _ currency: CurrencyCode) -> FiatAmount {
        FiatAmount(value: decimal(value), currency: currency)
    }

    /// A launchpad mint for tests: base58 of 32 bytes that is not USDF.
    static let launchpad = Mint.launchpad(address: "JEFFYwv6UfK6bKJ6hVJ6sYtS4j4Lq3R6qNBRYVzHpump")

    /// |a − b| ≤ 1e-9·|b| (the curve tolerance of the vectors file).
    static func isClose(_ a: Decimal, _ b: Decimal, relative: Decimal = decimal("0.000000001")) -> Bool {
        let difference = a - b
        let magnitude = difference.isSignMinus ? -difference : difference
        let scale = b.isSignMinus ? -b : b
        return magnitude <= relative * scale
    }
}
