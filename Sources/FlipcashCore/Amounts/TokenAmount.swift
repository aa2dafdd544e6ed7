public import Foundation

/// An amount on chain: a whole number of quarks of one mint (10^-6 USDF, or 10^-10 of a launchpad
/// currency). This is what goes into a transfer, so it is never rounded after it is made.
///
/// Arithmetic and comparison are defined only within one mint and throw otherwise; there are no
/// operators, because `+`, `-` and `<` could not report a mismatch or an overflow without trapping.
/// Comparing raw quarks of one mint is exact, which is why the legacy cross-decimal comparison
/// overflow (regression 698ef3b) cannot happen with this type.
public struct TokenAmount: Sendable, Hashable, Codable, CustomStringConvertible {
    public let quarks: UInt64
    public let mint: Mint

    public init(quarks: UInt64, mint: Mint) {
        self.quarks = quarks
        self.mint = mint
    }

    /// The amount closest to `wholeTokens`, rounded half-up to the mint's decimals (fiat → quarks).
    ///
    /// - Throws: ``AmountError/negativeValue(_:)``, ``AmountError/notANumber`` or
    ///   ``AmountError/overflow`` (more than `UInt64.max` quarks).
    public init(wholeTokens: Decimal, mint: Mint) throws(AmountError) {
        self.init(quarks: try QuarkScale.quarks(from: wholeTokens, decimals: mint.decimals), mint: mint)
    }

    /// No tokens of `mint`.
    public static func zero(_ mint: Mint) -> TokenAmount { TokenAmount(quarks: 0, mint: mint) }

    /// The amount in whole tokens, exact.
    public var decimalValue: Decimal { QuarkScale.down(quarks, decimals: mint.decimals) }

    public var isZero: Bool { quarks == 0 }

    /// `self + other`.
    ///
    /// - Throws: ``AmountError/mintMismatch(_:_:)`` or ``AmountError/overflow``.
    public func adding(_ other: TokenAmount) throws(AmountError) -> TokenAmount {
        try requireSameMint(other)
        let (sum, overflow) = quarks.addingReportingOverflow(other.quarks)
        guard !overflow else { throw .overflow }
        return TokenAmount(quarks: sum, mint: mint)
    }

    /// `self − other`.
    ///
    /// - Throws: ``AmountError/mintMismatch(_:_:)``, or ``AmountError/negativeResult`` when
    ///   `other` is larger.
    public func subtracting(_ other: TokenAmount) throws(AmountError) -> TokenAmount {
        try requireSameMint(other)
        guard other.quarks <= quarks else { throw .negativeResult }
        return TokenAmount(quarks: quarks - other.quarks, mint: mint)
    }

    /// How `self` orders against `other`, by raw quarks.
    ///
    /// - Throws: ``AmountError/mintMismatch(_:_:)``: amounts of different mints have no order.
    public func compare(_ other: TokenAmount) throws(AmountError) -> ComparisonResult {
        try requireSameMint(other)
        if quarks < other.quarks { return .orderedAscending }
        if quarks > other.quarks { return .orderedDescending }
        return .orderedSame
    }

    /// `self < other` for amounts of one mint.
    public func isLess(than other: TokenAmount) throws(AmountError) -> Bool {
        try compare(other) == .orderedAscending
    }

    /// The smaller of `self` and `other` (of one mint).
    public func minimum(_ other: TokenAmount) throws(AmountError) -> TokenAmount {
        try isLess(than: other) ? self : other
    }

    public var description: String { "\(decimalValue) \(mint)" }

    private func requireSameMint(_ other: TokenAmount) throws(AmountError) {
        guard mint == other.mint else { throw .mintMismatch(mint, other.mint) }
    }

    // MARK: Codable — quarks as a decimal string, so no JSON reader can turn them into a Double.

    private enum CodingKeys: String, CodingKey {
        case quarks, mint
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .quarks)
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let quarks = UInt64(text)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .quarks, in: container,
                debugDescription: "quarks must be a whole number from 0 to \(UInt64.max) written as digits")
        }
        self.init(quarks: quarks, mint: try container.decode(Mint.self, forKey: .mint))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(quarks), forKey: .quarks)
        try container.encode(mint, forKey: .mint)
    }
}
