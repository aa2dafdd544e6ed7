public import Crypto
public import FlipcashAPI
public import FlipcashCore
public import Foundation
import SwiftProtobuf

/// Checks what a client says a send is worth, as the public servers do: a rate signed by our
/// rate key, at most 15 minutes old, and quarks that agree with the native amount within half of
/// the currency's smallest unit. Answers the amount and its value in micro-dollars, which the
/// daily limit counts.
///
/// One USDF is one dollar, so its quarks are micro-dollars. A launchpad currency's amount also
/// carries a reserve state signed by the same key (its supply, at most 15 minutes old, like the
/// rate): its value is what the quarks sell for at that supply with no fee, rounded down to a
/// USDF quark, and the native amount must match that value at the rate.
public struct ExchangeDataValidator: Sendable {
    /// The oldest rate a send may be priced with.
    public static let maximumRateAge: TimeInterval = 15 * 60

    let rateKey: Curve25519.Signing.PublicKey
    let now: @Sendable () -> Date
    /// Rates (their signed bytes and signature) that verified.
    let verifiedRates = KnownSet<Data>(capacity: 4_096)

    public init(rateKey: Curve25519.Signing.PublicKey, now: @escaping @Sendable () -> Date = Date.init) {
        self.rateKey = rateKey
        self.now = now
    }

    /// A send's checked amount and value.
    public struct Validated: Hashable, Sendable {
        public let amount: TokenAmount
        public let usdMicros: UInt64
    }

    /// Checks `data`, found at `field` of the request (for example `send_payment.exchange_data`).
    ///
    /// - Throws: ``ExchangeDataError`` naming the field at fault.
    public func validate(_ data: Flipcash_V1_ExchangeData, field: String) throws(ExchangeDataError) -> Validated {
        guard data.hasAmount else { throw .missing(field: field + ".amount") }
        guard let mint = try? Mint(address: data.amount.mint.address) else {
            throw .invalid(field: field + ".amount.mint", reason: "is not a mint address")
        }
        let quarks = data.amount.quarks
        guard quarks > 0 else { throw .invalid(field: field + ".amount.quarks", reason: "is zero") }
        guard data.nativeAmount.isFinite, data.nativeAmount > 0 else {
            throw .invalid(field: field + ".native_amount", reason: "is not a positive amount")
        }
        guard data.hasRate, data.rate.hasRate else { throw .missing(field: field + ".rate") }
        let rate = data.rate.rate
        guard let currency = try? CurrencyCode(parsing: rate.currency) else {
            throw .invalid(field: field + ".rate.rate.currency", reason: "is not a currency code")
        }
        guard rate.nativePerUsdf.isFinite, rate.nativePerUsdf > 0 else {
            throw .invalid(field: field + ".rate.rate.native_per_usdf", reason: "is not a positive rate")
        }
        guard let input = try? rate.signingInput(), data.rate.signature.value.count == 64 else {
            throw .unsignedRate(field: field + ".rate.signature")
        }
        // Clients send the same signed rate with many payments: each verifies once.
        let signed = input + data.rate.signature.value
        if !verifiedRates.contains(signed) {
            guard rateKey.isValidSignature(data.rate.signature.value, for: input) else { throw .unsignedRate(field: field + ".rate.signature") }
            verifiedRates.insert(signed)
        }
        guard isFresh(rate.timestamp.date) else { throw .staleRate(field: field + ".rate.rate.timestamp") }
        // Half of the smallest unit either side of the native amount, converted to quarks at the
        // signed rate; the lower bound never below half a unit, so a zero amount cannot pass.
        let fx = Decimal(rate.nativePerUsdf)
        let native = Decimal(data.nativeAmount)
        let tolerance = currency.smallestUnit / 2
        guard native >= tolerance else { throw .invalid(field: field + ".native_amount", reason: "is below half a \(currency.code) unit") }
        let usdMicros = mint.isUSDF ? quarks : try launchpadValue(data, mint: mint, field: field)
        guard !mint.isUSDF || !data.hasReserve else { throw .invalid(field: field + ".reserve", reason: "must be absent for USDF") }
        let lower = max(native - tolerance, tolerance) / fx * 1_000_000
        let upper = (native + tolerance) / fx * 1_000_000
        let value = Decimal(usdMicros)
        guard value >= lower, value <= upper else { throw .mismatch(field: field + ".amount.quarks") }
        return Validated(amount: TokenAmount(quarks: quarks, mint: mint), usdMicros: usdMicros)
    }

    /// Whether a proof stamped `date` is at most 15 minutes old, and not from further in the
    /// future than clocks may differ.
    private func isFresh(_ date: Date) -> Bool {
        let age = now().timeIntervalSince(date)
        return age <= Self.maximumRateAge && age >= -RequestAuthenticator.allowedSkew
    }

    /// What a launchpad amount sells for at its signed reserve state's supply (no fee), in USDF
    /// quarks: micro-dollars.
    private func launchpadValue(_ data: Flipcash_V1_ExchangeData, mint: Mint, field: String) throws(ExchangeDataError) -> UInt64 {
        guard data.hasReserve, data.reserve.hasState else { throw .missing(field: field + ".reserve") }
        let state = data.reserve.state
        guard state.mint.address == mint.address else { throw .invalid(field: field + ".reserve.state.mint", reason: "is not the amount's mint") }
        guard let input = try? state.signingInput(), data.reserve.signature.value.count == 64,
            rateKey.isValidSignature(data.reserve.signature.value, for: input)
        else { throw .unsignedRate(field: field + ".reserve.signature") }
        guard isFresh(state.timestamp.date) else { throw .staleRate(field: field + ".reserve.state.timestamp") }
        guard
            let sale = try? DiscreteBondingCurve.shared.sellTrade(
                tokenQuarks: data.amount.quarks, feeBps: 0, supplyQuarks: state.supplyQuarks)
        else { throw .invalid(field: field + ".amount.quarks", reason: "is more than the currency's supply in the reserve state") }
        guard sale.grossUSDFQuarks > 0 else { throw .invalid(field: field + ".amount.quarks", reason: "is worth less than one USDF quark") }
        return sale.grossUSDFQuarks
    }
}

/// Why a send's exchange data was refused; each names the request field at fault.
public enum ExchangeDataError: LocalizedError, Hashable, Sendable {
    case missing(field: String)
    case invalid(field: String, reason: String)
    /// The rate was not signed by our rate key (or was changed since).
    case unsignedRate(field: String)
    /// The rate is more than 15 minutes old (or from the future).
    case staleRate(field: String)
    /// The quarks and the native amount disagree by more than half a unit at the signed rate.
    case mismatch(field: String)

    public var field: String {
        switch self {
        case .missing(let field), .invalid(let field, _), .unsignedRate(let field), .staleRate(let field), .mismatch(let field): field
        }
    }

    public var errorDescription: String? {
        switch self {
        case .missing(let field): "\(field) is missing."
        case .invalid(let field, let reason): "\(field) \(reason)."
        case .unsignedRate(let field): "\(field) does not verify: price the send with a rate (and reserve state) from GetExchangeRates."
        case .staleRate(let field): "\(field) is more than 15 minutes old: fetch a fresh proof and price the send again."
        case .mismatch(let field): "\(field) does not match the native amount at the signed rate."
        }
    }
}
