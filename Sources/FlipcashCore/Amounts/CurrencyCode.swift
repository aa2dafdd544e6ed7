public import Foundation

/// The currencies Flipcash shows balances in. The order is the wire format: a case's position in
/// `allCases` is the one-byte currency index inside every cash code, so cases are never
/// reordered and new ones are only appended (the first 157 are alphabetical, `sle`, `ved`, `cnh`
/// and `xcg` came later). Raw values are the lower-case ISO 4217 codes the protocol carries.
public enum CurrencyCode: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case aed, afn, all, amd, ang, aoa, ars, aud, awg, azn, bam, bbd
    case bdt, bgn, bhd, bif, bmd, bnd, bob, brl, bsd, btn, bwp, byn
    case bzd, cad, cdf, chf, clp, cny, cop, crc, cup, cve, czk, djf
    case dkk, dop, dzd, egp, ern, etb, eur, fjd, fkp, fok, gbp, gel
    case ghs, gip, gmd, gnf, gtq, gyd, hkd, hnl, hrk, htg, huf, idr
    case ils, inr, iqd, irr, isk, jmd, jod, jpy, kes, kgs, khr, kid
    case kmf, kpw, krw, kwd, kyd, kzt, lak, lbp, lkr, lrd, lyd, mad
    case mdl, mga, mkd, mmk, mnt, mop, mru, mur, mvr, mwk, mxn, myr
    case mzn, nad, ngn, nio, nok, npr, nzd, omr, pab, pen, pgk, php
    case pkr, pln, pyg, qar, ron, rsd, rub, rwf, sar, sbd, scr, sdg
    case sek, sgd, shp, sll, sos, srd, ssp, stn, syp, szl, thb, tjs
    case tmt, tnd, top, `try`, ttd, tvd, twd, tzs, uah, ugx, usd, uyu
    case uzs, ves, vnd, vuv, wst, xaf, xcd, xof, xpf, yer, zar, zmw
    case zwg, sle, ved, cnh, xcg

    /// Parses `USD`, `usd`, ` Usd ` alike.
    ///
    /// - Throws: `CurrencyCodeError.notFound` for anything else.
    public init(parsing text: String) throws(CurrencyCodeError) {
        guard let code = CurrencyCode(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()) else {
            throw .notFound(text)
        }
        self = code
    }

    /// The one-byte index cash codes carry.
    public var index: UInt8 { Self.indexByCode[self] ?? 0 }

    /// The currency with wire index `index`, `nil` past the end of the list.
    public init?(index: UInt8) {
        guard Int(index) < Self.allCases.count else { return nil }
        self = Self.allCases[Int(index)]
    }

    /// The upper-case code shown to people ("USD").
    public var code: String { rawValue.uppercased() }

    /// Digits after the decimal point of the smallest unit: the payments server's table
    /// (`ocp-server` currency/decimal.go), which decides what "half a display unit" means when it
    /// validates an amount, so client and server agree.
    public var fractionDigits: Int {
        if Self.zeroDecimal.contains(self) { return 0 }
        if Self.threeDecimal.contains(self) { return 3 }
        return 2
    }

    /// The smallest displayable amount: 0.01 for USD, 1 for JPY, 0.001 for BHD.
    public var smallestUnit: Decimal { Decimal(sign: .plus, exponent: -fractionDigits, significand: 1) }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.index < rhs.index }

    private static let indexByCode: [CurrencyCode: UInt8] = Dictionary(
        uniqueKeysWithValues: allCases.enumerated().map { ($0.element, UInt8($0.offset)) }
    )
    private static let zeroDecimal: Set<CurrencyCode> = [
        .afn, .all, .bif, .clp, .cop, .djf, .gnf, .iqd, .idr, .irr, .isk, .jpy, .kmf, .kpw, .krw, .lak, .lbp, .mga, .mmk, .mru, .pyg, .rsd, .rwf,
        .sll, .sos, .syp, .tzs, .ugx, .uyu, .vnd, .vuv, .xaf, .xof, .xpf, .yer,
    ]
    private static let threeDecimal: Set<CurrencyCode> = [.bhd, .jod, .kwd, .lyd, .omr, .tnd]
}

/// Why a currency code could not be read.
public enum CurrencyCodeError: LocalizedError, Equatable, Sendable {
    case notFound(String)

    public var errorDescription: String? {
        switch self {
        case .notFound(let text): "\"\(text)\" is not a currency Flipcash supports (use an ISO 4217 code such as USD)."
        }
    }
}
