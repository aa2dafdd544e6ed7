public import FlipcashCore
public import Foundation

/// Where the server's exchange rates come from: a boundary, so that a live exchange feed can be
/// plugged in later. The server signs what the source answers (``ExchangeRateSigner``) and clients
/// price their sends with it.
public protocol RateSource: Sendable {
    /// The latest rates, with the time they were observed.
    func latestRates() async throws -> RateSnapshot
}

/// Exchange rates as observed at one time: units of each currency per USD (and so per USDF).
public struct RateSnapshot: Hashable, Sendable {
    public let rates: [CurrencyCode: Rate]
    public let observedAt: Date

    public init(rates: [Rate], observedAt: Date) {
        var byCurrency = [CurrencyCode: Rate]()
        for rate in rates { byCurrency[rate.currency] = rate }
        // USD is one by definition, whatever a source lists.
        byCurrency[.usd] = .oneToOne
        self.rates = byCurrency
        self.observedAt = observedAt
    }
}

/// Rates read from a JSON file of `{"eur": 0.92, "jpy": 151.3, …}` (units per USD), the default
/// source: an operator edits the file and the next request sees it. The file holds no time, so
/// its rates are quoted as current (observed at the moment they are asked for).
///
/// Without a file, ``RatesFile/developmentRates`` stand in: round figures for a few currencies,
/// enough to price sends in development and tests.
public struct RatesFile: RateSource {
    let url: URL?
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - url: the file; `nil` for ``developmentRates``.
    ///   - now: the clock that dates the rates.
    public init(url: URL?, now: @escaping @Sendable () -> Date = Date.init) {
        self.url = url
        self.now = now
    }

    /// Round figures, not market rates: for development and tests only.
    public static let developmentRates: [CurrencyCode: Decimal] = [
        .usd: 1, .eur: 0.9, .gbp: 0.8, .cad: 1.4, .aud: 1.5, .jpy: 150, .mxn: 18, .chf: 0.9, .inr: 85,
    ]

    public func latestRates() async throws -> RateSnapshot {
        let table = try url.map(Self.read) ?? Self.developmentRates
        let rates = try table.map { code, fx throws(AmountError) in try Rate(fx: fx, currency: code) }
        return RateSnapshot(rates: rates, observedAt: now())
    }

    /// The table in the file at `url`.
    ///
    /// - Throws: ``RatesFileError`` naming the file and what is wrong with it.
    public static func read(_ url: URL) throws(RatesFileError) -> [CurrencyCode: Decimal] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path)
        }
        guard data.count <= 64 * 1024, let object = try? JSONDecoder().decode([String: Decimal].self, from: data) else {
            throw .malformed(path: url.path, reason: "is not a JSON object of currency codes to numbers")
        }
        var table = [CurrencyCode: Decimal]()
        for (key, fx) in object {
            guard let code = try? CurrencyCode(parsing: key) else {
                throw .malformed(path: url.path, reason: "names \(key), which is not an ISO 4217 currency code")
            }
            do {
                _ = try Rate(fx: fx, currency: code)
            } catch {
                throw .malformed(path: url.path, reason: "gives \(key) the rate \(fx): \(error.errorDescription ?? "not a rate")")
            }
            table[code] = fx
        }
        return table
    }
}

/// Why a rates file could not be used.
public enum RatesFileError: LocalizedError, Hashable, Sendable {
    case unreadable(path: String)
    case malformed(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path): "The rates file \(path) cannot be read."
        case .malformed(let path, let reason): "The rates file \(path) \(reason)."
        }
    }
}
