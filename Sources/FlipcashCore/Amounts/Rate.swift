public import Foundation

/// An exchange rate: `fx` units of `currency` per 1 USD (USDF). 1.35 CAD means one dollar buys
/// 1.35 Canadian dollars; converting USD → CAD multiplies by `fx`, CAD → USD divides by it, which
/// is why `fx` must be greater than zero.
public struct Rate: Sendable, Hashable, Codable, CustomStringConvertible {
    public let fx: Decimal
    public let currency: CurrencyCode

    /// - Throws: ``AmountError/invalidRate(_:)`` unless `fx` is a number greater than zero;
    ///   ``AmountError/fixedRate(_:currency:fixed:)`` when the currency's rate is fixed by
    ///   definition (USD: 1) and `fx` is another number. A USD→USD rate of 2 would put half the
    ///   dollars typed on chain, so it is refused here, where every rate is made.
    public init(fx: Decimal, currency: CurrencyCode) throws(AmountError) {
        guard !fx.isNaN, fx > 0 else { throw .invalidRate(fx) }
        if let fixed = Self.fixedRate(of: currency), fx != fixed {
            throw .fixedRate(fx, currency: currency, fixed: fixed)
        }
        self.init(checkedFx: fx, currency: currency)
    }

    /// The rate a currency has by definition, if any: USD, the unit every rate is quoted in
    /// (and USDF's own currency), is 1.
    public static func fixedRate(of currency: CurrencyCode) -> Decimal? {
        currency == .usd ? 1 : nil
    }

    private init(checkedFx fx: Decimal, currency: CurrencyCode) {
        self.fx = fx
        self.currency = currency
    }

    /// One US dollar per US dollar.
    public static let oneToOne = Rate(checkedFx: 1, currency: .usd)

    public var description: String { "\(fx) \(currency.code)/USD" }

    // MARK: Codable — fx as a decimal string, never a JSON number (which readers parse as Double).

    private enum CodingKeys: String, CodingKey {
        case fx, currency
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .fx)
        guard let fx = DecimalText.parse(text, allowNegative: false), fx > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .fx, in: container, debugDescription: "fx must be a decimal number greater than zero, like \"1.35\"")
        }
        let currency = try container.decode(CurrencyCode.self, forKey: .currency)
        do {
            try self.init(fx: fx, currency: currency)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .fx, in: container, debugDescription: error.localizedDescription)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fx.description, forKey: .fx)
        try container.encode(currency, forKey: .currency)
    }
}
